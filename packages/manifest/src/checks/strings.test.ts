import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hash, StringSet } from './strings.js';

describe('StringSet', () => {
  it('keeps what a Set keeps, in the order first added, and answers has() as a Set does, whatever the shared prefix it is told', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', '.', 'é', '\u{1F600}'), maxLength: 12 }), {
          maxLength: 300,
        }),
        fc.array(fc.string({ maxLength: 6 }), { maxLength: 20 }),
        fc.nat(14),
        (list, probes, shared) => {
          const set = new Set<string>();
          const strings = new StringSet(list, shared);
          list.forEach((s, i) => {
            const size = set.size;
            set.add(s);
            expect(strings.addAt(i)).toBe(set.size > size);
          });
          expect(strings.items).toEqual([...set]);
          expect(strings.items === list).toBe(set.size === list.length);
          expect(strings.size).toBe(set.size);
          for (const s of [...probes, ...list]) expect(strings.has(s)).toBe(set.has(s));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('stays right when a crafted list makes every string hash alike (it hands them to a Set)', () => {
    // One length and one tail: the cheap hash is the same for all of them.
    const distinct = Array.from({ length: 20_000 }, (_, i) => `${String(i).padStart(6, '0')}.shared-tail`);
    const list = [...distinct, ...distinct];
    const strings = new StringSet(list);
    for (let i = 0; i < distinct.length; i++) expect(strings.addAt(i)).toBe(true);
    for (let i = distinct.length; i < list.length; i++) expect(strings.addAt(i)).toBe(false);
    expect(strings.items).toEqual(distinct);
    expect(strings.has('000123.shared-tail')).toBe(true);
    expect(strings.has('999999.shared-tail')).toBe(false);
  });

  it('hands itself to a Set when strings are made to fill one stretch of slots, their hashes all different', () => {
    // 4,000 ids whose hashes differ but index the first 64 of the 8,192 slots: each probe would
    // pass every one placed before it (quadratic), were long probes not handed to a Set.
    const list: string[] = [];
    const seen = new Set<number>();
    for (let c = 0; list.length < 4_000; c++) {
      const s = `acme.weather-widget.r${c.toString(36)}`;
      const h = hash(s, 0);
      if ((h & 8191) < 64 && !seen.has(h)) (seen.add(h), list.push(s));
    }
    const strings = new StringSet(list);
    for (let i = 0; i < list.length; i++) expect(strings.addAt(i)).toBe(true);
    expect(Reflect.get(strings, 'fallback')).toBeInstanceOf(Set);
    expect(strings.items).toEqual(list);
    expect(strings.has(list[1_234]!)).toBe(true);
    expect(strings.has('acme.weather-widget.none')).toBe(false);
  });

  it('answers has() through a Set when a stretch of full slots lies on its probe', () => {
    // Hashes that follow one another: each add finds its own slot at once, but a probe that starts
    // at the stretch's first slot would pass them all.
    const list: string[] = [];
    const want = new Map<number, string>();
    for (let c = 0; want.size < 200; c++) {
      const s = `p${c.toString(36)}`;
      const slot = hash(s, 0) & 511;
      if (slot >= 100 && slot < 300 && !want.has(slot)) want.set(slot, s);
    }
    for (let slot = 100; slot < 300; slot++) list.push(want.get(slot)!);
    const strings = new StringSet(list);
    list.forEach((_, i) => expect(strings.addAt(i)).toBe(true));
    expect(Reflect.get(strings, 'fallback')).toBeUndefined();
    let probe = 'x';
    for (let c = 0; (hash(probe, 0) & 511) !== 100 || list.includes(probe); c++) probe = `q${c.toString(36)}`;
    expect(strings.has(probe)).toBe(false);
    expect(Reflect.get(strings, 'fallback')).toBeInstanceOf(Set);
    expect(list.every((s) => strings.has(s))).toBe(true);
  });
});

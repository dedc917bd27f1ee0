import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StringSet } from './strings.js';

describe('StringSet', () => {
  it('keeps what a Set keeps, in the order first added, and answers has() as a Set does, whatever the shared prefix it is told', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', 'b', '.', 'é', '\u{1F600}'), maxLength: 12 }), { maxLength: 300 }), fc.array(fc.string({ maxLength: 6 }), { maxLength: 20 }), fc.nat(14), (list, probes, shared) => {
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
      }),
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
});

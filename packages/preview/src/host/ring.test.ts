import { describe, expect, it } from 'vitest';
import { Ring } from './ring.js';

describe('Ring', () => {
  it('keeps the newest entries and counts the ones it let go', () => {
    const ring = new Ring<number>(3);
    for (let i = 1; i <= 5; i++) ring.push(i);
    expect(ring.size).toBe(3);
    expect(ring.evicted).toBe(2);
    expect(ring.newest(10)).toEqual([5, 4, 3]);
    expect(ring.last()).toBe(5);
  });

  it('filters and limits from the newest', () => {
    const ring = new Ring<number>(5000);
    for (let i = 0; i < 12_000; i++) ring.push(i);
    expect(ring.size).toBe(5000);
    expect(ring.newest(3, (n) => n % 2 === 0)).toEqual([11_998, 11_996, 11_994]);
    expect(ring.count((n) => n % 2 === 0)).toBe(2500);
    expect(ring.find((n) => n < 7001)).toBe(7000);
    expect(ring.find((n) => n < 7001, 100)).toBeUndefined();
    expect(ring.find((n) => n % 50 === 0, 100)).toBe(11_950);
  });

  it('folds an entry into the newest when merge says so, and counts it', () => {
    const ring = new Ring<{ name: string; count: number }>(10);
    const add = (name: string) => ring.push({ name, count: 1 }, (last) => last.name === name && ++last.count > 0);
    ['a', 'a', 'a', 'b', 'a'].forEach(add);
    expect(ring.newest(10)).toEqual([
      { name: 'a', count: 1 },
      { name: 'b', count: 1 },
      { name: 'a', count: 3 },
    ]);
    expect(ring.coalesced).toBe(2);
  });

  it('clears to empty', () => {
    const ring = new Ring<string>(2);
    ring.push('a');
    ring.push('b');
    ring.push('c');
    ring.clear();
    expect([ring.size, ring.evicted, ring.last(), ring.newest(5)]).toEqual([0, 0, undefined, []]);
  });
});

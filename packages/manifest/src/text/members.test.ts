import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { growth } from '../diff/__fixtures__/linear.js';
import { matchAny, matchDistinct } from './members.js';

/** The member JSON.parse keeps for each key asked for: the last written with it. */
const reference = (keys: string[], asked: string[]) => asked.map((k) => keys.lastIndexOf(k));

describe('matching the keys asked for to an object’s members', () => {
  // Asks as the validator makes them (the members' order, some left out) and as no one does:
  // shuffled, repeated, missing, with runs of members passed over longer than the walk waits.
  const asks = (keys: string[]) =>
    fc
      .tuple(
        fc.array(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 3 })), { maxLength: 80 }),
        fc.subarray(keys),
        fc.nat(),
        fc.constantFrom('in order', 'shuffled', 'mixed'),
      )
      .map(([stray, kept, seed, order]) => {
        if (order === 'in order') return kept;
        const all = order === 'shuffled' ? [...kept, ...stray] : [...stray.slice(0, 3), ...kept, ...stray.slice(3)];
        if (order === 'shuffled')
          for (let i = all.length - 1, s = seed; i > 0; i--, s = (s * 1103515245 + 12345) >>> 0) {
            const j = s % (i + 1);
            [all[i], all[j]] = [all[j]!, all[i]!];
          }
        return all;
      });

  it('finds each asked key among distinct members, in any order, repeated or missing', () => {
    const members = fc.uniqueArray(fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom('a', 'b', 'c')), {
      maxLength: 200,
    });
    fc.assert(
      fc.property(
        members.chain((keys) => fc.tuple(fc.constant(keys), asks(keys.length > 0 ? keys : ['a']))),
        ([keys, asked]) => {
          expect([...matchDistinct(keys, asked)]).toEqual(reference(keys, asked));
          expect([...matchAny(keys, asked)]).toEqual(reference(keys, asked));
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('finds the last of repeated members for any asks', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom('a', 'b', 'c', 'd', '', 'x'), { maxLength: 60 })
          .chain((keys) => fc.tuple(fc.constant(keys), asks([...keys, 'a']))),
        ([keys, asked]) => {
          expect([...matchAny(keys, asked)]).toEqual(reference(keys, asked));
        },
      ),
      { numRuns: 500 },
    );
  });

  // The members passed over and the asks set aside wait in maps: an order the one pass does not
  // expect costs those maps, never a search per ask.
  it('takes time linear in the members and asks, whatever their order', () => {
    const make = (n: number) => {
      const keys = Array.from({ length: n }, (_, i) => `k${i}`);
      return {
        keys,
        orders: [
          [...keys].reverse(),
          keys.filter((_, i) => i % 17 !== 0).concat(keys.filter((_, i) => i % 17 === 0)),
          keys.map((_, i) => (i % 20 === 0 ? `missing${i}` : keys[i]!)),
          keys.map((_, i) => keys[(i * 7919) % n]!),
        ],
      };
    };
    const sizes = new Map([20_000, 160_000].map((n) => [n, make(n)]));
    for (let o = 0; o < 4; o++) {
      const run = (n: number) => void matchDistinct(sizes.get(n)!.keys, sizes.get(n)!.orders[o]!);
      run(20_000); // compiled before it is timed
      expect(growth(run, 20_000), `order ${o}`).toBeLessThan(24);
    }
  }, 60_000);
});

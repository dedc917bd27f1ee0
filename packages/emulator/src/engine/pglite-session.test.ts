// The PGlite session under concurrent use: every statement gets its own rows, and no first use
// or failure leaves the session without a statement.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from './engine.js';
import { openPglite } from './pglite.js';

let engine: Engine;
beforeAll(async () => {
  engine = await openPglite(undefined);
  await engine.exec('create table t (k text primary key, n int not null)');
  await engine.query("insert into t values ('a', 1), ('b', 2), ('c', 3)");
}, 120_000);
afterAll(() => engine?.close());

describe('PGlite session', () => {
  it("gives each of a transaction's concurrent statements its own rows, first uses included", async () => {
    const rows = await engine.transaction((tx) =>
      Promise.all(['a', 'b', 'c', 'a'].map((k) => tx.query<{ n: number }>('select n from t where k = $1', [k]))),
    );
    expect(rows.map((r) => r.map((x) => x.n))).toEqual([[1], [2], [3], [1]]);
  });

  it('answers a statement again after its first use failed inside a transaction', async () => {
    const insert = 'insert into t (k, n) values ($1, $2)';
    const failed = await engine
      .transaction((tx) => Promise.all([tx.query(insert, ['a', 9]), tx.query('select count(*) as c from t')]))
      .then(
        () => null,
        (e: unknown) => (e as { code?: string }).code,
      );
    expect(failed).toBe('23505');
    await engine.transaction((tx) => tx.query(insert, ['d', 4]));
    expect(await engine.query('select n from t where k = $1', ['d'])).toEqual([{ n: 4 }]);
    expect(await engine.query('select count(*)::int as c from t')).toEqual([{ c: 4 }]);
  });
});

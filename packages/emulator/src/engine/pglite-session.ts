// Statements on PGlite in one protocol round trip each. PGlite's own `query` makes six calls into
// the WebAssembly module per statement (parse, describe, bind, describe, execute, sync) and plans
// the text every time; here each statement is one batch of messages, and each text is parsed and
// planned once per session as a named prepared statement, as `pg` does on PostgreSQL.
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { Sql } from './engine.js';

type Pglite = typeof import('@electric-sql/pglite');

/** A parameter as PostgreSQL's text format reads it (types are inferred from the statement). */
function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  return JSON.stringify(value);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export interface Session {
  /** A statement outside any transaction (autocommitted), in turn with transactions. */
  sql: Sql;
  /** `fn`'s statements in one transaction; other statements wait until it ends. */
  transaction: <T>(fn: (tx: Sql) => Promise<T>) => Promise<T>;
}

export function pgliteSession(db: PGlite, lib: Pglite): Session {
  const { serialize } = lib.protocol;
  const prepared = new Set<string>();

  async function run<T>(statement: string, params: unknown[], inTransaction: boolean): Promise<T[]> {
    const name = `x${createHash('sha1').update(statement).digest('base64url').slice(0, 20)}`;
    const known = prepared.has(name);
    const message = concat([
      ...(known ? [] : [serialize.parse({ name, text: statement })]),
      serialize.bind({ statement: name, values: params.map(text) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    try {
      const { messages } = await db.execProtocol(message, { syncToFs: !inTransaction });
      prepared.add(name);
      return lib.parse.parseResults(messages, db.parsers)[0]!.rows as T[];
    } catch (error) {
      if (known) {
        // Held as prepared but unknown to the server: prepare it anew next time.
        if ((error as { code?: unknown }).code === '26000') prepared.delete(name);
        throw error;
      }
      // The parse may have succeeded before the failure: drop the statement so the next use prepares it anew.
      await db.execProtocol(concat([serialize.close({ type: 'S', name }), serialize.sync()]), {
        syncToFs: false,
        throwOnError: false,
      });
      throw error;
    }
  }

  const simple = (statement: string, inTransaction: boolean) =>
    db.execProtocol(serialize.query(statement), { syncToFs: !inTransaction });

  return {
    sql: { query: (statement, params = []) => db._runExclusiveTransaction(() => run(statement, params, false)) },
    transaction: (fn) =>
      db._runExclusiveTransaction(async () => {
        await simple('begin', true);
        let open = true;
        // One statement at a time: two batches in flight on the one session would mix their
        // results, and two first uses of a text would both parse it (the second aborting the transaction).
        let queue: Promise<unknown> = Promise.resolve();
        const tx: Sql = {
          query: <T>(statement: string, params: unknown[] = []): Promise<T[]> => {
            if (!open) throw new Error('The transaction has ended');
            const next = queue.then(() => run<T>(statement, params, true));
            queue = next.catch(() => undefined);
            return next;
          },
        };
        try {
          const result = await fn(tx);
          open = false;
          await simple('commit', false);
          return result;
        } catch (error) {
          open = false;
          await simple('rollback', false);
          throw error;
        }
      }),
  };
}

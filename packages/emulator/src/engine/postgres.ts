// The shared engine: a PostgreSQL server through `pg`, so several emulator
// processes serve one state (one rate-limit counter, one idempotency table).
import { createHash } from 'node:crypto';
import type { Engine, Sql } from './engine.js';
import { loadEngine } from './missing.js';

/**
 * A Sql whose statements are prepared once per connection (pg names them): the emulator's texts
 * are a fixed set written in its code, so each is parsed and planned once, not per request.
 */
const prepared = (q: {
  query: (config: { name: string; text: string; values: unknown[] }) => Promise<{ rows: unknown[] }>;
}): Sql => ({
  async query<T>(text: string, params: unknown[] = []): Promise<T[]> {
    const name = `x${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    return (await q.query({ name, text, values: params })).rows as T[];
  },
});

/** The pg driver, or EngineMissingError when the project has not installed it. */
export const loadPg = (): Promise<typeof import('pg')> => loadEngine('postgres', () => import('pg'));

/** Connects a pool to `url` (`postgres://user@host:port/db`). */
export async function openPostgres(url: string): Promise<Engine> {
  const { default: pg } = await loadPg();
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  // Fail now, with the server's reason, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    ...prepared(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(prepared(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (script) => {
      await pool.query(script);
    },
    close: () => pool.end(),
  };
}

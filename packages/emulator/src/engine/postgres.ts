// The shared engine: a PostgreSQL server through `pg`, so several emulator
// processes serve one state (one rate-limit counter, one idempotency table).
import { adapt, type Engine } from './engine.js';

/** Connects a pool to `url` (`postgres://user@host:port/db`). */
export async function openPostgres(url: string): Promise<Engine> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  // Fail now, with the server's reason, rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    ...adapt(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(adapt(client));
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

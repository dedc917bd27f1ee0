// An emulator suite declared on both engines: embedded PGlite, and a fresh database on a
// throwaway PostgreSQL cluster (skipped, with the reason, where PostgreSQL is not installed).
import { afterAll } from 'vitest';
import { postgresUnavailable, startPostgres, type PostgresCluster } from './postgres.js';

/** Declares a suite's describe block for one engine: `options` are what startEmulator takes for it, `skip` why it cannot run here. */
export type EngineSuite = (engine: string, options: () => Promise<{ database?: string }>, skip: string | null) => void;

/** Declares `suite` on PGlite and on PostgreSQL (the database `database` on a cluster started once, stopped after the file). */
export function onBothEngines(database: string, suite: EngineSuite): void {
  let cluster: PostgresCluster | undefined;
  afterAll(() => cluster?.stop());
  suite('PGlite', () => Promise.resolve({}), null);
  suite(
    'PostgreSQL',
    async () => {
      cluster = await startPostgres();
      return { database: await cluster.createDatabase(database) };
    },
    postgresUnavailable(),
  );
}

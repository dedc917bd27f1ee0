// Brings a database up to the schema's last version. Several emulators starting together
// on one PostgreSQL database take turns on an advisory lock, so each migration runs once.
import type { Engine } from './engine.js';
import { migrations } from './schema.js';

/** An arbitrary constant naming the emulator's migration lock among the database's advisory locks. */
const migrationLock = 741100;

/** Applies the migrations this database lacks; answers the versions it applied (empty when up to date). */
export async function migrate(engine: Engine, by: string): Promise<number[]> {
  return engine.transaction(async (sql) => {
    if (engine.kind === 'postgres') await sql.query('select pg_advisory_xact_lock($1)', [migrationLock]);
    await sql.query(
      'create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now(), applied_by text not null)',
    );
    const done = new Set(
      (await sql.query<{ version: number }>('select version from schema_migrations')).map((r) => Number(r.version)),
    );
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      for (const statement of m.sql
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean))
        await sql.query(statement);
      await sql.query('insert into schema_migrations (version, name, applied_by) values ($1, $2, $3)', [
        m.version,
        m.name,
        by,
      ]);
      applied.push(m.version);
    }
    return applied;
  });
}

// Writing the state to a folder: read in one transaction, written to a temporary folder beside
// the target with metadata.json last, then swapped in, so a half export is never taken for a whole one.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { Engine } from '../engine/engine.js';
import { formatKind, formatVersion, metadataFile, stateTables, StateError, type Metadata } from './format.js';

// bigint columns: pg answers them as text, PGlite as numbers; the file holds numbers.
const bigints = new Set(['created', 'updated', 'sort_at', 'value', 'start', 'at', 'count', 'status']);

const inside = (child: string, parent: string): boolean => {
  const r = relative(parent, child);
  return r === '' || (!r.startsWith('..') && !r.startsWith(sep) && !/^[a-zA-Z]:/.test(r));
};

/**
 * Refuses a target that would destroy what it should not: the working folder or one of its
 * parents, the emulator's own data folder (or a folder in or around it), or a folder holding
 * files that are not an export. Answers the resolved target.
 */
export function checkTarget(dir: string, guard: { cwd: string[]; data?: string }): string {
  const target = resolve(dir);
  for (const cwd of guard.cwd)
    if (inside(resolve(cwd), target))
      throw new StateError(
        'state.export_target_unsafe',
        `refusing to export onto ${target}: it is the working folder or one of its parents, and an export replaces the folder it is given. Name a new folder, e.g. ./emulator-export`,
      );
  if (guard.data && (inside(target, guard.data) || inside(guard.data, target)))
    throw new StateError(
      'state.export_target_unsafe',
      `refusing to export onto ${target}: it holds the emulator's own data folder (${guard.data}). Name a folder outside it`,
    );
  if (existsSync(target)) {
    if (!statSync(target).isDirectory())
      throw new StateError(
        'state.export_target_unsafe',
        `refusing to export onto ${target}: it is a file, not a folder`,
      );
    const held = readdirSync(target);
    if (held.length > 0 && !held.includes(metadataFile))
      throw new StateError(
        'state.export_target_unsafe',
        `refusing to export onto ${target}: it holds files and is not an earlier export (no ${metadataFile}). Name an empty or new folder`,
      );
  }
  return target;
}

const normalize = (table: string, row: Record<string, unknown>): Record<string, unknown> => {
  if (table === 'meta') return row;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row))
    out[k] = bigints.has(k) && typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
  return out;
};

/** Reads every table as one consistent snapshot. */
export async function readState(engine: Engine): Promise<Record<string, Record<string, unknown>[]>> {
  return engine.transaction(async (sql) => {
    if (engine.kind === 'postgres') await sql.query('set transaction isolation level repeatable read, read only');
    const out: Record<string, Record<string, unknown>[]> = {};
    for (const t of stateTables)
      out[t.name] = (await sql.query<Record<string, unknown>>(`select * from ${t.name} order by ${t.orderBy}`)).map(
        (r) => normalize(t.name, r),
      );
    return out;
  });
}

/** Writes the state into `target` (checked by checkTarget): a temporary folder beside it, metadata.json last, then swapped in. */
export async function exportState(
  engine: Engine,
  target: string,
  extra: { schemaVersion: number; process: Metadata['process'] },
  now: number,
): Promise<Metadata> {
  const tables = await readState(engine);
  mkdirSync(dirname(target), { recursive: true });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const temp = join(dirname(target), `.${basename(target)}.export-${tag}`);
  mkdirSync(temp);
  try {
    const metadata: Metadata = {
      formatVersion,
      kind: formatKind,
      exportedAt: new Date(now).toISOString(),
      engine: engine.kind,
      schemaVersion: extra.schemaVersion,
      tables: {},
      process: extra.process,
    };
    for (const t of stateTables) {
      const rows = tables[t.name] ?? [];
      const text = rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length ? '\n' : '');
      const file = `${t.name}.jsonl`;
      writeFileSync(join(temp, file), text);
      metadata.tables[t.name] = { file, rows: rows.length, sha256: createHash('sha256').update(text).digest('hex') };
    }
    writeFileSync(join(temp, metadataFile), `${JSON.stringify(metadata, null, 2)}\n`);
    if (existsSync(target)) {
      const old = join(dirname(target), `.${basename(target)}.old-${tag}`);
      renameSync(target, old);
      renameSync(temp, target);
      rmSync(old, { recursive: true, force: true });
    } else renameSync(temp, target);
    return metadata;
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}

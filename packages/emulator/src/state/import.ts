// Reading an export and loading it into a store (either engine): the format version checked
// first (a newer one is refused), every file checked against metadata.json, then one transaction.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Engine } from '../engine/engine.js';
import {
  formatKind,
  formatVersion,
  metadataFile,
  stateTables,
  StateError,
  type Snapshot,
  type Metadata,
} from './format.js';

/** Reads and checks an export folder; nothing is written. */
export function readSnapshot(dir: string): Snapshot {
  const root = resolve(dir);
  const metaPath = join(root, metadataFile);
  if (!existsSync(metaPath))
    throw new StateError(
      'state.not_an_export',
      `${root} is not an emulator export: it has no ${metadataFile} (an export still being written has none either). Export one with extkit emulate --export <dir> or extkit emulate export <dir>`,
    );
  let metadata: Metadata;
  try {
    metadata = JSON.parse(readFileSync(metaPath, 'utf8')) as Metadata;
  } catch (error) {
    throw new StateError('state.not_an_export', `${metaPath} is not JSON: ${(error as Error).message}`);
  }
  if (metadata?.kind !== formatKind || !Number.isInteger(metadata.formatVersion) || typeof metadata.tables !== 'object')
    throw new StateError(
      'state.not_an_export',
      `${metaPath} does not describe an emulator export (kind ${formatKind})`,
    );
  if (metadata.formatVersion > formatVersion)
    throw new StateError(
      'state.newer_format',
      `${root} was exported in format ${metadata.formatVersion} by a newer extkit; this one reads formats up to ${formatVersion}. Upgrade @extkit/cli (and @extkit/emulator) to import it; nothing was imported`,
    );
  const tables: Snapshot['tables'] = {};
  for (const t of stateTables) {
    const entry = metadata.tables[t.name];
    if (!entry) {
      tables[t.name] = [];
      continue;
    }
    const path = join(root, entry.file);
    const text = existsSync(path) ? readFileSync(path, 'utf8') : null;
    if (text === null || createHash('sha256').update(text).digest('hex') !== entry.sha256)
      throw new StateError(
        'state.corrupt',
        `${path} is ${text === null ? 'missing' : 'not the file that was exported (its sha256 differs from metadata.json)'}; nothing was imported`,
      );
    const rows = text.split('\n').filter((l) => l !== '');
    if (rows.length !== entry.rows)
      throw new StateError('state.corrupt', `${path} holds ${rows.length} rows, metadata.json says ${entry.rows}`);
    tables[t.name] = rows.map((l) => JSON.parse(l) as Record<string, unknown>);
  }
  return { metadata, tables };
}

const chunk = 500;

/** Replaces the store's state with the snapshot's, in one transaction. */
export async function applySnapshot(engine: Engine, snapshot: Snapshot): Promise<void> {
  await engine.transaction(async (sql) => {
    await sql.query(
      `truncate ${[...stateTables]
        .reverse()
        .map((t) => t.name)
        .join(', ')}`,
    );
    for (const t of stateTables) {
      const rows = snapshot.tables[t.name] ?? [];
      for (let i = 0; i < rows.length; i += chunk)
        await sql.query(`insert into ${t.name} select * from jsonb_populate_recordset(null::${t.name}, $1::jsonb)`, [
          JSON.stringify(rows.slice(i, i + chunk)),
        ]);
    }
    // A key in flight belonged to a process of the exporting emulator; its request never answered here.
    await sql.query("delete from idempotency where state = 'flight'");
  });
}

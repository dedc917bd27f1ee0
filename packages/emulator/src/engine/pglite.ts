// The embedded engine: Postgres compiled to WebAssembly, in a folder or in memory.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Engine } from './engine.js';
import { loadEngine } from './missing.js';
import { pgliteSession } from './pglite-session.js';

// A fresh PGlite runs initdb, which takes seconds (tens on a busy machine); a fresh store (in
// memory or a new folder) starts instead from a copy of an empty cluster, made once and kept in
// the user's cache.
function templatePath(): string {
  // The package does not export its package.json: read it beside the resolved entry (dist/index.js).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const version = (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string })
    .version;
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cache, 'extkit', `pglite-${version}-empty.tar`);
}

function readTemplate(path: string): Blob | null {
  try {
    return new Blob([readFileSync(path)]);
  } catch {
    return null;
  }
}

/**
 * Opens PGlite on `dataDir` (created if missing), or in memory when it is undefined. A fresh
 * store, in memory or in a new folder, starts from the cached empty cluster instead of initdb.
 */
export async function openPglite(dataDir: string | undefined): Promise<Engine> {
  const lib = await loadEngine('pglite', () => import('@electric-sql/pglite'));
  const { PGlite } = lib;
  const fresh = dataDir === undefined || !existsSync(join(dataDir, 'PG_VERSION'));
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const path = templatePath();
  const template = fresh ? readTemplate(path) : null;
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(template ? { loadDataDir: template } : {}) });
  if (fresh && !template) await saveTemplate(db, path);
  const session = pgliteSession(db, lib);
  return {
    kind: 'pglite',
    ...session.sql,
    transaction: session.transaction,
    exec: async (script) => {
      await db.exec(script);
    },
    close: () => db.close(),
  };
}

/** Keeps a copy of the empty cluster; written to a temporary name and renamed, so a reader never sees half a file. */
async function saveTemplate(db: { dumpDataDir(c: 'none'): Promise<Blob | File> }, path: string): Promise<void> {
  try {
    const bytes = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
    mkdirSync(join(path, '..'), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, bytes);
    renameSync(temp, path);
  } catch {
    // The cache is an optimization: without it, the next start runs initdb again.
  }
}

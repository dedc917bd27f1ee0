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
function templatePath(variant = 'empty'): string {
  // The package does not export its package.json: read it beside the resolved entry (dist/index.js).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const version = (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string })
    .version;
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cache, 'extkit', `pglite-${version}-${variant}.tar`);
}

function readTemplate(path: string): Blob | null {
  try {
    return new Blob([readFileSync(path)]);
  } catch {
    return null;
  }
}

export interface PgliteEngine extends Engine {
  /** The cached cluster a fresh store started from: the `variant` asked for, `empty`, or null (initdb, or a store that was not fresh). */
  readonly template: string | null;
  /** Keeps this store's cluster as the cached `variant` (call it before anything but the start has written). */
  saveTemplate(variant: string): Promise<void>;
}

/**
 * Opens PGlite on `dataDir` (created if missing), or in memory when it is undefined. A fresh
 * store, in memory or in a new folder, starts from a cached cluster instead of initdb: the
 * `variant` (a migrated, seeded store kept by an earlier start) when there is one, else the empty one.
 */
export async function openPglite(dataDir: string | undefined, variant?: string): Promise<PgliteEngine> {
  const lib = await loadEngine('pglite', () => import('@electric-sql/pglite'));
  const { PGlite } = lib;
  const fresh = dataDir === undefined || !existsSync(join(dataDir, 'PG_VERSION'));
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  let template: string | null = null;
  let bytes: Blob | null = null;
  if (fresh && variant) bytes = readTemplate(templatePath(variant));
  if (bytes) template = variant!;
  else if (fresh) {
    bytes = readTemplate(templatePath());
    if (bytes) template = 'empty';
  }
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(bytes ? { loadDataDir: bytes } : {}) });
  if (fresh && !bytes) await saveTemplate(db, templatePath());
  const session = pgliteSession(db, lib);
  return {
    kind: 'pglite',
    template,
    saveTemplate: (name) => saveTemplate(db, templatePath(name)),
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

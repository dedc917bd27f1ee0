// The embedded engine: Postgres compiled to WebAssembly, in a folder or in memory.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { clusterFs, readCluster, writeCluster, writeClusterTo, type Cluster } from './cluster.js';
import type { Engine } from './engine.js';
import { loadEngine } from './missing.js';
import { pgliteSession } from './pglite-session.js';

// A fresh PGlite runs initdb, which takes seconds (tens on a busy machine); a fresh store (in
// memory or a new folder) starts instead from a copy of an empty cluster, made once and kept in
// the user's cache (cluster.ts). `c2`: checkpointed, without the template databases.
function templatePath(variant = 'empty'): string {
  // The package does not export its package.json: read it beside the resolved entry (dist/index.js).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const version = (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string })
    .version;
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cache, 'extkit', `pglite-${version}-${variant}.c2`);
}

/**
 * A store in memory starts with a smaller buffer pool: Postgres zeroes its shared memory at start,
 * about 110 ms for the default 128 MB, and a page missed in memory is a copy from the in-memory
 * files. A folder keeps the default: a miss there is a read from disk (listing 100,000 records
 * took about 1.3x as long with 16 MB).
 */
const startParams = (defaults: string[], inMemory: boolean): string[] =>
  inMemory ? [...defaults, '-c', 'shared_buffers=16MB'] : defaults;

export interface PgliteEngine extends Engine {
  /** The cached cluster a fresh store started from: the `variant` asked for, `empty`, or null (initdb, or a store that was not fresh). */
  readonly template: string | null;
  /** Keeps this store's cluster as the cached `variant` (call it before anything but the start has written). */
  saveTemplate(variant: string): Promise<void>;
}

/** PGlite's package, or EngineMissingError when the project has not installed it. */
export const loadPglite = (): Promise<typeof import('@electric-sql/pglite')> =>
  loadEngine('pglite', () => import('@electric-sql/pglite'));

/**
 * Opens PGlite on `dataDir` (created if missing), or in memory when it is undefined. A fresh
 * store, in memory or in a new folder, starts from a cached cluster instead of initdb: the
 * `variant` (a migrated, seeded store kept by an earlier start) when there is one, else the empty one.
 */
export async function openPglite(dataDir: string | undefined, variant?: string): Promise<PgliteEngine> {
  const lib = await loadPglite();
  const { PGlite } = lib;
  const fresh = dataDir === undefined || !existsSync(join(dataDir, 'PG_VERSION'));
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  let template: string | null = null;
  let cluster: Cluster | null = null;
  if (fresh && variant) cluster = readCluster(templatePath(variant));
  if (cluster) template = variant!;
  else if (fresh) {
    cluster = readCluster(templatePath());
    if (cluster) template = 'empty';
  }
  if (dataDir && cluster) writeClusterTo(dataDir, cluster);
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : cluster ? { fs: clusterFs(lib.MemoryFS, cluster) } : {}),
    startParams: startParams(PGlite.defaultStartParams, dataDir === undefined),
  });
  if (fresh && !cluster) await saveTemplate(db, templatePath());
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

/**
 * Keeps a copy of the store's cluster for the next fresh start. The template databases go first
 * (the emulator never creates a database, and each is some 300 files to load at every start), and
 * a checkpoint, so the next start has no WAL to replay.
 */
async function saveTemplate(
  db: { exec(sql: string): Promise<unknown>; Module: { FS: unknown } },
  path: string,
): Promise<void> {
  try {
    await db.exec("update pg_database set datistemplate = false where datname in ('template0', 'template1')");
    // DROP DATABASE runs alone, outside a transaction block: one statement each.
    await db.exec('drop database if exists template0');
    await db.exec('drop database if exists template1');
    await db.exec('checkpoint');
    writeCluster(db.Module.FS as Parameters<typeof writeCluster>[0], path);
  } catch {
    // The cache is an optimization: without it, the next start runs initdb again.
  }
}

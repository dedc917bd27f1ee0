// A PGlite cluster kept in the user's cache, and a fresh store started from it. The file is the
// cluster's folders and files in one read: a line naming the format, the index as JSON on the next
// line, then every file's bytes in index order. A store in memory takes each file as a view of that
// one buffer (no tarball to unpack, no copy); a new folder gets them written before PGlite opens it.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { MemoryFS } from '@electric-sql/pglite';

/** The line a cluster file starts with; a file of another format is not a cluster (the store starts without it). */
const MAGIC = 'extkit-pglite-cluster 1\n';
/** Where PGlite keeps its data folder inside the module's file system. */
const PGDATA = '/pglite/data';

export interface Cluster {
  dirs: string[];
  files: { path: string; bytes: Uint8Array }[];
}

/** The little of Emscripten's FS the cluster reads and writes. */
interface EmFs {
  readdir(path: string): string[];
  stat(path: string): { mode: number };
  isDir(mode: number): boolean;
  isFile(mode: number): boolean;
  readFile(path: string): Uint8Array;
  mkdirTree(path: string): void;
  writeFile(path: string, data: Uint8Array, opts?: { canOwn?: boolean }): void;
}

/** The cluster cached at `path`, or null (none yet, unreadable, or of another format). */
export function readCluster(path: string): Cluster | null {
  let buffer: Buffer;
  try {
    buffer = readFileSync(path);
  } catch {
    return null;
  }
  const headEnd = buffer.indexOf(10, MAGIC.length);
  if (headEnd < 0 || buffer.toString('latin1', 0, MAGIC.length) !== MAGIC) return null;
  try {
    const index = JSON.parse(buffer.toString('utf8', MAGIC.length, headEnd)) as {
      dirs: string[];
      files: [string, number][];
    };
    // Every path stays inside the data folder: a file of another making is not a cluster.
    const inside = (path: unknown): boolean =>
      typeof path === 'string' && path.startsWith('/') && !path.split('/').some((part) => part === '..');
    if (!index.dirs.every(inside) || !index.files.every(([path]) => inside(path))) return null;
    let at = headEnd + 1;
    const files = index.files.map(([path, size]) => {
      const bytes = new Uint8Array(buffer.buffer, buffer.byteOffset + at, size);
      at += size;
      return { path, bytes };
    });
    return at === buffer.length ? { dirs: index.dirs, files } : null;
  } catch {
    return null;
  }
}

/** Reads the running store's data folder into `path`; written to a temporary name and renamed, so a reader never sees half a file. */
export function writeCluster(fs: EmFs, path: string): void {
  const dirs: string[] = [];
  const files: [string, Uint8Array][] = [];
  const walk = (dir: string): void => {
    for (const name of fs.readdir(`${PGDATA}${dir}`).sort()) {
      if (name === '.' || name === '..') continue;
      const rel = `${dir}/${name}`;
      const { mode } = fs.stat(`${PGDATA}${rel}`);
      if (fs.isDir(mode)) {
        dirs.push(rel);
        walk(rel);
      } else if (fs.isFile(mode)) files.push([rel, fs.readFile(`${PGDATA}${rel}`)]);
    }
  };
  walk('');
  const head = Buffer.from(`${MAGIC}${JSON.stringify({ dirs, files: files.map(([p, b]) => [p, b.length]) })}\n`);
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, Buffer.concat([head, ...files.map(([, b]) => b)]));
  renameSync(temp, path);
}

/** Writes a cluster into an empty data folder; PG_VERSION last, so a folder cut short is still taken for a fresh one. */
export function writeClusterTo(dataDir: string, cluster: Cluster): void {
  for (const dir of cluster.dirs) mkdirSync(join(dataDir, dir), { recursive: true });
  const last = cluster.files.find((f) => f.path === '/PG_VERSION');
  for (const f of cluster.files) if (f !== last) writeFileSync(join(dataDir, f.path), f.bytes);
  if (last) writeFileSync(join(dataDir, last.path), last.bytes);
}

/** A PGlite file system in memory that holds `cluster` from the start: PGlite finds a data folder and resumes it. */
export function clusterFs(base: typeof MemoryFS, cluster: Cluster): MemoryFS {
  class ClusterFs extends base {
    override async init(...args: Parameters<MemoryFS['init']>): ReturnType<MemoryFS['init']> {
      const { emscriptenOpts } = await super.init(...args);
      const load = (mod: { FS: unknown }): void => {
        const fs = mod.FS as EmFs;
        fs.mkdirTree(PGDATA);
        for (const dir of cluster.dirs) fs.mkdirTree(`${PGDATA}${dir}`);
        // canOwn: the file is a view of the buffer read, written in place until it outgrows it.
        for (const f of cluster.files) fs.writeFile(`${PGDATA}${f.path}`, f.bytes, { canOwn: true });
      };
      return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), load] } };
    }
  }
  return new ClusterFs();
}

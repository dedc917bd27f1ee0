// The cached cluster file: read back as written, and anything else (another format, cut short,
// a path that leaves the data folder) is no cluster, so the store starts without it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCluster, writeCluster, writeClusterTo } from './cluster.js';

const dir = mkdtempSync(join(tmpdir(), 'extkit-cluster-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An Emscripten-like file system holding `files` under /pglite/data. */
function fakeFs(files: Record<string, string>) {
  const root = '/pglite/data';
  const entries = (path: string): string[] => {
    const prefix = path === root ? '' : path.slice(root.length);
    const names = new Set<string>();
    for (const f of Object.keys(files))
      if (f.startsWith(`${prefix}/`)) names.add(f.slice(prefix.length + 1).split('/')[0]!);
    return [...names];
  };
  const isDir = (path: string): boolean => !(path.slice(root.length) in files);
  return {
    readdir: (path: string) => ['.', '..', ...entries(path)],
    stat: (path: string) => ({ mode: isDir(path) ? 1 : 2 }),
    isDir: (mode: number) => mode === 1,
    isFile: (mode: number) => mode === 2,
    readFile: (path: string) => new TextEncoder().encode(files[path.slice(root.length)]),
    mkdirTree: () => undefined,
    writeFile: () => undefined,
  };
}

describe('the cluster file', () => {
  it('reads back the folders and files written, and a folder gets them with PG_VERSION', () => {
    const path = join(dir, 'c.c2');
    writeCluster(fakeFs({ '/PG_VERSION': '18\n', '/base/5/1259': 'pages', '/global/pg_control': 'ctl' }), path);
    const cluster = readCluster(path)!;
    expect(cluster.dirs.sort()).toEqual(['/base', '/base/5', '/global']);
    expect(Object.fromEntries(cluster.files.map((f) => [f.path, new TextDecoder().decode(f.bytes)]))).toEqual({
      '/PG_VERSION': '18\n',
      '/base/5/1259': 'pages',
      '/global/pg_control': 'ctl',
    });
    const data = join(dir, 'data');
    writeClusterTo(data, cluster);
    expect(readFileSync(join(data, 'base/5/1259'), 'utf8')).toBe('pages');
    expect(readFileSync(join(data, 'PG_VERSION'), 'utf8')).toBe('18\n');
  });

  it('is no cluster when of another format, cut short, or naming a path outside the data folder', () => {
    const path = join(dir, 'ok.c2');
    writeCluster(fakeFs({ '/PG_VERSION': '18\n' }), path);
    const bytes = readFileSync(path);
    writeFileSync(join(dir, 'short.c2'), bytes.subarray(0, bytes.length - 1));
    writeFileSync(join(dir, 'tar.c2'), 'ustar\0\n{}');
    const head = 'extkit-pglite-cluster 1\n';
    writeFileSync(join(dir, 'escape.c2'), `${head}${JSON.stringify({ dirs: [], files: [['/../../x', 1]] })}\nx`);
    for (const name of ['short.c2', 'tar.c2', 'escape.c2', 'missing.c2'])
      expect(readCluster(join(dir, name)), name).toBeNull();
    expect(readCluster(path)).not.toBeNull();
  });
});

import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchExtension, type Watcher } from './watch.js';

const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
let dir: string;
let watcher: Watcher | undefined;
afterEach(async () => {
  await watcher?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function watchedChanges(write: () => void | Promise<void>): Promise<string[]> {
  dir = mkdtempSync(join(tmpdir(), 'extkit-watch-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src/index.ts'), 'export {};');
  writeFileSync(join(dir, 'src/manifest.d.ts'), 'export {};');
  const seen: string[] = [];
  watcher = await watchExtension(dir, (what) => {
    seen.push(what);
    // What a rebuild started now would read.
    read.push(readFileSync(join(dir, 'src/index.ts'), 'utf8'));
  });
  await write();
  await settle(400);
  return seen;
}
let read: string[] = [];

describe('watchExtension', () => {
  it('rebuilds when a source changes', async () => {
    const seen = await watchedChanges(() => writeFileSync(join(dir, 'src/index.ts'), 'export const a = 1;'));
    expect(seen).toContain('build');
  });

  it('answers one save once: the check after the burst finds the file as chokidar reported it', async () => {
    read = [];
    const seen = await watchedChanges(() => writeFileSync(join(dir, 'src/index.ts'), 'export const a = 1;'));
    expect(seen).toEqual(['build']);
    expect(read).toEqual(['export const a = 1;']);
  });

  it("answers a rewrite inside chokidar's 50 ms window, which chokidar itself drops", async () => {
    read = [];
    await watchedChanges(async () => {
      writeFileSync(join(dir, 'src/index.ts'), 'export const a = 1;');
      await settle(15);
      writeFileSync(join(dir, 'src/index.ts'), 'export const a = 22;');
    });
    expect(read.at(-1)).toBe('export const a = 22;');
  });

  it('never answers a save between its truncate and its write: no rebuild reads the file empty', async () => {
    read = [];
    const seen = await watchedChanges(async () => {
      closeSync(openSync(join(dir, 'src/index.ts'), 'w'));
      await settle(30);
      writeFileSync(join(dir, 'src/index.ts'), 'export const a = 3;');
    });
    expect(seen).toContain('build');
    expect(read).not.toContain('');
    expect(read.at(-1)).toBe('export const a = 3;');
  });

  it('still answers a file emptied on purpose, once the burst settles', async () => {
    read = [];
    const seen = await watchedChanges(() => closeSync(openSync(join(dir, 'src/index.ts'), 'w')));
    expect(seen).toEqual(['build']);
    expect(read).toEqual(['']);
  });

  it('ignores declaration files, which never reach the bundle (extkit types rewrites src/manifest.d.ts)', async () => {
    const seen = await watchedChanges(() => writeFileSync(join(dir, 'src/manifest.d.ts'), 'export type A = 1;'));
    expect(seen).toEqual([]);
  });
});

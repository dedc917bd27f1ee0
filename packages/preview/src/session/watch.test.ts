import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

async function watchedChanges(write: () => void): Promise<string[]> {
  dir = mkdtempSync(join(tmpdir(), 'extkit-watch-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src/index.ts'), 'export {};');
  writeFileSync(join(dir, 'src/manifest.d.ts'), 'export {};');
  const seen: string[] = [];
  watcher = await watchExtension(dir, (what) => seen.push(what));
  write();
  await settle(400);
  return seen;
}

describe('watchExtension', () => {
  it('rebuilds when a source changes', async () => {
    const seen = await watchedChanges(() => writeFileSync(join(dir, 'src/index.ts'), 'export const a = 1;'));
    expect(seen).toContain('build');
  });

  it('ignores declaration files, which never reach the bundle (extkit types rewrites src/manifest.d.ts)', async () => {
    const seen = await watchedChanges(() => writeFileSync(join(dir, 'src/manifest.d.ts'), 'export type A = 1;'));
    expect(seen).toEqual([]);
  });
});

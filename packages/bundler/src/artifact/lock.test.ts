import { spawn } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, STALE_LOCK_MS, withStoreLock } from './lock.js';
import { LinkRefusal } from './no-follow.js';

// The processes run this source, as the tests here do (the package's dist is bundled: no file holds lock.ts alone).
const compiled = join(mkdtempSync(join(tmpdir(), 'extkit-lock-src-')), 'lock.mjs');
const lockModule = pathToFileURL(compiled).href;
beforeAll(async () => {
  await build({
    entryPoints: [join(import.meta.dirname, 'lock.ts')],
    outfile: compiled,
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    logLevel: 'warning',
  });
});
afterAll(() => rmSync(dirname(compiled), { recursive: true, force: true }));

/** A process that takes the lock, reads a counter, waits, and writes it plus one. */
const worker = `
const { withStoreLock } = await import(${JSON.stringify(lockModule)});
const { readFileSync, writeFileSync } = await import('node:fs');
const dir = process.argv[1];
const r = await withStoreLock(dir, async () => {
  const n = Number(readFileSync(dir + '/counter', 'utf8'));
  await new Promise((res) => setTimeout(res, 20));
  writeFileSync(dir + '/counter', String(n + 1));
});
if (!('value' in r)) process.exit(3);
`;

describe('withStoreLock', () => {
  it('makes a read and a write one step across concurrent processes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'extkit-lock-'));
    writeFileSync(join(dir, 'counter'), '0');
    const codes = await Promise.all(
      Array.from(
        { length: 8 },
        () =>
          new Promise<number | null>((resolve) =>
            spawn(process.execPath, ['--input-type=module', '-e', worker, dir], { stdio: 'inherit' }).on(
              'close',
              resolve,
            ),
          ),
      ),
    );
    expect(codes).toEqual(Array(8).fill(0));
    expect(readFileSync(join(dir, 'counter'), 'utf8')).toBe('8');
  });

  it('waits for a live holder and then says who holds it and for how long', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'extkit-lock-'));
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.pid, host: hostname(), at: Date.now() - 3000, token: 'other' }),
    );
    const r = await withStoreLock(dir, async () => 1, 100);
    expect(r).toEqual({
      busy: {
        file: join(dir, LOCK_FILE),
        holder: expect.objectContaining({ pid: process.pid }),
        ageMs: expect.any(Number),
      },
    });
    if ('busy' in r) expect(r.busy.ageMs).toBeGreaterThanOrEqual(3000);
  });

  it('breaks a lock older than the stale limit even when its holder runs, and releases its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'extkit-lock-'));
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: process.pid, host: hostname(), at: Date.now() - STALE_LOCK_MS - 1, token: 'old' }),
    );
    expect(await withStoreLock(dir, async () => 'ran', 100)).toEqual({ value: 'ran' });
    expect(() => readFileSync(join(dir, LOCK_FILE))).toThrow();
  });

  it('refuses a link planted at the lock or at its break guard, writing and removing nothing through it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'extkit-lock-'));
    const victim = join(mkdtempSync(join(tmpdir(), 'extkit-victim-')), 'victim');
    writeFileSync(victim, 'mine');
    symlinkSync(victim, join(dir, LOCK_FILE));
    let ran = false;
    await expect(withStoreLock(dir, () => Promise.resolve((ran = true)), 200)).rejects.toBeInstanceOf(LinkRefusal);
    expect(lstatSync(join(dir, LOCK_FILE)).isSymbolicLink()).toBe(true);

    rmSync(join(dir, LOCK_FILE));
    // A stale lock, whose breaker's guard is a planted link.
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({ pid: 2 ** 22 + 17, host: hostname(), at: Date.now() - 2 * STALE_LOCK_MS, token: 'old' }),
    );
    symlinkSync(victim, join(dir, `${LOCK_FILE}.break`));
    await expect(withStoreLock(dir, () => Promise.resolve((ran = true)), 200)).rejects.toBeInstanceOf(LinkRefusal);
    expect(ran).toBe(false);
    expect(readFileSync(victim, 'utf8')).toBe('mine');
    expect(existsSync(join(dir, `${LOCK_FILE}.break`))).toBe(true);
  });
});

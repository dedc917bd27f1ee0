// Runs the real `extkit` binary of this checkout, as a user would.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const extkitBin = join(repoRoot, 'node_modules/.bin/extkit');

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  opts: { cwd?: string; env?: Record<string, string | undefined>; timeoutMs?: number } = {},
): CliResult {
  const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', ...opts.env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  const r = spawnSync(extkitBin, args, {
    cwd: opts.cwd ?? repoRoot,
    env,
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh temporary folder, removed by the returned cleanup. */
export function tempDir(prefix = 'extkit-test-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

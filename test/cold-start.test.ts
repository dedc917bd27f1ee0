// `extkit validate` and `--help` must start fast: they load only the manifest
// package and commander, never esbuild, chokidar, jsdom or another command's package.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from './helpers/cli.js';

const tmp = tempDir();
afterAll(tmp.cleanup);

function loadedModules(args: string[]): string[] {
  const out = join(tmp.dir, `trace-${args.join('-').replace(/\W/g, '_')}.txt`);
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      join(repoRoot, 'test/helpers/trace-register.mjs'),
      join(repoRoot, 'packages/cli/bin/extkit.js'),
      ...args,
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, EXTKIT_TRACE_OUT: out },
      encoding: 'utf8',
    },
  );
  expect(r.status, r.stderr).toBe(0);
  return readFileSync(out, 'utf8').trim().split('\n');
}

// The manifest's zod schema (schema.ts) is imported for its types only: a value import would bring zod.
const heavy = /\/(esbuild|chokidar|jsdom|playwright-core|zod)\/|\/packages\/(bundler|preview|client|runtime)\//;

describe('cold start', () => {
  it('validate loads neither esbuild, chokidar, jsdom, zod nor the other packages', () => {
    const modules = loadedModules(['validate', 'examples/weather-widget', '--json']);
    expect(modules.some((m) => m.includes('/packages/manifest/dist/'))).toBe(true); // the trace works
    expect(modules.filter((m) => heavy.test(m))).toEqual([]);
  });

  it('--help loads no command package at all', () => {
    const modules = loadedModules(['--help']);
    expect(modules.filter((m) => /\/packages\/(?!cli\/)/.test(m) || heavy.test(m))).toEqual([]);
  });
});

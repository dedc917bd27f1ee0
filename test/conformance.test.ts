// The shared manifest corpus (../shared/conformance), run through its own runner
// against the built CLI. The corpus lives beside the repository on the team's
// machines and in CI; a clone without it has nothing to run here.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './helpers/cli.js';

const corpus = join(repoRoot, '../shared/conformance');

describe.runIf(existsSync(join(corpus, 'run-manifests.mjs')))('shared conformance corpus', () => {
  it('passes every platform-rule and kit-policy manifest case', () => {
    const r = spawnSync(process.execPath, [join(corpus, 'run-manifests.mjs'), join(corpus, 'manifest-cases.json')], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 120_000,
    });
    const last = r.stdout.trim().split('\n').at(-1) ?? '';
    expect(r.stdout.split('\n').filter((l) => /^(FAIL|SOFT)/.test(l))).toEqual([]);
    expect(r.status).toBe(0);
    expect(last).toMatch(/^(\d+)\/\1 platform-rule cases pass, (\d+)\/\2 kit-policy cases pass$/);
  }, 120_000);
});

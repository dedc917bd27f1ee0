// .ci/run runs exactly the README's set-up commands on a fresh clone; this keeps
// the two from drifting apart (the script reads README.md, and must read it right).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot } from './helpers/cli.js';

it(".ci/run's commands are the README's set-up block, line for line, and they run the tests", () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Set up\n'));
  const block = /^```sh\n([\s\S]*?)^```$/m.exec(section ?? '')?.[1];
  const fromReadme = (block ?? '').split('\n').filter((l) => l.trim() !== '');
  const r = spawnSync('bash', [join(repoRoot, '.ci/run'), '--print'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout.trim().split('\n')).toEqual(fromReadme);
  expect(fromReadme.length).toBeGreaterThan(0);
  expect(fromReadme.some((l) => /(^|&& )pnpm test$/.test(l))).toBe(true);
});

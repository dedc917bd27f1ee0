// A contributor's path: `pnpm test` inside a template folder of this checkout runs that template's
// own tests. Each template carries its vitest config (which also ships to users), so vitest does not
// take the repository's from the folder above, whose reporter and setup paths mean nothing there.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exec } from './helpers/exec.js';
import { TEMPLATES, TEMPLATES_DIR } from './helpers/templates.js';

// The outer vitest's variables would tell the inner one it runs inside a worker.
const env = Object.fromEntries(
  Object.entries(process.env).filter((e): e is [string, string] => !/^VITEST|^TEST$/.test(e[0]) && e[1] !== undefined),
);

describe('pnpm test in a template folder of the checkout', () => {
  it.each(TEMPLATES)('%s: runs its own tests and passes', async (template) => {
    const r = await exec('pnpm', ['test'], {
      cwd: join(TEMPLATES_DIR, template),
      env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0', CI: '1' },
      replaceEnv: true,
      timeoutMs: 90_000,
    });
    const out = r.stdout + r.stderr;
    expect(r.status, out).toBe(0);
    expect(out).toMatch(/Test Files\s+\d+ passed/);
    expect(out).not.toMatch(/summary-reporter|global-setup/);
  });
});

describe('pnpm run test:browser in a template folder of the checkout', () => {
  it.each(TEMPLATES)('%s: runs the same tests in Chromium and passes', async (template) => {
    const r = await exec('pnpm', ['run', 'test:browser'], {
      cwd: join(TEMPLATES_DIR, template),
      env: { ...env, NO_COLOR: '1', FORCE_COLOR: '0', CI: '1' },
      replaceEnv: true,
      timeoutMs: 90_000,
    });
    const out = r.stdout + r.stderr;
    expect(r.status, out).toBe(0);
    expect(out).toMatch(/chromium/);
    expect(out).toMatch(/Test Files\s+\d+ passed/);
  });
});

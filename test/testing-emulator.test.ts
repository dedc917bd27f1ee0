// The API in a test, as a project runs it: vitest in a project folder whose config has
// one line of setup (globalSetup: ['@extkit/testing/emulator']). The emulator starts in
// Node outside jsdom; each file gets its own organization (a write in one file is not
// seen in the next); render(id, { api: emulator() }) sends the extension's calls to the
// production URL to it, while the test's own fetch (setup, assertions) goes out as in
// plain vitest; an emulator that does not answer fails the run before the first test,
// naming its URL.
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from './helpers/cli.js';
import { exec } from './helpers/exec.js';

const project = tempDir('extkit-testing-emulator-');
const dir = project.dir;
const VITEST = join(realpathSync(join(repoRoot, 'node_modules/vitest')), 'vitest.mjs');

const files: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'contacts-card',
    private: true,
    type: 'module',
    extkit: { publisher: 'acme', api: 'https://api.example.com/v1' },
  }),
  'manifest.json': JSON.stringify({
    id: 'contacts-card',
    name: 'Contacts Card',
    version: '1.0.0',
    entry: 'dist/index.js',
    hostAbi: 1,
    capabilities: { props: ['apiKey'], events: ['saved'], network: ['https://api.example.com'] },
    contributes: { site: { components: ['acme.contacts-card.card'] } },
  }),
  'vitest.config.ts': `export default { test: { environment: 'jsdom', globalSetup: ['@extkit/testing/emulator'] } };\n`,
  // The extension calls the production URL; only the test decides where it goes.
  'src/index.ts': `import { registerComponent } from '@extkit/runtime';
registerComponent('acme.contacts-card.card', (ctx) => {
  const button = document.createElement('button');
  button.textContent = 'Save';
  button.addEventListener('click', async () => {
    const res = await fetch('https://api.example.com/v1/contacts', {
      method: 'POST',
      headers: { authorization: 'Bearer ' + String(ctx.props.apiKey), 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com', name: 'Ada' }),
    });
    ctx.emit('saved', { status: res.status });
  });
  ctx.root.append(button);
});
`,
  'src/a.test.ts': `import { emulator, render } from '@extkit/testing';
import { expect, inject, it, vi } from 'vitest';
import './index';

it('records a contact through the production URL, routed to this file\\'s organization', async () => {
  const emu = emulator();
  expect(inject('extkitEmulator').baseUrl).toBe(emu.baseUrl);
  const view = render('acme.contacts-card.card', { api: emu, props: { apiKey: emu.apiKey }, strict: true });
  view.root.querySelector('button')!.click();
  await vi.waitFor(() => expect(view.events).toEqual([{ name: 'saved', detail: { status: 201 } }]));
  // The test's own fetch while the view is mounted: straight to the emulator, not held by the sandbox.
  const list = await fetch(emu.baseUrl + '/contacts', { headers: { authorization: 'Bearer ' + emu.apiKey } });
  const body = (await list.json()) as { data: Array<{ email: string }> };
  expect(body.data.map((c) => c.email)).toEqual(['ada@example.com']);
  expect(view.blocked).toEqual([]);
});
`,
  'src/b.test.ts': `import { emulator } from '@extkit/testing';
import { expect, it } from 'vitest';

it('starts from a fresh organization: the other file\\'s contact is not here', async () => {
  const emu = emulator();
  const list = await fetch(emu.baseUrl + '/contacts', { headers: { authorization: 'Bearer ' + emu.apiKey } });
  expect(((await list.json()) as { data: unknown[] }).data).toEqual([]);
});
`,
};

beforeAll(() => {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  // The kit from this checkout, its dependencies as installed beside it.
  mkdirSync(join(dir, 'node_modules/@extkit'), { recursive: true });
  for (const pkg of ['testing', 'runtime', 'emulator'])
    symlinkSync(join(repoRoot, 'packages', pkg), join(dir, 'node_modules/@extkit', pkg));
  for (const dep of ['vitest', 'jsdom'])
    symlinkSync(realpathSync(join(repoRoot, 'node_modules', dep)), join(dir, 'node_modules', dep));
});
afterAll(() => project.cleanup());

const vitest = (env: Record<string, string> = {}) =>
  exec(process.execPath, [VITEST, 'run', '--root', dir], { cwd: dir, env, timeoutMs: 120_000 });

describe("a project's tests against the emulator", () => {
  it('one line of setup: fresh organization per file, the extension routed, the test unguarded', async () => {
    const run = await vitest();
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Tests\s+2 passed/);
  }, 150_000);

  it('an emulator that does not answer fails the run before the first test, naming its URL', async () => {
    const started = Date.now();
    const run = await vitest({ EXTKIT_EMULATOR_URL: 'http://127.0.0.1:9/v1' });
    expect(run.status).not.toBe(0);
    expect(run.stdout + run.stderr).toMatch(/The extkit emulator at http:\/\/127\.0\.0\.1:9\/v1 did not answer/);
    expect(run.stdout + run.stderr).not.toMatch(/Tests\s+\d+ passed/);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);
});

// @extkit/testing's browser run (issue 33 §3): one project's test file run by vitest in jsdom and
// in Debian's Chromium (vitest's browser mode, Playwright provider, extkitBrowser()), the same
// assertions passing in both: a click handler, a form the sandbox never submits, a fetch its
// connect-src refuses, strict's failure code. A second file runs in Chromium only: the frame is
// sandboxed with allow-scripts alone and cross-origin to the test page, and it lays out for real.
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from './helpers/cli.js';
import { exec } from './helpers/exec.js';

const ws = tempDir('extkit-browser-run-');
const dir = join(ws.dir, 'browser-card');
// The outer vitest's variables would tell the inner one it runs inside a worker.
const env = Object.fromEntries(
  Object.entries(process.env).filter((e): e is [string, string] => !/^VITEST|^TEST$/.test(e[0]) && e[1] !== undefined),
);

interface JsonReport {
  testResults: Array<{
    name: string;
    assertionResults: Array<{ title: string; status: string; failureMessages: string[] }>;
  }>;
}

async function run(config: string, out: string): Promise<Map<string, string>> {
  const r = await exec(
    process.execPath,
    [
      join(repoRoot, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--config',
      config,
      '--reporter=json',
      `--outputFile=${out}`,
    ],
    { cwd: dir, env: { ...env, NO_COLOR: '1', CI: '1' }, replaceEnv: true, timeoutMs: 120_000 },
  );
  const report = JSON.parse(readFileSync(join(dir, out), 'utf8')) as JsonReport;
  const results = new Map<string, string>();
  for (const file of report.testResults)
    for (const t of file.assertionResults)
      results.set(
        `${file.name.split('/').pop()} ${t.title}`,
        t.status + (t.failureMessages.length ? `: ${t.failureMessages.join('\n')}` : ''),
      );
  expect(r.status, `${r.stdout}\n${r.stderr}\n${[...results].join('\n')}`).toBe(0);
  return results;
}

beforeAll(() => {
  cpSync(join(repoRoot, 'test/fixtures/browser-card'), dir, { recursive: true });
  // The kit from this checkout, and vitest with its Playwright provider from the repository's own install.
  mkdirSync(join(dir, 'node_modules/@extkit'), { recursive: true });
  mkdirSync(join(dir, 'node_modules/@vitest'), { recursive: true });
  for (const pkg of ['testing', 'runtime'])
    symlinkSync(join(repoRoot, 'packages', pkg), join(dir, 'node_modules/@extkit', pkg));
  mkdirSync(join(dir, 'node_modules/@testing-library'), { recursive: true });
  for (const pkg of ['vitest', 'jsdom', '@vitest/browser-playwright', 'playwright', '@testing-library/dom'])
    symlinkSync(join(repoRoot, 'node_modules', pkg), join(dir, 'node_modules', pkg));
});

afterAll(() => ws.cleanup());

const SHARED = [
  'runs a click handler, and the host gets its events',
  "works with testing-library's queries and events on the view's root",
  'never submits a form: the submit handler never runs, and the refusal is listed',
  "answers a popup, a modal and storage as Chromium's sandbox does, and lists each refusal",
  'refuses a fetch to an origin capabilities.network does not declare',
  'fails a strict test that submits a form, naming the permission the frame lacks',
];

describe('the browser run without its plugin', () => {
  it("fails render() with a TestingError (testing.no_plugin) saying what to add to vitest's config", async () => {
    const config = readFileSync(join(dir, 'vitest.browser.config.ts'), 'utf8')
      .replace('plugins: [extkitBrowser()],', '')
      .replace("include: ['src/*.test.ts'],", "include: ['src/card.test.ts'],");
    writeFileSync(join(dir, 'vitest.no-plugin.config.ts'), config);
    const r = await exec(
      process.execPath,
      [
        join(repoRoot, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        'vitest.no-plugin.config.ts',
        '-t',
        'click handler',
      ],
      { cwd: dir, env: { ...env, NO_COLOR: '1', CI: '1' }, replaceEnv: true, timeoutMs: 120_000 },
    );
    const out = r.stdout + r.stderr;
    expect(r.status, out).toBe(1);
    expect(out).toContain('TestingError');
    expect(out).toMatch(/without the plugin's JSON|did not answer/);
    expect(out).toContain("plugins: [extkitBrowser()] from '@extkit/testing/browser'");
  });
});

describe('one test file, in jsdom and in Chromium', () => {
  it('passes in jsdom (vitest run)', async () => {
    const results = await run('vitest.config.ts', 'jsdom.json');
    expect([...results.keys()].sort()).toEqual(SHARED.map((t) => `card.test.ts ${t}`).sort());
    for (const [name, status] of results) expect(status, name).toBe('passed');
  });

  it('passes in Chromium, in a real sandboxed frame (vitest run --config vitest.browser.config.ts)', async () => {
    const results = await run('vitest.browser.config.ts', 'chromium.json');
    expect([...results.keys()].sort()).toEqual(
      [
        ...SHARED.map((t) => `card.test.ts ${t}`),
        'chromium.test.ts mounts in a frame sandboxed with allow-scripts only, cross-origin to the test page',
        "chromium.test.ts lays out: the height the component measures is Chromium's, and the host sizes the frame to it",
        'chromium.test.ts copies a hostile document without running or loading anything in the test page, and plays a click in the frame',
      ].sort(),
    );
    for (const [name, status] of results) expect(status, name).toBe('passed');
  });
});

// Every template, end to end, as a user gets it: `extkit create` into a
// temporary folder, install (one pnpm install for all of them, the kit's packages
// linked from this checkout since they are not on the registry; react and
// react-dom come from the registry), then in each project: validate, build,
// type-check (a misspelled event name must fail to compile, in the code and in
// the harness's matchers), its own tests (which mount with @extkit/testing),
// and `extkit dev` loaded in Chromium where the contribution renders (the
// template as it stands in templates/ too).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.js';
import { repoRoot, runCli, tempDir } from './helpers/cli.js';
import { startDev } from './helpers/dev-cli.js';
import { exec } from './helpers/exec.js';
import { readManifestOf, RENDERS, surfaceKey, TEMPLATES, TEMPLATES_DIR } from './helpers/templates.js';

const PUBLISHER = 'globex';
const ws = tempDir('extkit-created-');
const projectOf = (template: string): string => join(ws.dir, `my-${template}`);
const bin = (template: string, name: string): string => join(projectOf(template), 'node_modules', '.bin', name);
let browser: Browser;

beforeAll(async () => {
  for (const template of TEMPLATES) {
    const r = runCli(['create', projectOf(template), '--template', template, '--publisher', PUBLISHER, '--json']);
    expect(r.status, r.stderr + r.stdout).toBe(0);
  }
  // The kit is not published: link @extkit/* to this checkout. Everything else resolves from the registry.
  const link = (pkg: string): string => `link:${join(repoRoot, 'packages', pkg)}`;
  writeFileSync(join(ws.dir, 'package.json'), '{ "name": "created-projects", "private": true }\n');
  // @extkit/testing is installed as a copy (file:), so that its peer vitest is the project's own, as from the registry.
  writeFileSync(
    join(ws.dir, 'pnpm-workspace.yaml'),
    `packages: ['*']\noverrides:\n  '@extkit/cli': '${link('cli')}'\n  '@extkit/runtime': '${link('runtime')}'\n  '@extkit/client': '${link('client')}'\n  '@extkit/manifest': '${link('manifest')}'\n  '@extkit/api': '${link('api')}'\n  '@extkit/emulator': '${link('emulator')}'\n  '@extkit/bundler': '${link('bundler')}'\n  '@extkit/preview': '${link('preview')}'\n  '@extkit/testing': 'file:${join(repoRoot, 'packages', 'testing')}'\n`,
  );
  const install = await exec(
    'pnpm',
    ['install', '--no-frozen-lockfile', '--prefer-offline', '--reporter=append-only'],
    { cwd: ws.dir, timeoutMs: 240_000, env: { CI: '1' } },
  );
  expect(install.status, install.stdout + install.stderr).toBe(0);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  ws.cleanup();
});

describe.each(TEMPLATES)('a project created from %s', (template) => {
  const dir = projectOf(template);

  it('validates and builds with the installed extkit', async () => {
    const validate = await exec(bin(template, 'extkit'), ['validate', '--json'], { cwd: dir });
    expect(validate.status, validate.stdout).toBe(0);
    expect(JSON.parse(validate.stdout)).toMatchObject({ valid: true, errors: [], warnings: [] });
    const build = await exec(bin(template, 'extkit'), ['build', '--json'], { cwd: dir });
    expect(build.status, build.stdout).toBe(0);
    const result = JSON.parse(build.stdout) as {
      registrations: Array<{ id: string }>;
      artifact: { integrity: string };
    };
    expect(result.registrations.map((r) => r.id)[0]).toMatch(
      template === 'console-shell'
        ? /^shell$/
        : new RegExp(`^(${PUBLISHER}\\.my-${template}\\.|/my-${template}$|orders\\.)`),
    );
  });

  it("type-checks, and a misspelled event name is a compile error, in the code and in the harness's matchers", async () => {
    const event = readManifestOf(dir).capabilities.events[0]!;
    const probe = join(dir, 'src', 'misspelled.ts');
    writeFileSync(
      probe,
      `import { render } from '@extkit/testing';\nimport { expect } from 'vitest';\nimport type { Context } from './manifest';\nexport function probe(ctx: Context, view: ReturnType<typeof render>): void {\n  ctx.emit(${JSON.stringify(event)});\n  ctx.emit(${JSON.stringify(`${event}x`)});\n  expect(view).toHaveEmitted(${JSON.stringify(event)});\n  expect(view).toHaveEmitted(${JSON.stringify(`${event}x`)});\n}\n`,
    );
    const tsc = await exec(bin(template, 'tsc'), ['--noEmit', '--pretty', 'false'], { cwd: dir });
    rmSync(probe);
    const errors = tsc.stdout.split('\n').filter((l) => l.includes('error TS'));
    expect(errors, tsc.stdout).toEqual([
      expect.stringMatching(new RegExp(`^src/misspelled\\.ts\\(6,12\\): error TS2345: Argument of type '"${event}x"'`)),
      expect.stringMatching(new RegExp(`^src/misspelled\\.ts\\(8,30\\): error TS2345: Argument of type '"${event}x"'`)),
    ]);
    const clean = await exec(bin(template, 'tsc'), ['--noEmit', '--pretty', 'false'], { cwd: dir });
    expect(clean.status, clean.stdout).toBe(0);
  }, 120_000);

  it('passes its own unit tests', async () => {
    const vitest = await exec(bin(template, 'vitest'), ['run'], { cwd: dir });
    expect(vitest.status, vitest.stdout + vitest.stderr).toBe(0);
    expect(vitest.stdout).toMatch(/Tests\s+\d+ passed/);
  }, 120_000);

  it('renders in the preview in Chromium', () => rendersIn(template, dir));
  it('renders in the preview in Chromium as the template stands in templates/', () =>
    rendersIn(template, join(TEMPLATES_DIR, template)));
});

/** Starts `extkit dev` on `dir` and waits until its surface's frame shows what the template renders. */
async function rendersIn(template: string, dir: string): Promise<void> {
  const manifest = readManifestOf(dir);
  const dev = await startDev([dir, '--port', '0']);
  const page = await browser.newPage();
  try {
    await page.goto(dev.url);
    const frame = await (
      await page.waitForSelector(`iframe[data-surface="${surfaceKey(manifest)}"]`, { timeout: 10_000 })
    ).contentFrame();
    expect(frame).not.toBeNull();
    const want = RENDERS[template]!(manifest.name);
    await expect
      .poll(
        async () =>
          await frame!
            .locator('body')
            .innerText()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toMatch(want);
  } finally {
    await page.close();
    await dev.stop();
  }
}

it('the created projects name the kit by registry ranges and carry their own schema', () => {
  const pkg = JSON.parse(readFileSync(join(projectOf('site-component-react'), 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  expect(pkg.dependencies['@extkit/runtime']).toMatch(/^\^\d+\.\d+\.\d+$/);
  expect(pkg.devDependencies['@extkit/cli']).toMatch(/^\^\d+\.\d+\.\d+$/);
  expect(pkg.devDependencies['@extkit/testing']).toBe(pkg.devDependencies['@extkit/cli']);
  expect(pkg.dependencies['react']).toMatch(/^\^19\./);
  const manifest = JSON.parse(readFileSync(join(projectOf('site-component'), 'manifest.json'), 'utf8')) as {
    $schema: string;
  };
  expect(manifest.$schema).toBe('./manifest.schema.json');
  expect(JSON.parse(readFileSync(join(projectOf('site-component'), 'manifest.schema.json'), 'utf8'))).toEqual(
    JSON.parse(readFileSync(join(repoRoot, 'schemas/manifest.schema.json'), 'utf8')),
  );
});

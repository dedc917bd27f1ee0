// The kit as users get it. Every package of packages/* that is not private is
// packed once, exactly as `pnpm publish` packs it, and each tarball must be fit to
// publish: publint and arethetypeswrong pass, no `workspace:` range survives, it
// carries its README and metadata, and a package that promises to run in browsers
// bundles for the browser without a Node built-in.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join, sep } from 'node:path';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { build } from 'esbuild';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userAt, type User } from './helpers/as-user.js';
import { launchBrowser } from './helpers/browser.js';
import { repoRoot, tempDir } from './helpers/cli.js';
import { exec } from './helpers/exec.js';
import { kitPackages, packKit, type PackageJson, type Packed } from './helpers/kit-packages.js';
import { publisherConfig, startRegistry, type Registry } from './helpers/registry.js';
import { TEMPLATES } from './helpers/templates.js';

const work = tempDir('extkit-dist-');
const ESM_ONLY_IGNORES: readonly string[] = ['node10', 'node16-cjs'];
let packed: Packed[] = [];

beforeAll(async () => {
  mkdirSync(join(work.dir, 'tarballs'));
  packed = await packKit(join(work.dir, 'tarballs'));
  for (const pkg of packed) unpack(pkg);
}, 180_000);

afterAll(() => work.cleanup(), 300_000);

/** Where a package's tarball is unpacked: a node_modules of its own, so the kit's packages resolve each other as installed. */
const unpackedRoot = (pkg: Packed): string => join(work.dir, 'installed', 'node_modules', pkg.name);

function unpack(pkg: Packed): void {
  mkdirSync(unpackedRoot(pkg), { recursive: true });
  const r = spawnSync('tar', ['xzf', pkg.tarball, '-C', unpackedRoot(pkg), '--strip-components=1'], {
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`tar xzf ${pkg.tarball}: ${r.stderr}`);
}

/** The files an export target names; a `*` pattern matches every file of the package it fits. */
function exportedFiles(root: string, target: string): string[] {
  if (!target.includes('*')) return [target];
  const [head, tail] = target.split('*') as [string, string];
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).map((f) => `./${f.split(sep).join('/')}`);
  return files.filter((f) => f.startsWith(head) && f.endsWith(tail) && f.length > head.length + tail.length);
}

const filesOf = (pkg: Packed): string[] =>
  spawnSync('tar', ['tzf', pkg.tarball], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''));

it('finds the kit by its folders: every non-private package under packages/', () => {
  const names = kitPackages().map((p) => p.name);
  expect(names).toEqual(
    expect.arrayContaining(['@extkit/manifest', '@extkit/runtime', '@extkit/cli', 'create-extkit']),
  );
  expect(packed.map((p) => p.name)).toEqual(names);
});

describe.concurrent.each(kitPackages().map((p) => [p.name, p.folder] as const))('the packed %s', (_name, folder) => {
  const pkg = (): Packed => packed.find((p) => p.folder === folder)!;

  it('carries its README, its metadata, and no workspace: range', () => {
    const files = filesOf(pkg());
    expect(files).toContain('README.md');
    // The templates create-extkit carries keep their own tests: they are what a created project runs.
    expect(
      files.filter(
        (f) => !f.startsWith('templates/') && /\.map$|\.test\.[jt]sx?$|\.tsbuildinfo$|(^|\/)node_modules\//.test(f),
      ),
    ).toEqual([]);
    const text = readFileSync(join(unpackedRoot(pkg()), 'package.json'), 'utf8');
    expect(text).not.toContain('workspace:');
    const manifest = JSON.parse(text) as PackageJson;
    expect(manifest.license).toBe('MIT');
    expect(manifest.engines?.['node']).toBe('>=20.19');
    expect(manifest.repository).toMatchObject({
      type: 'git',
      url: expect.stringMatching(/^git\+https:\/\//),
      directory: `packages/${folder}`,
    });
    for (const [entry, target] of Object.entries(manifest.exports ?? {})) {
      if (entry === './package.json') continue;
      // A `browser` condition where a browser needs another entry (@extkit/testing's browser run).
      const browser = (target as { browser?: unknown }).browser;
      expect(target, `exports["${entry}"]`).toEqual({
        types: expect.stringMatching(/\.d\.ts$/),
        ...(browser === undefined ? {} : { browser: expect.stringMatching(/\.js$/) }),
        default: expect.stringMatching(/\.js$/),
      });
    }
    for (const range of Object.values({ ...manifest.dependencies, ...manifest.peerDependencies }))
      expect(range).not.toMatch(/^(file|link|portal):/);
  });

  it('passes publint, warnings included', async () => {
    const tarball = readFileSync(pkg().tarball);
    const { messages, pkg: manifest } = await publint({
      pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
      strict: true,
      level: 'warning',
    });
    expect(messages.map((m) => `${m.type}: ${formatMessage(m, manifest) ?? m.code}`)).toEqual([]);
  });

  it('passes arethetypeswrong for an ESM-only package', async () => {
    const result = await checkPackage(createPackageFromTarballData(new Uint8Array(readFileSync(pkg().tarball))));
    expect(result.types, 'the package ships no types').not.toBe(false);
    // attw's esm-only profile: the kit ships ES modules only (type: module, Node >= 20.19), so CommonJS and node10 resolution are out of scope.
    const problems =
      'problems' in result
        ? result.problems.filter((p) => !('resolutionKind' in p) || !ESM_ONLY_IGNORES.includes(p.resolutionKind))
        : [];
    expect(problems).toEqual([]);
  });
});

describe.each(
  kitPackages()
    .filter((p) => p.manifest.keywords?.includes('browser'))
    .map((p) => [p.name, p.folder] as const),
)('%s, which promises browsers', (_name, folder) => {
  it('bundles every entry for the browser with no Node built-in', async () => {
    const pkg = packed.find((p) => p.folder === folder)!;
    const root = unpackedRoot(pkg);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
    const entries = Object.entries(manifest.exports ?? {}).filter(([entry]) => entry !== './package.json');
    expect(entries.length).toBeGreaterThan(0);
    for (const [entry, target] of entries) {
      const files = exportedFiles(root, typeof target === 'string' ? target : target.default!);
      expect(files.length, entry).toBeGreaterThan(0);
      const result = await build({
        entryPoints: files.map((f) => join(root, f)),
        bundle: true,
        platform: 'browser',
        format: 'esm',
        outdir: join(work.dir, 'browser'),
        write: false,
        logLevel: 'silent',
      }).catch((err: { errors?: Array<{ text: string }> }) => err);
      expect('errors' in result ? (result.errors ?? []).map((e) => e.text) : [], entry).toEqual([]);
    }
  });
});

// Proven through a real registry: verdaccio, the kit published to it as a release
// publishes (pnpm publish), and then, outside the repository, a user's first steps
// with every template: create, install, validate, build, typecheck, test, dev.
describe('through a real registry, as a user', () => {
  const npmTemplates = TEMPLATES;
  const pnpmTemplate = 'console-slot';
  const projects = [
    ...npmTemplates.map((t) => ({ template: t, pm: 'npm' as const, dir: `npm-${t}` })),
    { template: pnpmTemplate, pm: 'pnpm' as const, dir: `pnpm-${pnpmTemplate}` },
  ];
  const home = (): string => join(work.dir, 'user');
  const projectDir = (name: string): string => join(home(), 'work', name);
  let registry: Registry;
  let user: User;

  beforeAll(async () => {
    mkdirSync(join(work.dir, 'registry'));
    registry = await startRegistry(
      join(work.dir, 'registry'),
      packed.map((p) => p.name),
    );
    // Publish exactly what was packed (and checked above), as a release would: pnpm publish, to --registry.
    const npmrc = publisherConfig(registry, join(work.dir, 'registry', 'publisher.npmrc'));
    const published = await Promise.all(
      packed.map((p) =>
        exec('pnpm', ['publish', p.tarball, '--registry', registry.url, '--no-git-checks'], {
          cwd: work.dir,
          timeoutMs: 120_000,
          env: { npm_config_userconfig: npmrc },
        }),
      ),
    );
    published.forEach((r, i) => expect(r.status, `pnpm publish ${packed[i]!.name}:\n${r.stdout}${r.stderr}`).toBe(0));

    user = userAt(home(), registry.url);
    mkdirSync(join(home(), 'work'));
    // npm create, one template after another (they share npx's cache), then the installs: the first alone to fill
    // the registry's and npm's caches, the rest side by side.
    for (const p of projects.filter((p) => p.pm === 'npm')) {
      const r = await user.run(
        'npm',
        ['create', 'extkit@latest', p.dir, '--', '--template', p.template, '--publisher', 'acme'],
        join(home(), 'work'),
      );
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toContain(`Next:\n  cd ${p.dir}\n  npm install\n  npm run dev\n`);
    }
    const [first, ...rest] = projects.filter((p) => p.pm === 'npm');
    const install = (p: { dir: string }) => user.run('npm', ['install'], projectDir(p.dir));
    const installs = [await install(first!), ...(await Promise.all(rest.map(install)))];
    installs.forEach((r) => expect(r.status, r.stdout + r.stderr).toBe(0));
    // pnpm create, with --install: create runs the install of the package manager that ran it.
    const viaPnpm = await user.run(
      'pnpm',
      ['create', 'extkit', `pnpm-${pnpmTemplate}`, '--template', pnpmTemplate, '--publisher', 'acme', '--install'],
      join(home(), 'work'),
    );
    expect(viaPnpm.status, viaPnpm.stdout + viaPnpm.stderr).toBe(0);
    expect(viaPnpm.stderr).toContain('Installing the dependencies: pnpm install');
    expect(viaPnpm.stdout).toContain(`Next:\n  cd pnpm-${pnpmTemplate}\n  pnpm dev\n`);
  }, 480_000);

  afterAll(async () => {
    await registry?.stop();
  });

  it('serves the kit from its own storage: every package, at the version packed', async () => {
    for (const p of packed) {
      const doc = (await (await fetch(`${registry.url}${p.name.replace('/', '%2f')}`)).json()) as {
        'dist-tags': { latest: string };
        versions: Record<string, { dist: { tarball: string } }>;
      };
      expect(doc['dist-tags'].latest, p.name).toBe(p.version);
      expect(doc.versions[p.version]!.dist.tarball.startsWith(registry.url), p.name).toBe(true);
    }
  });

  describe.concurrent.each(projects)('$pm create extkit --template $template', ({ pm, dir: name }) => {
    const dir = (): string => projectDir(name);
    const script = (s: string): [string, string[]] => [pm, ['run', s]];

    it('resolves nothing into the repository: every package from the registry, none linked', () => {
      const lock = readFileSync(join(dir(), pm === 'npm' ? 'package-lock.json' : 'pnpm-lock.yaml'), 'utf8');
      expect(lock).not.toContain(repoRoot);
      expect(lock).not.toMatch(/\b(file|link|portal|workspace):/);
      if (pm === 'npm') {
        const resolved = [...lock.matchAll(/"resolved": "([^"]+)"/g)].map((m) => m[1]!);
        expect(resolved.length).toBeGreaterThan(10);
        expect(resolved.filter((url) => !url.startsWith(registry.url))).toEqual([]);
      }
      for (const pkg of ['@extkit/cli', '@extkit/runtime']) {
        const real = realpathSync(join(dir(), 'node_modules', pkg));
        expect(real.startsWith(dir()), `${pkg} → ${real}`).toBe(true);
        expect(readFileSync(join(real, 'package.json'), 'utf8')).not.toContain('workspace:');
      }
    });

    // The same tests in Chromium too (issue 33 §3) in two projects, as installed: pnpm's layout; the emulator's relay and
    // the client. After `test`, not beside it: two runs' emulators starting at once on two cores miss their 5 s.
    const browserRun = ['npm-console-orders', 'pnpm-console-slot'].includes(name);
    it('validates, builds, type-checks and passes its tests', async () => {
      for (const s of ['validate', 'build', 'typecheck', 'test', ...(browserRun ? ['test:browser'] : [])]) {
        const [cmd, args] = script(s);
        const r = await user.run(cmd, args, dir(), 180_000);
        expect(r.status, `${pm} run ${s}\n${r.stdout}${r.stderr}`).toBe(0);
      }
      expect(readdirSync(join(dir(), 'artifacts'))).toEqual([name]);
    }, 540_000);

    it('serves the preview on 127.0.0.1 with its dev script', async () => {
      // npm passes what follows `--` to the script; pnpm passes everything after the script's name.
      const [cmd, args] = script('dev');
      const dev = await user.start(
        cmd,
        [...args, ...(pm === 'npm' ? ['--'] : []), '--port', '0'],
        dir(),
        /(http:\/\/127\.0\.0\.1:\d+\/)/,
        90_000,
      );
      try {
        const { name: title } = JSON.parse(readFileSync(join(dir(), 'manifest.json'), 'utf8')) as { name: string };
        const page = await fetch(dev.match[1]!);
        expect(page.status, dev.output()).toBe(200);
        expect(await page.text()).toContain(`<title>${title} · extkit dev</title>`);
        type State = {
          extension: { name: string } | null;
          blocked: unknown;
          build: { ok: boolean } | null;
          surfaces: unknown[];
        };
        const stateOf = async (): Promise<State> =>
          (await (await fetch(new URL('__extkit/state', dev.match[1]))).json()) as State;
        // The URL is printed before the first build ends: wait for it (expect.poll is not for concurrent tests).
        let state = await stateOf();
        for (
          const deadline = Date.now() + 60_000;
          state.build === null && Date.now() < deadline;
          state = await stateOf()
        )
          await new Promise((r) => setTimeout(r, 250));
        expect(state, dev.output()).toMatchObject({ extension: { name: title }, blocked: null, build: { ok: true } });
        expect(state.surfaces.length).toBeGreaterThan(0);
      } finally {
        await dev.stop();
      }
    }, 120_000);
  });

  // Run after the projects' concurrent tests, which start this project's dev script too (one emulator state folder).
  describe('console-orders from the registry, in Chromium', () => {
    it('lists the seed orders through its dev script (extkit dev --emulator), records a shipment and lists the calls', async () => {
      const name = 'npm-console-orders';
      const dev = await user.start(
        'npm',
        ['run', 'dev', '--', '--port', '0'],
        projectDir(name),
        /(http:\/\/127\.0\.0\.1:\d+\/)[\s\S]*\n {2}admin: http:\/\/127\.0\.0\.1:\d+\/__emulator\n/,
        120_000,
      );
      const browser = await launchBrowser();
      try {
        const page = await browser.newPage();
        await page.goto(dev.match[1]!);
        await page.click('[data-tab="settings"]');
        for (const scope of ['sites:read', 'orders:read', 'orders:write']) await page.check(`[data-scope="${scope}"]`);
        await page.click('[data-issue-key]');
        const frame = (await (await page.waitForSelector(`iframe[data-surface="route:/${name}"]`)).contentFrame())!;
        const status = frame.locator('[role="status"]');
        await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('25+ orders');
        const row = frame.locator('tr[data-order="ord_0000002"]');
        await row.getByLabel('Carrier').fill('UPS');
        await row.getByLabel('Tracking number').fill('1Z999');
        await row.getByRole('button', { name: 'Record shipment' }).click();
        await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Shipment recorded on order #2.');
        await page.click('[data-tab="api"]');
        await page.waitForSelector(
          '[data-call="PATCH /v1/sites/site_0000001/orders/ord_0000002"][data-status="200"] [data-routed]',
        );
      } finally {
        await browser.close();
        await dev.stop();
      }
    }, 240_000);
  });

  // Run after the projects' concurrent tests: the install below changes a project's node_modules.
  describe('extkit emulate, whose engine a project installs on demand', () => {
    const engineMissing = async (pm: 'npm' | 'pnpm', name: string, install: string): Promise<void> => {
      const dir = projectDir(name);
      expect(existsSync(join(dir, 'node_modules', '@extkit', 'cli')), 'the CLI is installed').toBe(true);
      expect(lockfileNames(dir, pm).filter((n) => n === '@electric-sql/pglite' || n === 'pg')).toEqual([]);
      const r = await user.run(
        join(dir, 'node_modules', '.bin', 'extkit'),
        ['emulate', '--memory', '--port', '0', '--json'],
        dir,
        60_000,
      );
      expect(r.status, r.stdout + r.stderr).toBe(2);
      expect(r.stderr).toContain(`\n  ${install}\n`);
      const { errors } = JSON.parse(r.stdout) as { errors: { code: string; package: string; install: string }[] };
      expect(errors).toEqual([
        expect.objectContaining({ code: 'emulator.engine_missing', package: '@electric-sql/pglite', install }),
      ]);
    };

    it('is left out of an npm install of the CLI; extkit emulate names the npm command that adds it, and the marketplace client needs none', async () => {
      const name = projects[0]!.dir;
      await engineMissing('npm', name, 'npm install --save-dev @electric-sql/pglite@0.5');
      // extkit diff <listing>@<version> loads @extkit/emulator/marketplace: it runs, and only finds no marketplace at a closed port.
      const r = await user.run(
        join(projectDir(name), 'node_modules', '.bin', 'extkit'),
        ['diff', 'acme.hello@1.0.0', 'acme.hello@1.0.1', '--marketplace', 'http://127.0.0.1:9', '--json'],
        projectDir(name),
        60_000,
      );
      const { errors } = JSON.parse(r.stdout) as { errors: { code: string }[] };
      expect(
        errors.map((e) => e.code),
        r.stderr,
      ).toContain('marketplace.unreachable');
    }, 120_000);

    it('is left out of a pnpm install too; once added as the message says, extkit emulate answers', async () => {
      const name = `pnpm-${pnpmTemplate}`;
      const dir = projectDir(name);
      await engineMissing('pnpm', name, 'pnpm add -D @electric-sql/pglite@0.5');
      const added = await user.run('pnpm', ['add', '-D', '@electric-sql/pglite@0.5'], dir, 240_000);
      expect(added.status, added.stdout + added.stderr).toBe(0);
      const emu = await user.start(
        join(dir, 'node_modules', '.bin', 'extkit'),
        ['emulate', '--memory', '--port', '0', '--json'],
        dir,
        /"baseUrl":"([^"]+)","apiKey":"([^"]+)"/,
        120_000,
      );
      try {
        const me = await fetch(`${emu.match[1]}/me`, { headers: { authorization: `Bearer ${emu.match[2]}` } });
        expect(me.status, emu.output()).toBe(200);
      } finally {
        await emu.stop();
      }
    }, 400_000);
  });
});

/** The names of the packages a project's lockfile installs. */
function lockfileNames(dir: string, pm: 'npm' | 'pnpm'): string[] {
  if (pm === 'npm') {
    const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, unknown>;
    };
    return Object.keys(lock.packages).map((path) =>
      path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
    );
  }
  const lock = readFileSync(join(dir, 'pnpm-lock.yaml'), 'utf8');
  return [...lock.matchAll(/^ {2}'?(@?[^@'\s]+)@[^:]+:$/gm)].map((m) => m[1]!);
}

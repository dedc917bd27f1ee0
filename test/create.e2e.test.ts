// `extkit create`, `npm create extkit` (the create-extkit bin) and `extkit types`,
// run as a user runs them: real processes, no terminal (as in CI).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir } from './helpers/cli.js';
import { exec } from './helpers/exec.js';
import { TEMPLATES } from './helpers/templates.js';

const tmp = tempDir('extkit-create-');
afterAll(tmp.cleanup);
const CREATE_EXTKIT = join(repoRoot, 'packages/create-extkit/bin/create-extkit.js');
const createExtkit = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [CREATE_EXTKIT, ...args], {
    cwd: tmp.dir,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', npm_config_user_agent: '', ...env },
  });

describe('extkit create', () => {
  it('--list prints one line per template', () => {
    const r = runCli(['create', '--list']);
    expect(r.status).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => l.split(/\s+/)[0]),
    ).toEqual(TEMPLATES);
  });

  it('creates a project from flags alone and prints the next steps', () => {
    const r = runCli(['create', 'promo-card', '--template', 'site-component', '--publisher', 'globex'], {
      cwd: tmp.dir,
      env: { npm_config_user_agent: 'pnpm/10.34.9 npm/? node/v20.20.0 linux x64' },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Next:\n  cd promo-card\n  pnpm install\n  pnpm dev\n');
    const manifest = JSON.parse(readFileSync(join(tmp.dir, 'promo-card/manifest.json'), 'utf8')) as {
      id: string;
      contributes: { site: { components: string[] } };
    };
    expect(manifest.id).toBe('promo-card');
    expect(manifest.contributes.site.components).toEqual(['globex.promo-card.card']);
    expect(readFileSync(join(tmp.dir, 'promo-card/src/index.ts'), 'utf8')).toContain("'globex.promo-card.card'");
  });

  it('without a terminal, a missing value is a usage error (exit 2) naming its flag, and nothing is written', () => {
    const r = runCli(['create', 'no-publisher', '--template', 'console-slot'], { cwd: tmp.dir });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Missing --publisher <handle>');
    expect(existsSync(join(tmp.dir, 'no-publisher'))).toBe(false);
  });

  it('refuses a folder that is not empty (exit 2) and the JSON says why', () => {
    mkdirSync(join(tmp.dir, 'taken'));
    writeFileSync(join(tmp.dir, 'taken/keep.txt'), 'x');
    const r = runCli(['create', 'taken', '-t', 'site-feature', '--publisher', 'globex', '--json'], { cwd: tmp.dir });
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, errors: [{ code: 'create.dir_not_empty' }] });
    expect(readdirSync(join(tmp.dir, 'taken'))).toEqual(['keep.txt']);
  });

  it('refuses an id that is not kebab-case (exit 2) before writing anything', () => {
    const r = runCli(['create', 'fine-folder', '-t', 'site-feature', '--publisher', 'globex', '--id', 'NotKebab'], {
      cwd: tmp.dir,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('create.id_not_kebab_case');
    expect(existsSync(join(tmp.dir, 'fine-folder'))).toBe(false);
  });
});

describe('npm create extkit (the create-extkit bin)', () => {
  it('takes the same flags, and names npm in the next steps when npm ran it', () => {
    const r = createExtkit(['from-npm', '--template', 'console-route', '--publisher', 'globex', '--name', 'From npm'], {
      npm_config_user_agent: 'npm/10.8.2 node/v20.20.0 linux x64',
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Created From npm (from-npm, publisher globex) from the console-route template');
    expect(r.stdout).toContain('  npm install\n  npm run dev\n');
    expect(JSON.parse(readFileSync(join(tmp.dir, 'from-npm/manifest.json'), 'utf8'))).toMatchObject({
      name: 'From npm',
      contributes: { console: { routes: ['/from-npm'] } },
    });
  });

  it('lists the templates and refuses an unknown flag (exit 2)', () => {
    expect(createExtkit(['--list']).stdout.trim().split('\n')).toHaveLength(TEMPLATES.length);
    const bad = createExtkit(['x', '--frobnicate']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/Unknown option '--frobnicate'/);
  });
});

describe('extkit types', () => {
  it('rewrites the declaration when the manifest changes, and build refreshes it too', () => {
    const dir = join(tmp.dir, 'typed');
    expect(runCli(['create', dir, '-t', 'site-component', '--publisher', 'globex']).status).toBe(0);
    const current = runCli(['types', dir, '--json']);
    expect(JSON.parse(current.stdout)).toMatchObject({
      ok: true,
      changed: false,
      file: join(dir, 'src/manifest.d.ts'),
    });
    const manifestPath = join(dir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { capabilities: { events: string[] } };
    manifest.capabilities.events.push('shared');
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
    expect(runCli(['types', dir]).stdout).toMatch(/manifest\.d\.ts written/);
    expect(readFileSync(join(dir, 'src/manifest.d.ts'), 'utf8')).toContain(
      'export type EventName = "liked" | "shared";',
    );
    manifest.capabilities.events.push('built');
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
    expect(runCli(['build', dir, '--json']).status).toBe(0);
    expect(readFileSync(join(dir, 'src/manifest.d.ts'), 'utf8')).toContain(
      'export type EventName = "liked" | "shared" | "built";',
    );
  });

  it('says so (exit 1) where there is no manifest', () => {
    const r = runCli(['types', tmp.dir]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('types.no_manifest');
  });
});

describe('create --install when the registry fails', () => {
  /** Runs the create-extkit bin as `npm create` would, with npm pointed at `registry`. */
  const createWithInstall = (dir: string, registry: string, extra: string[] = []) =>
    exec(
      process.execPath,
      [CREATE_EXTKIT, dir, '--template', 'site-component', '--publisher', 'globex', '--install', ...extra],
      {
        cwd: tmp.dir,
        timeoutMs: 90_000,
        env: {
          npm_config_user_agent: 'npm/10.8.2 node/v20.20.0 linux x64',
          npm_config_registry: registry,
          npm_config_fetch_retries: '0',
          npm_config_cache: join(tmp.dir, 'npm-cache'),
        },
      },
    );

  const expectKeptWithAdvice = (r: { status: number | null; stderr: string }, dir: string, advice: string) => {
    expect(r.status, r.stderr).toBe(1);
    expect(advice).toContain(`install it yourself once that is fixed: cd ${join(tmp.dir, dir)} && npm install`);
    expect(readdirSync(join(tmp.dir, dir))).toEqual(expect.arrayContaining(['manifest.json', 'package.json', 'src']));
    expect(readdirSync(tmp.dir).filter((f) => f.includes('extkit-create-'))).toEqual([]);
  };

  it('a registry that is down: exit 1, the command to run by hand, the project in place', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const { port } = s.address() as AddressInfo;
        s.close(() => resolve(port));
      });
    });
    const r = await createWithInstall('offline-card', `http://127.0.0.1:${closed}/`);
    expectKeptWithAdvice(r, 'offline-card', r.stderr);
    expect(r.stderr).toContain('[create.install_failed]');
    expect(r.stderr).toMatch(/ECONNREFUSED/);
    expect(r.stdout).toContain('Next:\n  cd offline-card\n  npm install\n  npm run dev\n');
  });

  it('a registry that answers 404: the same, and --json keeps stdout one document', async () => {
    const server = createServer((_req, res) =>
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const r = await createWithInstall('missing-card', `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, [
        '--json',
      ]);
      const report = JSON.parse(r.stdout) as { errors: Array<{ message: string }> };
      expectKeptWithAdvice(r, 'missing-card', report.errors[0]?.message ?? '');
      expect(r.stderr).toMatch(/E404|404 Not Found/);
      expect(report).toMatchObject({
        ok: false,
        errors: [{ code: 'create.install_failed' }],
        install: { ok: false, command: 'npm install', exitCode: 1 },
      });
    } finally {
      server.close();
    }
  });
});

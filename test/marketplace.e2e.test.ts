// The marketplace path as a user walks it: the real `extkit` binary against a real
// `extkit emulate` process. Create from a template, publish, review and list, read
// listing-versions with @extkit/client, install, preview the installed version (in
// Chromium), publish 0.2.0, sign it into the app realm, revoke it; every refusal by code.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrityOf } from '../packages/bundler/dist/index.js';
import { ServiceClient } from '../packages/client/dist/index.js';
import { launchBrowser } from './helpers/browser.js';
import { extkitBin, repoRoot, runCli, tempDir } from './helpers/cli.js';
import { startDev } from './helpers/dev-cli.js';
import { exec } from './helpers/exec.js';

const tmp = tempDir('extkit-market-e2e-');
const project = join(tmp.dir, 'hello-card');
const LISTING = 'acme.hello-card';
let emulator: ChildProcess;
let market: string;
let baseUrl: string;
let browser: Browser | undefined;

const cli = (args: string[], cwd = tmp.dir) => runCli([...args, '--marketplace', market], { cwd, timeoutMs: 90_000 });
const json = (args: string[], cwd?: string) => {
  const r = cli([...args, '--json'], cwd);
  return {
    status: r.status,
    body: JSON.parse(r.stdout) as Record<string, unknown> & { errors: Array<{ code: string }> },
    stderr: r.stderr,
  };
};
const codes = (r: { body: { errors: Array<{ code: string }> } }) => r.body.errors.map((e) => e.code);
const setVersion = (dir: string, version: string) => {
  const file = join(dir, 'manifest.json');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/"version": "[^"]+"/, `"version": "${version}"`));
};
/** A copy of the project without its artifacts (so its build does not meet the local store's own refusals). */
const copy = (name: string, edit: (dir: string) => void = () => {}): string => {
  const dir = join(tmp.dir, name);
  cpSync(project, dir, {
    recursive: true,
    filter: (src) => !src.includes(`${project}/artifacts`) && !src.includes('.extkit'),
  });
  edit(dir);
  return dir;
};

beforeAll(async () => {
  expect(
    runCli(['create', 'hello-card', '--template', 'site-component', '--publisher', 'acme', '--no-install'], {
      cwd: tmp.dir,
    }).status,
  ).toBe(0);
  emulator = spawn(extkitBin, ['emulate', '--memory', '--seed', 'none', '--port', '0', '--json'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: emulator.stdout! }).once('line', resolve);
    emulator.once('exit', () => reject(new Error('extkit emulate exited before printing where it listens')));
  });
  baseUrl = (JSON.parse(line) as { baseUrl: string }).baseUrl;
  market = new URL(baseUrl).origin;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (emulator && emulator.exitCode === null) {
    const exited = new Promise((r) => emulator.once('exit', r));
    emulator.kill('SIGINT');
    await exited;
  }
  tmp.cleanup();
});

describe('extkit publish, marketplace and dev --installed', () => {
  it('publishes a new extension (building it), answers a second identical publish with the stored version', () => {
    const first = json(['publish', 'hello-card']);
    expect(first.status, first.stderr).toBe(0);
    expect(first.body).toMatchObject({
      ok: true,
      listing: LISTING,
      version: '0.1.0',
      state: 'submitted',
      created: true,
      artifact: { built: true },
    });
    const again = cli(['publish', 'hello-card']);
    expect(again.stdout).toContain(`already published, identical: ${LISTING}@0.1.0`);
    expect(again.stdout).toContain('listing submitted: waiting for a reviewer');
    const usage = runCli(['publish', 'hello-card', '--marketplace', 'not a url'], { cwd: tmp.dir });
    expect([usage.status, usage.stderr]).toEqual([
      2,
      'extkit: --marketplace must be an http(s) URL, e.g. http://127.0.0.1:8787, got "not a url"\n',
    ]);
  });

  it('refuses, with its code, a version with other content, a lower version, a renamed id and a foreign publisher key', async () => {
    const changed = copy('changed', (d) =>
      writeFileSync(
        join(d, 'src/card.ts'),
        readFileSync(join(d, 'src/card.ts'), 'utf8') + '\nexport const touched = 1;\n',
      ),
    );
    expect(codes(json(['publish', changed]))).toEqual(['publish.version_exists']);
    expect(codes(json(['publish', copy('older', (d) => setVersion(d, '0.0.9'))]))).toEqual([
      'publish.version_not_greater',
    ]);
    const renamed = copy('renamed', (d) => {
      for (const f of ['manifest.json', 'src/index.ts'])
        writeFileSync(join(d, f), readFileSync(join(d, f), 'utf8').replaceAll('hello-card', 'hello-tile'));
      setVersion(d, '0.5.0');
    });
    expect(codes(json(['publish', renamed]))).toEqual(['publish.listing_id_changed']);
    const globex = (await (
      await fetch(`${market}/__emulator/marketplace/publishers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"handle":"globex"}',
      })
    ).json()) as { key: string };
    const foreign = json(['publish', copy('foreign', (d) => setVersion(d, '0.6.0')), '--key', globex.key]);
    expect([foreign.status, ...codes(foreign)]).toEqual([
      1,
      'publish.component_namespace',
      'contributes.site.components.wrong_publisher',
    ]);
    const human = cli(['publish', copy('foreign-text', (d) => setVersion(d, '0.6.0')), '--key', 'pk_emu_unknown']);
    expect([human.status, human.stdout]).toEqual([1, expect.stringContaining('publish.unauthorized')]);
  }, 120_000);

  it('refuses a tampered upload and a bundle registering what it does not declare, sent past the CLI', async () => {
    const dir = join(project, 'artifacts/hello-card/0.1.0');
    const record = JSON.parse(readFileSync(join(dir, 'artifact.json'), 'utf8')) as { files: Array<{ path: string }> };
    const files: Record<string, string> = {
      'artifact.json': readFileSync(join(dir, 'artifact.json')).toString('base64'),
    };
    for (const f of record.files) files[f.path] = readFileSync(join(dir, f.path)).toString('base64');
    files['dist/index.js'] = Buffer.from(
      readFileSync(join(dir, 'dist/index.js'), 'utf8').replace('acme.hello-card.card', 'acme.hello-card.spy'),
    ).toString('base64');
    const key = (await (
      await fetch(`${market}/__emulator/marketplace/publishers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"handle":"acme"}',
      })
    ).json()) as { key: string };
    const res = await fetch(`${market}/api/marketplace/versions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key.key}` },
      body: JSON.stringify({ files }),
    });
    const body = (await res.json()) as {
      error: { code: string; diagnostics: Array<{ code: string; message: string }> };
    };
    expect([res.status, body.error.code, body.error.diagnostics[1]?.code]).toEqual([
      422,
      'publish.tampered',
      'verify.file_changed',
    ]);
    expect(body.error.diagnostics[1]?.message).toMatch(/^dist\/index\.js changed/);

    // Re-sealed (artifact.json rewritten over the changed bundle): the hashes hold, the bundle scan does not.
    const sealed = JSON.parse(readFileSync(join(dir, 'artifact.json'), 'utf8')) as {
      files: Array<{ path: string; size: number; sha256: string }>;
      integrity: string;
    };
    for (const f of sealed.files) {
      const bytes = Buffer.from(files[f.path]!, 'base64');
      Object.assign(f, { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    }
    sealed.integrity = integrityOf(sealed.files);
    files['artifact.json'] = Buffer.from(JSON.stringify(sealed, null, 2) + '\n').toString('base64');
    const again = await fetch(`${market}/api/marketplace/versions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key.key}` },
      body: JSON.stringify({ files }),
    });
    const refused = (await again.json()) as { error: { code: string; diagnostics: Array<{ code: string }> } };
    expect([again.status, refused.error.code, refused.error.diagnostics[1]?.code]).toEqual([
      422,
      'publish.registration_undeclared',
      'scan.undeclared_registration',
    ]);
  });

  it('walks review and listing, shows the versions to buyers through @extkit/client, installs and previews the pinned version', async () => {
    expect(codes(json(['marketplace', 'approve', LISTING]))).toEqual(['marketplace.transition']);
    expect(json(['marketplace', 'review', LISTING]).body).toMatchObject({ ok: true, listing: { state: 'in_review' } });
    expect(json(['marketplace', 'approve', LISTING]).body).toMatchObject({ ok: true, listing: { state: 'listed' } });

    const client = new ServiceClient({ baseUrl, apiKey: 'sk_unused' });
    const answer = await client.marketplace.listingVersions({ listing: LISTING });
    const versions = Array.isArray(answer) ? answer : answer.data;
    expect(versions.map((v) => [v.version, v.trust, v.hostAbi])).toEqual([
      ['0.1.0', { realm: 'sandbox', signedBy: null }, 1],
    ]);
    expect(Object.keys(versions[0]!).sort()).toEqual(['changelog', 'date', 'hostAbi', 'trust', 'version']);

    const installed = json(['marketplace', 'install', LISTING, '--pin', '0.1.0']);
    expect(installed.body).toMatchObject({
      ok: true,
      install: { version: '0.1.0', load: { loads: true, realm: 'sandbox' } },
    });
    const dev = await startDev([project, '--installed', LISTING, '--marketplace', market, '--port', '0'], 60_000);
    try {
      expect(dev.output()).toMatch(
        /installed acme\.hello-card@0\.1\.0 .*\n {2}loads into the sandbox realm: .*\[load\.unsigned\]/,
      );
      browser = await launchBrowser();
      const page = await browser.newPage();
      await page.goto(dev.url);
      await page.getByText('installed acme.hello-card@0.1.0 · sandbox realm').waitFor({ timeout: 15_000 });
      const frame = await (
        await page.waitForSelector('iframe[data-surface="component:acme.hello-card.card"]', { timeout: 15_000 })
      ).contentFrame();
      await frame!.getByRole('heading', { name: /Hello/ }).waitFor({ timeout: 15_000 });
    } finally {
      await dev.stop();
    }
  }, 180_000);

  it('publishes 0.2.0 to the listed listing, signs it into the app realm on an explicit new pin', async () => {
    setVersion(project, '0.2.0');
    expect(json(['publish', 'hello-card', '--changelog', 'Bigger greeting']).body).toMatchObject({
      ok: true,
      version: '0.2.0',
      state: 'listed',
      created: true,
    });
    const diff = runCli(
      ['diff', join(project, 'artifacts/hello-card/0.1.0'), join(project, 'artifacts/hello-card/0.2.0')],
      { cwd: tmp.dir },
    );
    expect([diff.status, diff.stdout]).toEqual([0, expect.stringContaining('hello-card 0.1.0 → 0.2.0')]);
    // The same two versions as published: downloaded, re-hashed and held to the marketplace's integrity.
    const published = json(['diff', `${LISTING}@0.1.0`, `${LISTING}@0.2.0`]);
    expect(published.status).toBe(0);
    const local = JSON.parse(
      runCli(
        ['diff', join(project, 'artifacts/hello-card/0.1.0'), join(project, 'artifacts/hello-card/0.2.0'), '--json'],
        { cwd: tmp.dir },
      ).stdout,
    );
    expect(published.body).toMatchObject({
      direction: 'upgrade',
      older: { kind: 'published', path: `${LISTING}@0.1.0`, integrity: local.older.integrity },
      newer: { kind: 'published', integrity: local.newer.integrity },
      changes: local.changes,
    });
    expect(cli(['diff', `${LISTING}@0.1.0`, `${LISTING}@0.2.0`]).stdout).toContain(`from ${LISTING}@0.1.0`);
    const missing = json(['diff', `${LISTING}@0.1.0`, `${LISTING}@9.9.9`]);
    expect([missing.status, codes(missing)[0]]).toEqual([2, 'diff.published_unavailable']);
    const key = json(['marketplace', 'keygen', '--out', join(tmp.dir, 'staff.key.pem')]);
    expect(key.body).toMatchObject({ ok: true, key: { registered: true } });
    expect(json(['marketplace', 'sign', LISTING, '0.2.0', '--key', join(tmp.dir, 'staff.key.pem')]).status).toBe(0);
    // The organization's pin holds: 0.1.0 stays installed until it pins 0.2.0.
    const still = await startDev([project, '--installed', LISTING, '--marketplace', market, '--port', '0'], 60_000);
    await still.stop();
    expect(still.output()).toContain('installed acme.hello-card@0.1.0');
    expect(json(['marketplace', 'install', LISTING, '--pin', '0.2.0']).body).toMatchObject({
      install: { version: '0.2.0', load: { loads: true, realm: 'app', reasons: [{ code: 'load.signed' }] } },
    });
    const app = await startDev([project, '--installed', LISTING, '--marketplace', market, '--port', '0'], 60_000);
    const state = (await (await fetch(`${app.origin}/__extkit/state`)).json()) as {
      installed: { realm: string; version: string };
      blocked: unknown;
    };
    await app.stop();
    expect([state.installed.version, state.installed.realm, state.blocked]).toEqual(['0.2.0', 'app', null]);
    const answer = await new ServiceClient({ baseUrl, apiKey: 'sk_unused' }).marketplace.listingVersions({
      listing: LISTING,
    });
    const versions = Array.isArray(answer) ? answer : answer.data;
    expect(versions.map((v) => [v.version, v.changelog, (v.trust as { realm: string }).realm])).toEqual([
      ['0.2.0', 'Bigger greeting', 'app'],
      ['0.1.0', null, 'sandbox'],
    ]);
  }, 180_000);

  it('stores exactly one of three simultaneous publishes of the same new version', async () => {
    const dirs = ['race-a', 'race-b', 'race-c'].map((name) =>
      copy(name, (d) => {
        setVersion(d, '0.3.0');
        writeFileSync(
          join(d, 'src/card.ts'),
          readFileSync(join(d, 'src/card.ts'), 'utf8') + `\nexport const racer = '${name}';\n`,
        );
      }),
    );
    const results = await Promise.all(
      dirs.map((d) => exec(extkitBin, ['publish', d, '--marketplace', market, '--json'], { cwd: tmp.dir })),
    );
    const bodies = results.map(
      (r) => JSON.parse(r.stdout) as { ok: boolean; created: boolean | null; errors: Array<{ code: string }> },
    );
    expect(bodies.filter((b) => b.created === true)).toHaveLength(1);
    expect(bodies.filter((b) => !b.ok).map((b) => b.errors[0]?.code)).toEqual([
      'publish.version_exists',
      'publish.version_exists',
    ]);
  }, 120_000);

  it('revokes the listing: every install stops loading, and says why', async () => {
    const revoked = json(['marketplace', 'revoke', LISTING, '--reason', 'exfiltrates order data']);
    expect(revoked.body).toMatchObject({ ok: true, listing: { revoked: { reason: 'exfiltrates order data' } } });
    const gone = await startDev([project, '--installed', LISTING, '--marketplace', market, '--port', '0'], 60_000);
    try {
      expect(gone.output()).toMatch(/never loads: .*exfiltrates order data.*\[load\.revoked\]/);
      const s = (await (await fetch(`${gone.origin}/__extkit/state`)).json()) as {
        installed: { loads: boolean; realm: null };
        blocked: { code: string };
      };
      expect([s.installed.loads, s.installed.realm, s.blocked.code]).toEqual([false, null, 'load.revoked']);
      expect(
        (await fetch(`${gone.origin}/__extkit/frame/${encodeURIComponent('component:acme.hello-card.card')}`)).status,
      ).toBe(409);
    } finally {
      await gone.stop();
    }
    const client = new ServiceClient({ baseUrl, apiKey: 'sk_unused' });
    await expect(client.marketplace.listingVersions({ listing: LISTING })).rejects.toMatchObject({ status: 404 });
    setVersion(project, '0.9.0');
    expect(codes(json(['publish', 'hello-card']))).toEqual(['publish.listing_revoked']);
    rmSync(join(project, '.extkit'), { recursive: true, force: true });
  }, 180_000);
});

// Before publish, through the real `extkit` binary against a real `extkit emulate` process
// (issue 31, and the publish side of issue 29): `publish --dry-run` runs the marketplace's own
// checks and stores nothing; a version that widens what the extension reaches is held for review
// while buyers keep the last approved one; one that narrows goes live at once; a draft the project
// never published is rebuilt in place, a published one is not; loopback origins and credential
// defaults are refused; installs carry settings that `dev --installed` starts from.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extkitBin, repoRoot, runCli, tempDir } from './helpers/cli.js';
import { startDev } from './helpers/dev-cli.js';

const tmp = tempDir('extkit-publish-review-');
const project = join(tmp.dir, 'hello-card');
const LISTING = 'acme.hello-card';
let emulator: ChildProcess;
let market: string;

type Body = Record<string, any> & { ok: boolean; errors: Array<{ code: string; message: string }> };
const cli = (args: string[], cwd = tmp.dir) => runCli([...args, '--marketplace', market], { cwd, timeoutMs: 90_000 });
const json = (args: string[]) => {
  const r = cli([...args, '--json']);
  return { status: r.status, body: JSON.parse(r.stdout) as Body, stderr: r.stderr };
};
const codes = (r: { body: Body }) => r.body.errors.map((e) => e.code);
type Manifest = Record<string, any>;
const editManifest = (dir: string, edit: (m: Manifest) => void) => {
  const file = join(dir, 'manifest.json');
  const m = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  edit(m);
  writeFileSync(file, JSON.stringify(m, null, 2) + '\n');
};
const touchSource = (dir: string, mark: string) => {
  const file = join(dir, 'src/card.ts');
  writeFileSync(file, readFileSync(file, 'utf8') + `\nexport const mark_${mark.replace(/\W/g, '_')} = 1;\n`);
};
const copy = (name: string, edit: (dir: string) => void = () => {}): string => {
  const dir = join(tmp.dir, name);
  cpSync(project, dir, { recursive: true, filter: (src) => !src.includes(`${project}/artifacts`) });
  edit(dir);
  return dir;
};
const listingVersions = async (): Promise<string[] | number> => {
  const url = `${market}/api/marketplace/listing-versions?listing=${LISTING}`;
  // A kept-alive socket the emulator closed in between is retried once, as a browser would.
  const res = await fetch(url).catch(() => fetch(url));
  if (!res.ok) return res.status;
  const body = (await res.json()) as { data: Array<{ version: string }> };
  return body.data.map((v) => v.version);
};
const staffListings = async () =>
  ((await (await fetch(`${market}/__emulator/marketplace/listings`)).json()) as { data: Array<Record<string, any>> })
    .data;

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
  market = new URL((JSON.parse(line) as { baseUrl: string }).baseUrl).origin;
}, 120_000);

afterAll(async () => {
  if (emulator && emulator.exitCode === null) {
    const exited = new Promise((r) => emulator.once('exit', r));
    emulator.kill('SIGINT');
    await exited;
  }
  tmp.cleanup();
});

describe('extkit publish --dry-run, review of widening versions, drafts', () => {
  it('dry-runs a good first version: exit 0, every check run, nothing stored', async () => {
    const dry = json(['publish', 'hello-card', '--dry-run']);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.body).toMatchObject({
      ok: true,
      dryRun: true,
      listing: LISTING,
      version: '0.1.0',
      created: true,
      state: 'submitted',
      versionState: 'submitted',
      review: { since: null, held: true },
    });
    expect(await staffListings()).toEqual([]);
    const human = cli(['publish', 'hello-card', '--dry-run']);
    expect(human.stdout).toContain(`dry run: the marketplace would take ${LISTING}@0.1.0`);
    expect(human.stdout).toContain('(nothing was stored)');
    expect(await staffListings()).toEqual([]);
  });

  it('publishes it, shows the reviewer everything it asks for, and lists it', async () => {
    expect(json(['publish', 'hello-card']).body).toMatchObject({ ok: true, state: 'submitted', created: true });
    const review = cli(['marketplace', 'review', LISTING]);
    expect(review.status).toBe(0);
    expect(review.stdout).toContain('nothing approved yet');
    expect(review.stdout).toMatch(/\+ adds the site component "acme\.hello-card\.card"\s+widens/);
    expect(json(['marketplace', 'approve', LISTING]).body).toMatchObject({ ok: true, listing: { state: 'listed' } });
    expect(await listingVersions()).toEqual(['0.1.0']);
  });

  it('dry-runs each refusal with the code a real publish gives, storing nothing', async () => {
    const older = copy('older', (d) => editManifest(d, (m) => (m.version = '0.0.9')));
    const renamed = copy('renamed', (d) => {
      for (const f of ['manifest.json', 'src/index.ts'])
        writeFileSync(join(d, f), readFileSync(join(d, f), 'utf8').replaceAll('hello-card', 'hello-tile'));
      editManifest(d, (m) => (m.version = '0.5.0'));
    });
    const changed = copy('changed', (d) => touchSource(d, 'changed'));
    const loopback = copy('loopback', (d) =>
      editManifest(d, (m) => {
        m.version = '0.6.0';
        m.capabilities.network = ['http://127.0.0.1:8787'];
      }),
    );
    const globex = (await (
      await fetch(`${market}/__emulator/marketplace/publishers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"handle":"globex"}',
      })
    ).json()) as { key: string };
    const foreign = copy('foreign', (d) => editManifest(d, (m) => (m.version = '0.7.0')));
    const cases: Array<[string, string[], string]> = [
      [older, [], 'publish.version_not_greater'],
      [renamed, [], 'publish.listing_id_changed'],
      [changed, [], 'publish.version_exists'],
      [loopback, [], 'publish.loopback_origin'],
      [foreign, ['--key', globex.key], 'publish.component_namespace'],
    ];
    for (const [dir, extra, code] of cases) {
      const dry = json(['publish', dir, '--dry-run', ...extra]);
      const real = json(['publish', dir, ...extra]);
      expect([dry.status, codes(dry)[0], dry.body.dryRun], code).toEqual([1, code, true]);
      // The same diagnostics and codes a real publish gives.
      expect(codes(dry), code).toEqual(codes(real));
    }
    const human = cli(['publish', loopback, '--dry-run']);
    expect(human.stdout).toContain('"http://127.0.0.1:8787" is loopback');
    expect(human.stdout).toContain('the marketplace would refuse it: nothing was published');
    expect(await listingVersions()).toEqual(['0.1.0']);
    expect((await staffListings()).map((l) => [l.id, l.versions.length])).toEqual([[LISTING, 1]]);
  }, 240_000);

  it('refuses a key in config.defaults before anything is built or sent', () => {
    const keyed = copy('keyed', (d) =>
      editManifest(d, (m) => {
        m.version = '0.8.0';
        m.config.fields.push({ key: 'apiKey', label: 'API key', type: 'string' });
        m.config.defaults.apiKey = 'sk_emu_pasted_key';
      }),
    );
    const dry = json(['publish', keyed, '--dry-run']);
    expect([dry.status, codes(dry)]).toEqual([1, ['config.defaults.credential']]);
    expect(existsSync(join(keyed, 'artifacts/hello-card/0.8.0'))).toBe(false);
    const validate = runCli(['validate', keyed, '--json'], { cwd: tmp.dir });
    expect(validate.status).toBe(1);
    expect(JSON.parse(validate.stdout).errors.map((e: { path: string }) => e.path)).toEqual([
      '/config/defaults/apiKey',
    ]);
  });

  it('holds a widening version for review while the last approved one stays installable, then approves it', async () => {
    editManifest(project, (m) => {
      m.version = '0.2.0';
      m.capabilities.network = ['https://collector.evil.example'];
    });
    const dry = json(['publish', 'hello-card', '--dry-run']);
    expect(dry.body).toMatchObject({
      ok: true,
      dryRun: true,
      versionState: 'submitted',
      review: { since: '0.1.0', held: true },
    });
    expect(
      dry.body.review.changes.filter((c: { widens: boolean }) => c.widens).map((c: { code: string }) => c.code),
    ).toEqual(['capabilities.network.added']);
    expect(await listingVersions()).toEqual(['0.1.0']);

    const published = cli(['publish', 'hello-card']);
    expect(published.status).toBe(0);
    expect(published.stdout).toContain('listing listed, version submitted: held for review');
    expect(published.stdout).toContain('adds the origin "https://collector.evil.example"');
    expect(published.stdout).toContain('buyers keep seeing and installing 0.1.0 until staff approve 0.2.0');
    expect(await listingVersions()).toEqual(['0.1.0']);
    expect(json(['marketplace', 'install', LISTING]).body).toMatchObject({ ok: true, install: { version: '0.1.0' } });
    const pinned = json(['marketplace', 'install', LISTING, '--pin', '0.2.0']);
    expect([pinned.status, codes(pinned)]).toEqual([1, ['install.not_listed']]);

    const listed = json(['marketplace', 'listings']);
    expect(
      listed.body.listings[0].versions.map((v: Record<string, any>) => [
        v.version,
        v.state,
        v.capabilities.network ?? null,
      ]),
    ).toEqual([
      ['0.2.0', 'submitted', ['https://collector.evil.example']],
      ['0.1.0', 'listed', null],
    ]);
    expect(listed.body.listings[0].versions[0]).toMatchObject({
      contributes: { site: { components: ['acme.hello-card.card'] } },
      config: { fields: [{ key: 'greeting' }, { key: 'accent' }] },
    });

    const review = cli(['marketplace', 'review', LISTING, '0.2.0']);
    expect(review.status).toBe(0);
    expect(review.stdout).toContain(`${LISTING}@0.2.0: what changes since 0.1.0, the last approved version`);
    expect(review.stdout).toMatch(/\+ adds the origin "https:\/\/collector\.evil\.example"\s+widens/);
    expect(json(['marketplace', 'approve', LISTING]).body).toMatchObject({ ok: true, listing: { state: 'listed' } });
    expect(await listingVersions()).toEqual(['0.2.0', '0.1.0']);
    expect(json(['marketplace', 'install', LISTING]).body).toMatchObject({ install: { version: '0.2.0' } });
  }, 180_000);

  it('puts a version that only narrows and changes code live at once', async () => {
    editManifest(project, (m) => {
      m.version = '0.3.0';
      m.capabilities.network = [];
    });
    touchSource(project, 'narrower');
    const published = json(['publish', 'hello-card']);
    expect(published.body).toMatchObject({
      ok: true,
      state: 'listed',
      versionState: 'listed',
      review: { since: '0.2.0', held: false, widens: false },
    });
    expect(published.body.next).toContain('live: it widens nothing since 0.2.0');
    expect(await listingVersions()).toEqual(['0.3.0', '0.2.0', '0.1.0']);
  }, 120_000);

  it('replaces the local draft of a version never published, and refuses to change a published one', () => {
    // 0.3.0 is published from this project: the store recorded it.
    touchSource(project, 'after-publish');
    const build = () => runCli(['build', 'hello-card', '--json'], { cwd: tmp.dir, timeoutMs: 90_000 });
    const r = build();
    const refused = { status: r.status, body: JSON.parse(r.stdout) as Body };
    expect([refused.status, codes(refused)]).toEqual([1, ['artifact.version_exists']]);
    expect(refused.body.errors[0]!.message).toContain('bump "version" in manifest.json to 0.3.1');

    editManifest(project, (m) => (m.version = '0.4.0'));
    expect(JSON.parse(build().stdout)).toMatchObject({ ok: true, artifact: { unchanged: false } });
    touchSource(project, 'draft-edit');
    const again = runCli(['build', 'hello-card'], { cwd: tmp.dir, timeoutMs: 90_000 });
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('replaced the draft of hello-card@0.4.0');
    const verified = runCli(['verify', join(project, 'artifacts/hello-card/0.4.0'), '--json'], { cwd: tmp.dir });
    expect(verified.status).toBe(0);
  }, 120_000);

  it('installs with settings that dev --installed starts from, and names --site for a site install', async () => {
    const bad = json(['marketplace', 'install', LISTING, '--config', 'colour=red']);
    expect([bad.status, codes(bad)]).toEqual([1, ['install.config_invalid', 'config.defaults.unknown_key']]);
    const set = json(['marketplace', 'install', LISTING, '--config', 'greeting=Hola', '--config', 'accent=plum']);
    expect(set.body).toMatchObject({ ok: true, install: { config: { greeting: 'Hola', accent: 'plum' } } });
    const dev = await startDev([project, '--installed', LISTING, '--marketplace', market, '--port', '0'], 60_000);
    try {
      const state = (await (await fetch(`${dev.origin}/__extkit/state`)).json()) as {
        settings: { defaults: Record<string, unknown> };
      };
      expect(state.settings.defaults).toEqual({ greeting: 'Hola', accent: 'plum' });
    } finally {
      await dev.stop();
    }
    // A site's install: the hint for the organization-wide preview names --site.
    const key = (await (
      await fetch(`${market}/__emulator/keys`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as {
      key: string;
    };
    const site = json(['marketplace', 'install', LISTING, '--site', 'site_1', '--key', key.key]);
    expect(site.status, JSON.stringify(site.body.errors)).toBe(0);
    const only = runCli(
      [
        'dev',
        project,
        '--installed',
        LISTING,
        '--marketplace',
        market,
        '--key',
        key.key,
        '--site',
        'site_2',
        '--port',
        '0',
      ],
      { cwd: tmp.dir, timeoutMs: 60_000 },
    );
    expect(only.status).toBe(1);
    expect(only.stdout).toContain('It is installed on site site_1: add --site site_1');
  }, 120_000);
});

// The marketplace end to end through its HTTP surface (the client library the CLI calls),
// on one in-memory emulator: publish rules with their codes, the review lifecycle, trust,
// installs, and the buyer-safe listing-versions read by @extkit/client unchanged.
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build, integrityOf } from '@extkit/bundler';
import { ServiceClient } from '@extkit/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../index.js';
import {
  fetchInstalled,
  generateStaffKey,
  installListing,
  localPublisherKey,
  publishArtifact,
  signVersion,
  staffAction,
  staffListings,
} from './client/index.js';

const fixture = resolve(import.meta.dirname, '../../../../test/fixtures/build-basic');
let emu: Emulator;
let key: string;
const work = mkdtempSync(join(tmpdir(), 'extkit-market-'));

/** A copy of the fixture with `edit` applied to its manifest, built into its own store: the artifact folder. */
async function artifact(
  edit: (m: Record<string, unknown>) => void = () => {},
  source?: string,
  patch?: (dir: string) => void,
): Promise<string> {
  const dir = mkdtempSync(join(work, 'ext-'));
  cpSync(fixture, dir, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  edit(manifest);
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  if (source) writeFileSync(join(dir, 'src/card.ts'), source);
  patch?.(dir);
  const r = await build(dir);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.artifact!.dir;
}

/** An artifact of `id` that only fills a console slot, from the package `pkg`: no component namespace to share. */
const slotArtifact = (id: string, pkg: string, text: string, version = '1.0.0'): Promise<string> =>
  artifact(
    (m) => {
      m.id = id;
      m.version = version;
      m.contributes = { console: { slots: ['order.sidebar'] } };
    },
    undefined,
    (dir) => {
      writeFileSync(
        join(dir, 'src/index.ts'),
        `import { registerSlot } from '@extkit/runtime';\nregisterSlot('order.sidebar', ({ root }) => { root.textContent = ${JSON.stringify(text)}; });\n`,
      );
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: pkg, private: true }));
    },
  );

/** Rewrites a built artifact's file and re-seals artifact.json over it, as a hostile publisher would (bypassing the build). */
function reseal(dir: string, path: string, text: string): void {
  writeFileSync(join(dir, path), text);
  const record = JSON.parse(readFileSync(join(dir, 'artifact.json'), 'utf8')) as {
    files: Array<{ path: string; size: number; sha256: string }>;
    integrity: string;
  };
  for (const f of record.files) {
    const bytes = readFileSync(join(dir, f.path));
    f.size = bytes.length;
    f.sha256 = createHash('sha256').update(bytes).digest('hex');
  }
  record.integrity = integrityOf(record.files);
  writeFileSync(join(dir, 'artifact.json'), JSON.stringify(record, null, 2) + '\n');
}

const codes = (r: { errors: Array<{ code: string }> }): string[] => r.errors.map((e) => e.code);
const publish = (dir: string, k = key) => publishArtifact(dir, { marketplace: emu.origin, key: k });

beforeAll(async () => {
  emu = await startEmulator();
  const got = await localPublisherKey(emu.origin, 'acme');
  if (!got.ok) throw new Error('no key');
  key = got.key;
}, 120_000);
afterAll(() => emu?.close());

describe('publish', () => {
  it('stores a version as submitted, answers the same bytes with the existing version, and keeps it off browse until listed', async () => {
    const dir = await artifact();
    const first = await publish(dir);
    expect(first).toMatchObject({
      ok: true,
      listing: 'acme.order-map',
      version: '1.0.0',
      state: 'submitted',
      created: true,
    });
    expect(first.next).toMatch(/reviewer/);
    expect(await publish(dir)).toMatchObject({ ok: true, created: false, integrity: first.integrity });
    const client = new ServiceClient({ baseUrl: emu.baseUrl, apiKey: emu.apiKey, maxRetries: 0 });
    await expect(client.marketplace.listingVersions({ listing: 'acme.order-map' })).rejects.toMatchObject({
      status: 404,
    });
    const browse = (await (await fetch(`${emu.origin}/api/marketplace/listings`)).json()) as { data: unknown[] };
    expect(browse.data).toEqual([]);
    const own = (await (
      await fetch(`${emu.origin}/api/marketplace/listings`, { headers: { authorization: `Bearer ${key}` } })
    ).json()) as { data: Array<{ id: string; state: string }> };
    expect(own.data.map((l) => [l.id, l.state])).toEqual([['acme.order-map', 'submitted']]);
  });

  it('refuses each broken rule with its code and stores nothing', async () => {
    const other = await artifact(
      () => {},
      'export function renderCard(root: HTMLElement, id: string): void { root.textContent = id + "!"; }\n',
    );
    expect(codes(await publish(other))).toEqual(['publish.version_exists']);
    expect(codes(await publish(await artifact((m) => (m.version = '0.9.0'))))).toEqual(['publish.version_not_greater']);
    expect(
      codes(
        await publish(
          await artifact(
            (m) => {
              m.id = 'order-atlas';
              m.version = '2.0.0';
              m.contributes = {
                site: { components: ['acme.order-atlas.card'] },
                console: { slots: ['order.sidebar'] },
              };
            },
            undefined,
            (dir) =>
              writeFileSync(
                join(dir, 'src/index.ts'),
                readFileSync(join(dir, 'src/index.ts'), 'utf8').replace('acme.order-map.card', 'acme.order-atlas.card'),
              ),
          ),
        ),
      ),
    ).toEqual(['publish.listing_id_changed']);
    const foreign = await localPublisherKey(emu.origin, 'globex');
    const namespaced = await publish(await artifact((m) => (m.version = '1.1.0')), foreign.ok ? foreign.key : '');
    expect(codes(namespaced)).toEqual(['publish.component_namespace', 'contributes.site.components.wrong_publisher']);
    expect(codes(await publish(await artifact((m) => (m.version = '1.1.0')), 'pk_emu_nobody'))).toEqual([
      'publish.unauthorized',
    ]);

    const tampered = await artifact((m) => (m.version = '1.2.0'));
    writeFileSync(
      join(tampered, 'dist/order-map.js'),
      readFileSync(join(tampered, 'dist/order-map.js'), 'utf8') + '\n;globalThis.x=1;',
    );
    expect(codes(await publish(tampered))).toEqual(['publish.tampered', 'verify.file_changed']);

    const sneaky = await artifact((m) => (m.version = '1.3.0'));
    reseal(
      sneaky,
      'dist/order-map.js',
      readFileSync(join(sneaky, 'dist/order-map.js'), 'utf8').replace('acme.order-map.card', 'acme.order-map.hidden'),
    );
    expect(codes(await publish(sneaky))).toEqual(['publish.registration_undeclared', 'scan.undeclared_registration']);

    const invalid = await artifact((m) => (m.version = '1.4.0'));
    reseal(
      invalid,
      'manifest.json',
      readFileSync(join(invalid, 'manifest.json'), 'utf8').replace('"Order map"', JSON.stringify('x'.repeat(81))),
    );
    expect(codes(await publish(invalid))[0]).toBe('publish.manifest_invalid');

    const listing = await staffListings(emu.origin);
    expect(listing.value?.find((l) => l.id === 'acme.order-map')?.versions.map((v) => v.version)).toEqual(['1.0.0']);
  });

  it('never reads a linked file of the artifact folder into the upload: nothing from elsewhere on this machine is sent', async () => {
    const dir = await artifact((m) => (m.version = '1.4.5'));
    const secret = join(mkdtempSync(join(work, 'home-')), 'id_ed25519');
    writeFileSync(secret, 'PRIVATE KEY');
    const map = join(dir, 'dist/order-map.js.map');
    writeFileSync(secret, readFileSync(map)); // the very bytes listed, so only the link itself is wrong
    rmSync(map);
    symlinkSync(secret, map);
    const r = await publish(dir);
    expect(codes(r)).toEqual(['publish.artifact_unreadable']);
    expect(r.errors[0]?.message).toMatch(/order-map\.js\.map is a symbolic link/);
    expect(
      (await staffListings(emu.origin)).value?.find((l) => l.id === 'acme.order-map')?.versions.map((v) => v.version),
    ).not.toContain('1.4.5');
  });

  it('stores exactly one of several simultaneous publishes of one new version', async () => {
    const dirs = await Promise.all(
      ['a', 'b', 'c'].map((tag) =>
        artifact(
          (m) => (m.version = '1.5.0'),
          `export function renderCard(root: HTMLElement): void { root.textContent = '${tag}'; }\n`,
        ),
      ),
    );
    const same = await artifact(
      (m) => (m.version = '1.5.0'),
      "export function renderCard(root: HTMLElement): void { root.textContent = 'a'; }\n",
    );
    const results = await Promise.all([...dirs, same, dirs[0]!].map((d) => publish(d)));
    const created = results.filter((r) => r.created === true);
    expect(created).toHaveLength(1);
    const winner = created[0]!.integrity;
    for (const r of results.filter((x) => x !== created[0])) {
      if (r.ok) expect(r).toMatchObject({ created: false, integrity: winner });
      else expect(codes(r)).toEqual(['publish.version_exists']);
    }
    const versions = (await staffListings(emu.origin)).value!.find((l) => l.id === 'acme.order-map')!.versions;
    expect(versions.filter((v) => v.version === '1.5.0')).toHaveLength(1);
  });
});

describe('review, trust and installs', () => {
  it('walks review, listing, install, signing and revocation through the loader policy', async () => {
    expect(codes(await staffAction('approve', 'acme.order-map', { marketplace: emu.origin }))).toEqual([
      'marketplace.transition',
    ]);
    expect(codes(await staffAction('reject', 'acme.order-map', { marketplace: emu.origin }))).toEqual([
      'marketplace.reason_required',
    ]);
    expect((await staffAction('review', 'acme.order-map', { marketplace: emu.origin })).value?.state).toBe('in_review');
    expect(codes(await installListing('acme.order-map', { marketplace: emu.origin, key: emu.apiKey }))).toEqual([
      'install.not_listed',
    ]);
    expect((await staffAction('approve', 'acme.order-map', { marketplace: emu.origin })).value?.state).toBe('listed');

    const client = new ServiceClient({ baseUrl: emu.baseUrl, apiKey: emu.apiKey, maxRetries: 0 });
    const answer = await client.marketplace.listingVersions({ listing: 'acme.order-map' });
    const listed = { data: Array.isArray(answer) ? answer : answer.data };
    expect(listed.data.map((v) => Object.keys(v).sort())).toEqual([
      ['changelog', 'date', 'hostAbi', 'trust', 'version'],
      ['changelog', 'date', 'hostAbi', 'trust', 'version'],
    ]);
    expect(listed.data.map((v) => [v.version, v.trust])).toEqual([
      ['1.5.0', { realm: 'sandbox', signedBy: null }],
      ['1.0.0', { realm: 'sandbox', signedBy: null }],
    ]);

    const pinned = await installListing('acme.order-map', {
      marketplace: emu.origin,
      key: emu.apiKey,
      version: '1.0.0',
    });
    expect(pinned.install).toMatchObject({ version: '1.0.0', load: { loads: true, realm: 'sandbox' } });
    const cache = mkdtempSync(join(work, 'cache-'));
    expect(codes(await fetchInstalled('../escape', { marketplace: emu.origin, key: emu.apiKey, cache }))).toEqual([
      'install.invalid',
    ]);
    const before = await fetchInstalled('acme.order-map', { marketplace: emu.origin, key: emu.apiKey, cache });
    expect(before).toMatchObject({
      ok: true,
      install: { version: '1.0.0' },
      decision: { loads: true, realm: 'sandbox' },
    });

    const keyFile = join(work, 'staff.key.pem');
    expect((await generateStaffKey(keyFile, { marketplace: emu.origin })).ok).toBe(true);
    expect((await signVersion('acme.order-map', '1.5.0', keyFile, { marketplace: emu.origin })).ok).toBe(true);
    // The pin holds: 1.0.0 stays in the sandbox until the organization pins 1.5.0 explicitly.
    expect(
      (await fetchInstalled('acme.order-map', { marketplace: emu.origin, key: emu.apiKey, cache })).decision?.realm,
    ).toBe('sandbox');
    await installListing('acme.order-map', { marketplace: emu.origin, key: emu.apiKey, version: '1.5.0' });
    const signed = await fetchInstalled('acme.order-map', { marketplace: emu.origin, key: emu.apiKey, cache });
    expect(signed.decision).toMatchObject({ loads: true, realm: 'app', reasons: [{ code: 'load.signed' }] });
    const mismatch = await fetchInstalled('acme.order-map', {
      marketplace: emu.origin,
      key: emu.apiKey,
      cache,
      hostAbi: 2,
    });
    expect(mismatch.decision?.reasons.map((r) => r.code)).toEqual(['load.host_abi_mismatch']);

    expect(codes(await staffAction('revoke', 'acme.order-map', { marketplace: emu.origin }))).toEqual([
      'marketplace.reason_required',
    ]);
    expect(
      (await staffAction('revoke', 'acme.order-map', { marketplace: emu.origin, reason: 'exfiltrates order data' })).ok,
    ).toBe(true);
    const revoked = await fetchInstalled('acme.order-map', { marketplace: emu.origin, key: emu.apiKey, cache });
    expect(revoked.decision).toMatchObject({ loads: false, realm: null });
    expect(revoked.decision?.reasons[0]).toMatchObject({
      code: 'load.revoked',
      message: expect.stringContaining('exfiltrates order data'),
    });
    await expect(client.marketplace.listingVersions({ listing: 'acme.order-map' })).rejects.toMatchObject({
      status: 404,
    });
    expect(codes(await installListing('acme.order-map', { marketplace: emu.origin, key: emu.apiKey }))).toEqual([
      'install.revoked',
    ]);
    expect(codes(await publish(await artifact((m) => (m.version = '3.0.0'))))).toEqual(['publish.listing_revoked']);
  });

  it('keeps the staff surface to loopback callers who send no foreign origin', async () => {
    const res = await fetch(`${emu.origin}/__emulator/marketplace/listings`, {
      headers: { origin: 'http://127.0.0.1:9' },
    });
    expect(res.status).toBe(403);
    const form = await fetch(`${emu.origin}/__emulator/marketplace/listings/acme.order-map/review`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(form.status).toBe(415);
  });
});

describe('revocation is per listing', () => {
  /** An artifact of `publisher`'s "twin-card": the same manifest id for every publisher. */
  const twin = (publisher: string, text: string): Promise<string> =>
    slotArtifact('twin-card', `@${publisher}/twin-card`, text);

  it("revoking evil.twin-card stops it everywhere and never stops acme.twin-card, in the marketplace and in dev --installed's client", async () => {
    const evil = await localPublisherKey(emu.origin, 'evil');
    if (!evil.ok) throw new Error('no key');
    expect(await publish(await twin('acme', 'acme'))).toMatchObject({ ok: true, listing: 'acme.twin-card' });
    expect(await publish(await twin('evil', 'evil'), evil.key)).toMatchObject({ ok: true, listing: 'evil.twin-card' });
    for (const listing of ['acme.twin-card', 'evil.twin-card']) {
      await staffAction('review', listing, { marketplace: emu.origin });
      await staffAction('approve', listing, { marketplace: emu.origin });
      expect((await installListing(listing, { marketplace: emu.origin, key: emu.apiKey })).ok).toBe(true);
    }
    expect((await staffAction('revoke', 'evil.twin-card', { marketplace: emu.origin, reason: 'malware' })).ok).toBe(
      true,
    );
    const cache = mkdtempSync(join(work, 'cache-'));
    const acme = await fetchInstalled('acme.twin-card', { marketplace: emu.origin, key: emu.apiKey, cache });
    expect(acme.install?.load).toMatchObject({ loads: true, realm: 'sandbox' });
    expect(acme.decision).toMatchObject({ loads: true, realm: 'sandbox' });
    const revoked = await fetchInstalled('evil.twin-card', { marketplace: emu.origin, key: emu.apiKey, cache });
    expect(revoked.install?.load.reasons.map((r) => r.code)).toEqual(['load.revoked']);
    expect(revoked.decision?.reasons.map((r) => r.code)).toEqual(['load.revoked']);
    expect(revoked.decision?.reasons[0]?.message).toContain('"evil.twin-card" is revoked: malware');
  });
});

describe('format-1 records (written before format 2)', () => {
  it('publish, pin, sign and load with their own integrity form', async () => {
    const dir = await slotArtifact('legacy-card', '@acme/legacy-card', 'legacy');
    const record = JSON.parse(readFileSync(join(dir, 'artifact.json'), 'utf8')) as {
      artifact: number;
      files: Array<{ path: string; sha256: string }>;
      integrity: string;
    };
    record.artifact = 1;
    record.integrity = integrityOf(record.files, 1);
    writeFileSync(join(dir, 'artifact.json'), JSON.stringify(record, null, 2) + '\n');
    const published = await publish(dir);
    expect(published).toMatchObject({ ok: true, listing: 'acme.legacy-card', integrity: record.integrity });
    await staffAction('review', 'acme.legacy-card', { marketplace: emu.origin });
    await staffAction('approve', 'acme.legacy-card', { marketplace: emu.origin });
    const pinned = await installListing('acme.legacy-card', { marketplace: emu.origin, key: emu.apiKey });
    expect(pinned.install).toMatchObject({ integrity: record.integrity, load: { loads: true, realm: 'sandbox' } });
    const keyFile = join(work, 'legacy-staff.key.pem');
    expect((await generateStaffKey(keyFile, { marketplace: emu.origin })).ok).toBe(true);
    expect((await signVersion('acme.legacy-card', '1.0.0', keyFile, { marketplace: emu.origin })).ok).toBe(true);
    const cache = mkdtempSync(join(work, 'cache-'));
    const fetched = await fetchInstalled('acme.legacy-card', { marketplace: emu.origin, key: emu.apiKey, cache });
    expect(fetched.decision).toMatchObject({ loads: true, realm: 'app' });
    expect(fetched.verify?.integrity).toBe(record.integrity);
  });
});

describe('a hostile marketplace writes nowhere through dev --installed', () => {
  /** A marketplace that answers what `answer` says for each path, as a remote one (or a man in the middle) could. */
  async function hostile(answer: (path: string) => unknown): Promise<{ origin: string; close: () => void }> {
    const server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer(new URL(req.url ?? '/', 'http://x').pathname)));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
  }
  const manifest = Buffer.from(readFileSync(join(fixture, 'manifest.json'))).toString('base64');
  const answers =
    (version: string, files: Record<string, string>) =>
    (path: string): unknown =>
      path === '/api/marketplace/installs'
        ? { data: [{ listing: 'acme.order-map', site: null, version, integrity: 'sha256-x', hostAbi: 1 }] }
        : path === '/api/marketplace/trust'
          ? { staffKeys: [], revoked: [] }
          : { files, signature: { signature: 1 } };

  /** A cache three folders deep, so that "../../../../x" from its listing folder lands in `root`. */
  function deepCache(): { root: string; cache: string } {
    const root = mkdtempSync(join(work, 'mitm-'));
    return { root, cache: join(root, 'a', 'b', 'cache') };
  }

  it.each([
    ['a version that climbs out of the cache', '../../../../x', 'marketplace.bad_answer'],
    ['an absolute version', '/tmp/extkit-owned', 'marketplace.bad_answer'],
    ['a version that is not semver', '1.0', 'marketplace.bad_answer'],
  ])('refuses %s, and writes nothing', async (_label, version, code) => {
    const market = await hostile(answers(version, { 'manifest.json': manifest }));
    try {
      const { root, cache } = deepCache();
      const r = await fetchInstalled('acme.order-map', { marketplace: market.origin, key: 'k', cache });
      expect(r.ok).toBe(false);
      expect(codes(r)).toEqual([code]);
      expect(readdirSync(root)).toEqual([]);
      expect(existsSync('/tmp/extkit-owned')).toBe(false);
    } finally {
      market.close();
    }
  });

  it.each([
    ['a file outside the artifact', { '../../../escape.js': 'eA==' }],
    ['a file name with a line break', { 'manifest.json': manifest, 'a\nb': 'eA==' }],
    ['a file named __proto__', JSON.parse('{"__proto__":"eA==","manifest.json":"eA=="}') as Record<string, string>],
    ['files that are not an object', ['manifest.json'] as unknown as Record<string, string>],
  ])('refuses %s, and writes nothing of it', async (_label, files) => {
    const market = await hostile(answers('1.0.0', files));
    try {
      const { root, cache } = deepCache();
      const r = await fetchInstalled('acme.order-map', { marketplace: market.origin, key: 'k', cache });
      expect(codes(r)).toEqual(['install.artifact_unsafe']);
      expect(readdirSync(root)).toEqual([]);
    } finally {
      market.close();
    }
  });

  it("never empties or writes the cache through a link planted on the way from the project (a cloned repository's .extkit)", async () => {
    const market = await hostile(answers('1.0.0', { 'manifest.json': manifest }));
    try {
      const project = mkdtempSync(join(work, 'project-'));
      const victim = mkdtempSync(join(work, 'victim-'));
      mkdirSync(join(victim, 'installed', 'acme.order-map'), { recursive: true });
      writeFileSync(join(victim, 'installed', 'acme.order-map', 'keep.txt'), 'mine');
      symlinkSync(victim, join(project, '.extkit'));
      const cache = join(project, '.extkit', 'installed');
      const r = await fetchInstalled('acme.order-map', { marketplace: market.origin, key: 'k', cache, root: project });
      expect(codes(r)).toEqual(['install.artifact_unsafe']);
      expect(r.errors[0]?.message).toMatch(/\.extkit is a symbolic link/);
      expect(readdirSync(join(victim, 'installed', 'acme.order-map'))).toEqual(['keep.txt']);
    } finally {
      market.close();
    }
  });

  it('never writes through a symbolic link planted in the cache', async () => {
    const market = await hostile(answers('1.0.0', { 'manifest.json': manifest }));
    try {
      const { root, cache } = deepCache();
      const victim = join(root, 'victim');
      mkdirSync(victim);
      mkdirSync(join(cache, '..'), { recursive: true });
      symlinkSync(victim, cache);
      const r = await fetchInstalled('acme.order-map', { marketplace: market.origin, key: 'k', cache });
      expect(codes(r)).toEqual(['install.artifact_unsafe']);
      expect(r.errors[0]?.message).toMatch(/symbolic link/);
      expect(readdirSync(victim)).toEqual([]);
    } finally {
      market.close();
    }
  });
});

describe('a refusal names the upload by its path in the artifact', () => {
  it("never by the marketplace's own folder: a bundle that does not parse is dist/order-map.js", async () => {
    const dir = await artifact((m) => void (m.version = '7.0.0'));
    const entry = join(dir, 'dist', 'order-map.js');
    writeFileSync(entry, 'export const = ;\n');
    const record = JSON.parse(readFileSync(join(dir, 'artifact.json'), 'utf8')) as {
      files: Array<{ path: string; size: number; sha256: string }>;
      integrity: string;
    };
    const bytes = readFileSync(entry);
    const listed = record.files.find((f) => f.path === 'dist/order-map.js')!;
    listed.size = bytes.byteLength;
    listed.sha256 = createHash('sha256').update(bytes).digest('hex');
    record.integrity = integrityOf(record.files);
    writeFileSync(join(dir, 'artifact.json'), `${JSON.stringify(record, null, 2)}\n`);
    const r = await publish(dir);
    expect(codes(r)).toEqual(['publish.scan_failed', 'scan.threw']);
    const message = r.errors[1]!.message;
    expect(message).toContain('dist/order-map.js');
    expect(message).not.toContain(tmpdir());
    expect(message).not.toMatch(/extkit-publish-/);
  });
});

describe("a hostile marketplace's artifact for an install", () => {
  it("never loads another version's bytes in place of the pinned one, whatever integrity the marketplace pins", async () => {
    const dir = await artifact((m) => void (m.version = '2.0.0'));
    const record = JSON.parse(readFileSync(join(dir, 'artifact.json'), 'utf8')) as { integrity: string };
    const files: Record<string, string> = {};
    for (const path of ['artifact.json', 'manifest.json', ...readdirSync(join(dir, 'dist')).map((f) => `dist/${f}`)])
      files[path] = readFileSync(join(dir, path)).toString('base64');
    const server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          path === '/api/marketplace/installs'
            ? {
                data: [
                  { listing: 'acme.order-map', site: null, version: '1.0.0', integrity: record.integrity, hostAbi: 1 },
                ],
              }
            : path === '/api/marketplace/trust'
              ? { staffKeys: [], revoked: [] }
              : { files, signature: null },
        ),
      );
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const marketplace = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const r = await fetchInstalled('acme.order-map', { marketplace, key: 'k', cache: mkdtempSync(join(work, 'v-')) });
      expect(r.decision).toBeNull();
      expect(codes(r)).toEqual(['verify.version_mismatch']);
      expect(r.errors[0]?.message).toMatch(/pins version "1\.0\.0", but this artifact is order-map@2\.0\.0/);
    } finally {
      server.close();
    }
  });
});

describe('what held, kept holding', () => {
  /** POSTs `body` (text) to the publish endpoint as acme; answers the status and the error's code. */
  const upload = async (body: string): Promise<{ status: number | 'reset'; code: unknown }> => {
    const res = await fetch(`${emu.origin}/api/marketplace/versions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body,
    }).catch(() => null);
    if (!res) return { status: 'reset', code: null };
    const answer = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
    return { status: res.status, code: answer?.error?.code ?? null };
  };
  const versionsOf = async (listing: string) =>
    (await staffListings(emu.origin)).value?.find((l) => l.id === listing)?.versions.map((v) => v.version) ?? [];

  it('refuses upload tricks (a path out of the artifact, an absolute one, a line break, __proto__, 65 files, deep JSON, 37 MB) and stores nothing', async () => {
    const before = await versionsOf('acme.order-map');
    const files = (extra: Record<string, string>) =>
      JSON.stringify({ files: { 'artifact.json': 'e30=', 'manifest.json': 'e30=', ...extra } });
    for (const trick of [
      files({ '../x.js': 'eA==' }),
      files({ 'dist/../../x.js': 'eA==' }),
      files({ '/etc/cron.d/x': 'eA==' }),
      files({ 'a\nb': 'eA==' }),
      files({ 'dist\\x.js': 'eA==' }),
      '{"files":{"artifact.json":"e30=","manifest.json":"e30=","__proto__":"eA=="}}',
      files(Object.fromEntries(Array.from({ length: 63 }, (_, i) => [`f${i}.js`, 'eA==']))),
    ])
      expect(await upload(trick), trick.slice(0, 80)).toEqual({ status: 400, code: 'publish.upload_invalid' });
    const deep = await upload(`{"files":${'['.repeat(3_000_000)}${']'.repeat(3_000_000)}}`);
    expect([400, 413, 'reset']).toContain(deep.status);
    const big = await upload(JSON.stringify({ files: { 'a.js': 'A'.repeat(37 * 1024 * 1024) } }));
    expect([413, 'reset']).toContain(big.status);
    expect(await versionsOf('acme.order-map')).toEqual(before);
  });

  it('stores exactly one of eight simultaneous publishes of one new version', async () => {
    const dirs = await Promise.all(
      Array.from({ length: 8 }, (_, i) => slotArtifact('eight-card', '@acme/eight-card', `eight ${i % 4}`)),
    );
    const results = await Promise.all(dirs.map((d) => publish(d)));
    const created = results.filter((r) => r.created === true);
    expect(created).toHaveLength(1);
    for (const r of results.filter((x) => x !== created[0])) {
      if (r.ok) expect(r).toMatchObject({ created: false, integrity: created[0]!.integrity });
      else expect(codes(r)).toEqual(['publish.version_exists']);
    }
    expect(await versionsOf('acme.eight-card')).toEqual(['1.0.0']);
  });

  it('refuses a foreign Host or Origin on the staff surface, and the refused request changes nothing', async () => {
    const dir = await slotArtifact('held-card', '@acme/held-card', 'held');
    expect((await publish(dir)).ok).toBe(true);
    const { port } = new URL(emu.origin);
    /** A raw request (fetch cannot send another Host), answering the status. */
    const send = (path: string, headers: Record<string, string>, body?: string): Promise<number> =>
      new Promise((done, fail) => {
        const req = request(
          { host: '127.0.0.1', port, path, method: body === undefined ? 'GET' : 'POST', headers },
          (res) => {
            res.resume();
            done(res.statusCode ?? 0);
          },
        );
        req.on('error', fail);
        req.end(body);
      });
    const json = { 'content-type': 'application/json' };
    const revoke = JSON.stringify({ reason: 'a page on another origin' });
    for (const headers of [
      { ...json, host: 'evil.example' },
      { ...json, host: `rebound.example:${port}` },
      { ...json, host: `127.0.0.1:${port}`, origin: 'http://localhost:5173' },
      { ...json, host: `127.0.0.1:${port}`, origin: 'null' },
      { ...json, host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${Number(port) + 1}` },
    ]) {
      expect(await send('/__emulator/marketplace/listings/acme.held-card/revoke', headers, revoke)).toBe(403);
      expect(await send('/__emulator/marketplace/listings/acme.held-card/review', headers, '{}')).toBe(403);
      expect(await send('/__emulator/marketplace/publishers', headers, '{"handle":"mallory"}')).toBe(403);
      expect(await send('/__emulator/keys', headers, '{}')).toBe(403);
      expect(await send('/__emulator/marketplace/listings', headers)).toBe(403);
    }
    const listing = (await staffListings(emu.origin)).value?.find((l) => l.id === 'acme.held-card');
    expect(listing).toMatchObject({ state: 'submitted', revoked: null });
    expect((await staffListings(emu.origin)).value?.some((l) => l.publisher === 'mallory')).toBe(false);
    // The same request from this machine's own origin is answered.
    expect(await send('/__emulator/marketplace/listings', { host: `127.0.0.1:${port}` })).toBe(200);
  });
});

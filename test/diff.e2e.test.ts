// `extkit diff` through the real binary, on artifacts the real build wrote.
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extkitBin, repoRoot, runCli, tempDir } from './helpers/cli.js';
import { exec } from './helpers/exec.js';

const tmp = tempDir('extkit-diff-');
afterAll(tmp.cleanup);

interface DiffJson {
  ok: boolean;
  widens: boolean;
  direction: string;
  older: {
    kind: string;
    id: string;
    version: string;
    integrity: string | null;
    bundle: { raw: number; gzip: number } | null;
  };
  newer: {
    kind: string;
    id: string;
    version: string;
    integrity: string | null;
    bundle: { raw: number; gzip: number } | null;
  };
  changes: Array<{
    code: string;
    widens: boolean;
    older: { path: string; value: unknown } | null;
    newer: { path: string; value: unknown } | null;
    reason: string;
  }>;
  errors?: Array<{ code: string; message: string; path?: string }>;
}

const ext = join(tmp.dir, 'ext');
const store = join(ext, 'artifacts/order-map');
const v1 = join(store, '1.0.0');
const v2 = join(store, '1.1.0');

function build(): void {
  const r = runCli(['build', ext, '--json']);
  expect(r.status, r.stdout + r.stderr).toBe(0);
}

beforeAll(() => {
  cpSync(join(repoRoot, 'test/fixtures/build-basic'), ext, { recursive: true });
  build();
  const file = join(ext, 'manifest.json');
  const m = JSON.parse(readFileSync(file, 'utf8'));
  m.version = '1.1.0';
  m.capabilities.network = ['https://tiles.example.com'];
  m.capabilities.events.push('shipped');
  m.contributes.console.routes = ['/orders-map'];
  m.config = { fields: [{ key: 'zoom', label: 'Zoom', type: 'number', min: 1, max: 20 }] };
  writeFileSync(file, JSON.stringify(m, null, 2));
  appendFileSync(
    join(ext, 'src/card.ts'),
    '\nexport const legend = "Delivery address, as the carrier last reported it";\nconsole.log(legend);\n',
  );
  build();
});

function diff(...args: string[]) {
  const r = runCli(['diff', ...args, '--json']);
  return { status: r.status, json: JSON.parse(r.stdout) as DiffJson, stderr: r.stderr };
}
const codes = (d: DiffJson) => d.changes.map((c) => c.code);

describe('extkit diff: two artifacts', () => {
  it('lists what the newer version asks for, with pointers, and says it widens', () => {
    const { status, json } = diff(v1, v2);
    expect(status).toBe(0);
    expect(json).toMatchObject({
      ok: true,
      widens: true,
      direction: 'upgrade',
      older: { kind: 'artifact', id: 'order-map', version: '1.0.0' },
      newer: { kind: 'artifact', version: '1.1.0' },
    });
    expect(json.older.integrity).toMatch(/^sha256-/);
    expect(codes(json)).toEqual([
      'capabilities.network.added',
      'capabilities.events.added',
      'contributes.console.routes.added',
      'config.fields.added',
      'bundle.size.changed',
    ]);
    expect(json.changes[0]).toMatchObject({
      widens: true,
      older: null,
      newer: { path: '/capabilities/network/0', value: 'https://tiles.example.com' },
    });
    expect(json.changes.filter((c) => c.widens).map((c) => c.code)).toEqual([
      'capabilities.network.added',
      'capabilities.events.added',
      'contributes.console.routes.added',
      'config.fields.added',
    ]);
    expect(json.newer.bundle!.raw).toBeGreaterThan(json.older.bundle!.raw);
    expect(json.changes.at(-1)).toMatchObject({
      older: { path: '/entry', value: json.older.bundle },
      newer: { path: '/entry', value: json.newer.bundle },
    });
  });

  it('--fail-on-widen exits 1 when the newer one asks for more, 0 when it does not', () => {
    expect(diff(v1, v2, '--fail-on-widen')).toMatchObject({ status: 1, json: { ok: false, widens: true } });
    expect(diff(v1, v1, '--fail-on-widen')).toMatchObject({
      status: 0,
      json: { ok: true, widens: false, direction: 'same', changes: [] },
    });
  });

  it('reads from the first to the second: a rollback is a downgrade, judged in that direction', () => {
    const { status, json } = diff(v2, v1, '--fail-on-widen');
    expect(status).toBe(0);
    expect(json).toMatchObject({ widens: false, direction: 'downgrade' });
    expect(codes(json)).toEqual([
      'capabilities.network.removed',
      'capabilities.events.removed',
      'contributes.console.routes.removed',
      'config.fields.removed',
      'bundle.size.changed',
    ]);
  });

  it('prints the changes grouped, each with its reason, and a verdict', () => {
    const r = runCli(['diff', v1, v2]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('order-map 1.0.0 → 1.1.0 (upgrade)');
    const sections = [
      'Capabilities (what it may reach)',
      'Where it loads (contributes)',
      'Settings (config)',
      'Bundle',
    ].map((s) => r.stdout.indexOf(`\n${s}\n`));
    expect(sections.every((i, n) => i > 0 && (n === 0 || i > sections[n - 1]!))).toBe(true);
    expect(r.stdout).toMatch(
      /\+ adds the origin "https:\/\/tiles\.example\.com" {2}widens\n {6}a new origin: the sandbox may connect to https:\/\/tiles\.example\.com\n/,
    );
    expect(r.stdout).toContain('+ adds the console route "/orders-map"  widens');
    expect(r.stdout).toContain('5 changes; 4 widen what the extension can reach');
    const back = runCli(['diff', v2, v1]);
    expect(back.stdout).toContain('(downgrade:');
    expect(back.stdout).toContain('none widens what the extension can reach');
  });

  it('compares an artifact with a manifest file (no bundle on that side)', () => {
    const { status, json } = diff(v2, join(ext, 'manifest.json'));
    expect(status).toBe(0);
    expect(json).toMatchObject({
      widens: false,
      direction: 'same',
      changes: [],
      newer: { kind: 'manifest', integrity: null, bundle: null },
    });
  });
});

describe('extkit diff: inputs it refuses (exit 2)', () => {
  let n = 0;
  const copy = () => {
    const dir = join(tmp.dir, `store-${n++}`, 'order-map', '1.0.0');
    cpSync(v1, dir, { recursive: true });
    return dir;
  };
  const refused = (args: string[], ...expected: string[]) => {
    const { status, json } = diff(...args);
    expect(status).toBe(2);
    expect(json.ok).toBe(false);
    expect(json.errors!.map((e) => e.code)).toEqual(expected);
    return json.errors!;
  };

  it('a missing path, and a folder that is not an artifact (naming its manifest.json)', () => {
    refused([v1, join(tmp.dir, 'nope')], 'diff.not_found');
    const [e] = refused([ext, v1], 'diff.not_artifact');
    expect(e!.message).toContain(join(ext, 'manifest.json'));
    mkdirSync(join(tmp.dir, 'empty'));
    refused([join(tmp.dir, 'empty'), join(tmp.dir, 'nope')], 'diff.not_artifact', 'diff.not_found');
  });

  it('a tampered artifact: a changed bundle, an edited manifest, an extra file, a link', () => {
    const bundle = copy();
    appendFileSync(join(bundle, 'dist/order-map.js'), ';fetch("https://evil.example")');
    refused([v1, bundle], 'diff.artifact_tampered', 'verify.file_changed');
    const manifest = copy();
    const m = JSON.parse(readFileSync(join(manifest, 'manifest.json'), 'utf8'));
    m.capabilities.network = ['https://evil.example'];
    writeFileSync(join(manifest, 'manifest.json'), JSON.stringify(m));
    refused([v1, manifest], 'diff.artifact_tampered', 'verify.file_changed');
    const extra = copy();
    writeFileSync(join(extra, 'dist/extra.js'), 'x');
    refused([v1, extra], 'diff.artifact_tampered', 'verify.file_extra');
    const link = join(tmp.dir, 'link');
    symlinkSync(v1, link);
    refused([link, v1], 'diff.not_artifact');
  });

  it("a manifest that is not JSON, not UTF-8, or not valid: each with the validator's codes", () => {
    const file = (name: string, text: string | Buffer) => {
      const path = join(tmp.dir, name);
      writeFileSync(path, text);
      return path;
    };
    refused([v1, file('syntax.json', '{"id": "order-map",')], 'diff.manifest_invalid', 'json.syntax');
    refused(
      [v1, file('binary.json', Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x00]))],
      'diff.manifest_invalid',
      'json.invalid_utf8',
    );
    const m = JSON.parse(readFileSync(join(v1, 'manifest.json'), 'utf8'));
    m.capabilities.network = ['https://*.example.com'];
    const wild = file('wild.json', JSON.stringify(m, null, 2));
    const errors = refused([wild, v1], 'diff.manifest_invalid', 'capabilities.network.not_origin');
    const line =
      JSON.stringify(m, null, 2)
        .split('\n')
        .findIndex((l) => l.includes('*.example.com')) + 1;
    // Each finding names the file as given and where in it, not a generic manifest.json.
    expect(errors[1]).toMatchObject({
      path: '/capabilities/network/0',
      location: { file: wild, line, column: 6, lineText: '      "https://*.example.com"' },
    });
    const human = runCli(['diff', wild, v1]);
    expect(human.stderr).toContain(`${wild}:${line}:7  error  capabilities.network.not_origin`);
    expect(human.stderr).not.toContain('manifest.json');
    const syntax = refused(
      [v1, file('lines.json', '{\n  "id": "order-map",\n  "version": 1')],
      'diff.manifest_invalid',
      'json.syntax',
    );
    expect(syntax[1]).toMatchObject({ location: { file: join(tmp.dir, 'lines.json'), line: 3 } });
  });

  it('prints refusals on stderr without --json, and usage errors as JSON with it', () => {
    const r = runCli(['diff', v1, join(tmp.dir, 'nope')]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('diff.not_found');
    const usage = runCli(['diff', v1, '--json']);
    expect(usage.status).toBe(2);
    expect(JSON.parse(usage.stdout)).toMatchObject({
      ok: false,
      usage: true,
      errors: [{ code: 'usage.missing_argument' }],
    });
  });

  it('diffs two huge manifests in seconds', () => {
    const m = JSON.parse(readFileSync(join(v1, 'manifest.json'), 'utf8'));
    const big = (offset: number, version: string) => ({
      ...m,
      version,
      capabilities: {
        ...m.capabilities,
        network: Array.from({ length: 30_000 }, (_, i) => `https://h${i + offset}.example.com`),
      },
    });
    writeFileSync(join(tmp.dir, 'big1.json'), JSON.stringify(big(0, '1.0.0')));
    writeFileSync(join(tmp.dir, 'big2.json'), JSON.stringify(big(1, '1.0.1')));
    const t0 = Date.now();
    const { status, json } = diff(join(tmp.dir, 'big1.json'), join(tmp.dir, 'big2.json'), '--fail-on-widen');
    expect(Date.now() - t0).toBeLessThan(20_000);
    expect(status).toBe(1);
    expect(json.changes.map((c) => [c.code, c.older?.path ?? c.newer?.path])).toEqual([
      ['capabilities.network.added', '/capabilities/network/29999'],
      ['capabilities.network.removed', '/capabilities/network/0'],
    ]);
  });

  it('--help explains the inputs, the direction and the exit codes', () => {
    const r = runCli(['diff', '--help']);
    expect(r.status).toBe(0);
    for (const text of ['<older>', '--fail-on-widen', 'downgrade', 'Exit codes: 0', 'docs/diff.md'])
      expect(r.stdout).toContain(text);
  });
});

describe('extkit diff: a marketplace that sends something other than what it published', () => {
  /** The files of artifact folder `dir`, relative path to base64, as the marketplace's artifact answer carries them. */
  const filesOf = (dir: string): Record<string, string> =>
    Object.fromEntries(
      readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => {
          const path = join(e.parentPath, e.name);
          return [relative(dir, path).split(sep).join('/'), readFileSync(path).toString('base64')];
        }),
    );
  /** A stand-in marketplace that answers `<listing>@<version>`'s artifact with `answer` for every version. */
  async function marketplace(answer: (version: string) => { files: Record<string, string>; integrity: string }) {
    const server = createServer((req, res) => {
      const m = /^\/api\/marketplace\/listings\/acme\.order-map\/versions\/([^/]+)\/artifact$/.exec(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (!m)
        return res.writeHead(404).end(JSON.stringify({ error: { type: 'not_found', message: 'no such listing' } }));
      res.end(JSON.stringify(answer(decodeURIComponent(m[1]!))));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise((r) => server.close(r)),
    };
  }
  const integrityOf = (dir: string) =>
    (JSON.parse(readFileSync(join(dir, 'artifact.json'), 'utf8')) as { integrity: string }).integrity;
  async function diffPublished(url: string, env: Record<string, string> = {}) {
    const r = await exec(
      extkitBin,
      ['diff', 'acme.order-map@1.0.0', 'acme.order-map@1.1.0', '--marketplace', url, '--json'],
      { cwd: tmp.dir, timeoutMs: 60_000, env },
    );
    return { status: r.status, json: JSON.parse(r.stdout) as DiffJson };
  }

  it('compares what it sends when the files hash to the integrity it records', async () => {
    const market = await marketplace((v) =>
      v === '1.0.0'
        ? { files: filesOf(v1), integrity: integrityOf(v1) }
        : { files: filesOf(v2), integrity: integrityOf(v2) },
    );
    try {
      const { status, json } = await diffPublished(market.url);
      expect([status, json.older.kind, json.older.integrity, json.newer.integrity]).toEqual([
        0,
        'published',
        integrityOf(v1),
        integrityOf(v2),
      ]);
    } finally {
      await market.close();
    }
  });

  it('refuses files that hash to another integrity than the one it records (diff.published_tampered)', async () => {
    // a whole, self-consistent artifact (1.1.0's), sent as 1.0.0 whose recorded integrity it does not have
    const market = await marketplace(() => ({ files: filesOf(v2), integrity: integrityOf(v1) }));
    try {
      const { status, json } = await diffPublished(market.url);
      expect(status).toBe(2);
      expect(json.errors!.map((e) => e.code)).toEqual(['diff.published_tampered', 'diff.published_tampered']);
      expect(json.errors![0]!.message).toContain(`hash to ${integrityOf(v2)}, but it records ${integrityOf(v1)}`);
    } finally {
      await market.close();
    }
  });

  it("refuses files that are not a whole artifact, with the verifier's reason", async () => {
    const files = filesOf(v1);
    files['dist/order-map.js'] = Buffer.from(
      `${Buffer.from(files['dist/order-map.js']!, 'base64').toString()};fetch("https://evil.example")`,
    ).toString('base64');
    const market = await marketplace(() => ({ files, integrity: integrityOf(v1) }));
    try {
      const { status, json } = await diffPublished(market.url);
      expect(status).toBe(2);
      expect(json.errors!.slice(0, 3).map((e) => e.code)).toEqual([
        'diff.published_tampered',
        'diff.artifact_tampered',
        'verify.file_changed',
      ]);
    } finally {
      await market.close();
    }
  });

  it('refuses a file outside the artifact and writes nothing for it', async () => {
    // the download folder is <TMPDIR>/extkit-diff-*/a: two levels up is TMPDIR itself
    const market = await marketplace(() => ({
      files: { ...filesOf(v1), '../../escaped.js': Buffer.from('x').toString('base64') },
      integrity: integrityOf(v1),
    }));
    const tmpdir = join(tmp.dir, 'own-tmp');
    mkdirSync(tmpdir);
    try {
      const { status, json } = await diffPublished(market.url, { TMPDIR: tmpdir });
      expect(status).toBe(2);
      expect(json.errors!.map((e) => e.code)).toContain('install.artifact_unsafe');
      expect(json.errors![0]!.code).toBe('diff.published_tampered');
      expect(readdirSync(tmpdir)).toEqual([]); // nothing escaped, and the downloads were removed
    } finally {
      await market.close();
    }
  });
});

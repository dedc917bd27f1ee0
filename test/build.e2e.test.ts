import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir } from './helpers/cli.js';

const fixtures = join(repoRoot, 'test/fixtures');
const tmp = tempDir('extkit-build-');
afterAll(tmp.cleanup);

interface Diag {
  code: string;
  message: string;
  path?: string;
  location?: { file: string; line: number; column: number; lineText: string };
}
interface BuildJson {
  ok: boolean;
  errors: Diag[];
  warnings: Diag[];
  validation: { valid: boolean; errors: Diag[] } | null;
  registrations: Array<{ kind: string; id: string }>;
  artifact: {
    dir: string;
    integrity: string;
    files: Array<{ path: string; size: number; sha256: string }>;
    unchanged: boolean;
  } | null;
  size: {
    raw: number;
    gzip: number;
    budget: number;
    enforced: boolean;
    css: number;
    assets: number;
    top: Array<{ path: string; bytes: number }>;
  } | null;
}

let n = 0;
/** Copies a fixture extension into its own temporary folder (no node_modules anywhere above it). */
function copy(name: string, edit?: (dir: string) => void): string {
  const dir = join(tmp.dir, `${name}-${n++}`);
  cpSync(join(fixtures, name), dir, { recursive: true });
  edit?.(dir);
  return dir;
}

function editManifest(dir: string, change: (m: Record<string, unknown>) => void): void {
  const file = join(dir, 'manifest.json');
  const m = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(m);
  writeFileSync(file, JSON.stringify(m, null, 2));
}

function build(dir: string, ...args: string[]) {
  const r = runCli(['build', dir, '--json', ...args]);
  expect(r.stderr).toBe('');
  return { status: r.status, result: JSON.parse(r.stdout) as BuildJson };
}

/** Every file under `dir`, path → bytes, to show that nothing changed. */
function snapshot(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out[join(e.parentPath, e.name)] = readFileSync(join(e.parentPath, e.name), 'base64');
  }
  return out;
}

const codes = (list: Diag[]) => list.map((d) => d.code);

describe('extkit build', () => {
  it('builds an extension that lives in a temporary folder with no node_modules into <out>/<id>/<version>/', () => {
    const dir = copy('build-basic');
    const { status, result } = build(dir);
    expect(status).toBe(0);
    expect(result.ok).toBe(true);
    expect(result.errors).toEqual([]);
    expect(result.validation?.valid).toBe(true);
    expect(result.registrations).toEqual([
      { kind: 'component', id: 'acme.order-map.card' },
      { kind: 'slot', id: 'order.sidebar' },
    ]);
    const art = join(dir, 'artifacts/order-map/1.0.0');
    expect(result.artifact?.dir).toBe(art);
    expect(result.artifact?.integrity).toMatch(/^sha256-[A-Za-z0-9+/]{43}=$/);
    expect(readdirSync(art, { recursive: true }).sort()).toEqual([
      'artifact.json',
      'dist',
      'dist/order-map.js',
      'dist/order-map.js.map',
      'manifest.json',
    ]);
    const record = JSON.parse(readFileSync(join(art, 'artifact.json'), 'utf8'));
    expect(record).toMatchObject({
      artifact: 2,
      id: 'order-map',
      version: '1.0.0',
      source: { package: '@acme/order-map' },
      integrity: result.artifact?.integrity,
    });
    expect(record.files.map((f: { path: string }) => f.path)).toEqual([
      'dist/order-map.js',
      'dist/order-map.js.map',
      'manifest.json',
    ]);
    expect(JSON.parse(readFileSync(join(art, 'manifest.json'), 'utf8'))).toMatchObject({
      id: 'order-map',
      entry: 'dist/order-map.js',
    });
    const bundle = readFileSync(join(art, 'dist/order-map.js'), 'utf8');
    expect(bundle).toMatch(/\/\/# sourceMappingURL=order-map\.js\.map\n$/);
    const map = JSON.parse(readFileSync(join(art, 'dist/order-map.js.map'), 'utf8'));
    expect(map.sources).toContain('../src/index.ts');
    expect(map.sources).toContain('../src/card.ts');
    for (const s of map.sources as string[]) expect(s.startsWith('/')).toBe(false);
    for (const file of readdirSync(art, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
      const text = readFileSync(join(file.parentPath, file.name), 'utf8');
      expect(text, file.name).not.toContain(tmp.dir);
      expect(text, file.name).not.toContain(repoRoot);
    }
    expect(result.size).toMatchObject({
      raw: Buffer.byteLength(bundle),
      gzip: expect.any(Number),
      budget: 65536,
      enforced: false,
      css: 0,
      assets: 0,
    });
  });

  it('is reproducible: two clean copies in separate folders give byte-identical artifacts and one integrity', () => {
    const a = copy('build-basic');
    const b = join(tmp.dir, 'elsewhere', 'much', 'deeper', 'order-map');
    cpSync(join(fixtures, 'build-basic'), b, { recursive: true });
    const ra = build(a).result;
    const rb = build(b).result;
    expect(ra.artifact?.integrity).toBe(rb.artifact?.integrity);
    const strip = (snap: Record<string, string>, root: string) =>
      Object.fromEntries(Object.entries(snap).map(([k, v]) => [k.slice(root.length), v]));
    expect(strip(snapshot(join(a, 'artifacts')), a)).toEqual(strip(snapshot(join(b, 'artifacts')), b));
  });

  it('prints the registrations, sizes, artifact and integrity for a person, exit 0', () => {
    const r = runCli(['build', copy('build-basic')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('registers component acme.order-map.card');
    expect(r.stdout).toMatch(/bundle \d+ B raw, \d+ B gzipped \(budget 64\.0 KiB, the kit's default: a warning\)/);
    expect(r.stdout).toMatch(/✓ order-map@1\.0\.0 built: .*artifacts\/order-map\/1\.0\.0\n {2}integrity sha256-/);
    expect(r.stdout).not.toContain('\u001b[');
  });

  it('leaves out the warnings package.json silences, and counts them', () => {
    const dir = copy('build-basic', (d) => {
      editManifest(d, (m) => void (m.homepage = 'https://x.example'));
      writeFileSync(
        join(d, 'package.json'),
        JSON.stringify({
          name: '@acme/order-map',
          private: true,
          extkit: { publisher: 'acme', ignore: ['manifest.unknown_property'] },
        }),
      );
    });
    const r = runCli(['build', dir]);
    expect(r.status).toBe(0);
    expect(r.stdout).not.toContain('manifest.unknown_property');
    expect(r.stdout).toContain('1 warning silenced by package.json "extkit.ignore"');
  });

  it('treats an identical rebuild as a successful no-op', () => {
    const dir = copy('build-basic');
    const first = build(dir).result;
    const before = snapshot(join(dir, 'artifacts'));
    const again = build(dir);
    expect(again.status).toBe(0);
    expect(again.result.artifact).toMatchObject({ integrity: first.artifact?.integrity, unchanged: true });
    expect(snapshot(join(dir, 'artifacts'))).toEqual(before);
  });

  it('replaces the draft of a version never published, with a notice; refuses a changed build of a published one, changes nothing and names the bump', async () => {
    const dir = copy('build-basic');
    const first = build(dir);
    const card = join(dir, 'src/card.ts');
    writeFileSync(card, readFileSync(card, 'utf8').replace('Order ', 'Commande '));
    const draft = build(dir);
    expect(draft.status).toBe(0);
    expect(draft.result.artifact).toMatchObject({
      unchanged: false,
      replaced: { previous: first.result.artifact!.integrity },
    });
    const text = runCli(['build', dir], { cwd: tmp.dir });
    expect(text.stdout).toContain('is already in the store, identical');
    writeFileSync(card, readFileSync(card, 'utf8').replace('Commande ', 'Pedido '));
    expect(runCli(['build', dir], { cwd: tmp.dir }).stdout).toMatch(
      /rebuilt: .*\n.*\n {2}notice replaced the draft of order-map@1\.0\.0 in the store \(integrity sha256-.*\): it was never published from this project/,
    );
    // `extkit publish` records a version it published; the library call is what it runs.
    const { markPublished } = await import('../packages/bundler/dist/index.js');
    const stored = join(dir, 'artifacts/order-map/1.0.0');
    const published = JSON.parse(readFileSync(join(stored, 'artifact.json'), 'utf8')) as { integrity: string };
    await markPublished(stored, {
      integrity: published.integrity,
      marketplace: 'http://127.0.0.1:8787',
      listing: 'acme.order-map',
    });
    const before = snapshot(join(dir, 'artifacts'));
    writeFileSync(card, readFileSync(card, 'utf8').replace('Pedido ', 'Ordre '));
    const { status, result } = build(dir);
    expect(status).toBe(1);
    expect(codes(result.errors)).toEqual(['artifact.version_exists']);
    expect(result.errors[0]!.message).toContain('bump "version" in manifest.json to 1.0.1');
    expect(result.artifact).toBeNull();
    expect(snapshot(join(dir, 'artifacts'))).toEqual(before);
  });

  it('accepts a greater version beside the first and refuses one that is not greater than every stored version', () => {
    const dir = copy('build-basic');
    build(dir);
    editManifest(dir, (m) => (m.version = '1.2.0'));
    expect(build(dir).status).toBe(0);
    editManifest(dir, (m) => (m.version = '1.1.0'));
    const lower = build(dir);
    expect(lower.status).toBe(1);
    expect(codes(lower.result.errors)).toEqual(['artifact.version_not_greater']);
    expect(lower.result.errors[0]!.message).toContain('1.2.0');
    editManifest(dir, (m) => (m.version = '1.2.0-rc.1'));
    expect(codes(build(dir).result.errors)).toEqual(['artifact.version_not_greater']);
    expect(readdirSync(join(dir, 'artifacts/order-map')).sort()).toEqual(['1.0.0', '1.2.0']);
  });

  it('refuses a renamed id in the store that holds the same extension, by its package name in a shared store', () => {
    const dir = copy('build-basic');
    const store = join(tmp.dir, `store-${n++}`);
    expect(build(dir, '--out', store).status).toBe(0);
    editManifest(dir, (m) => {
      m.id = 'delivery-map';
      m.version = '2.0.0';
      m.contributes = { site: { components: ['acme.delivery-map.card'] }, console: { slots: ['order.sidebar'] } };
    });
    writeFileSync(
      join(dir, 'src/index.ts'),
      readFileSync(join(dir, 'src/index.ts'), 'utf8').replace('acme.order-map.card', 'acme.delivery-map.card'),
    );
    const renamed = build(dir, '--out', store);
    expect(renamed.status).toBe(1);
    expect(codes(renamed.result.errors)).toEqual(['artifact.id_renamed']);
    expect(renamed.result.errors[0]!.message).toContain('"order-map"');
    expect(readdirSync(store)).toEqual(['order-map']);

    const other = copy('build-basic', (d) => {
      writeFileSync(join(d, 'package.json'), JSON.stringify({ name: '@acme/another', extkit: { publisher: 'acme' } }));
      editManifest(d, (m) => {
        m.id = 'another';
        m.contributes = { console: { slots: ['order.sidebar'] } };
      });
      writeFileSync(
        join(d, 'src/index.ts'),
        "import { registerSlot } from '@extkit/runtime';\nregisterSlot('order.sidebar', () => {});\n",
      );
    });
    expect(build(other, '--out', store).status).toBe(0);
    expect(readdirSync(store).sort()).toEqual(['another', 'order-map']);
  });

  it('names a registration that contributes omits, and refuses registering with no contributes at all', () => {
    const undeclared = copy('build-basic', (d) =>
      editManifest(d, (m) => (m.contributes = { site: { components: ['acme.order-map.card'] } })),
    );
    const r1 = build(undeclared);
    expect(r1.status).toBe(1);
    expect(r1.result.errors).toEqual([
      expect.objectContaining({ code: 'scan.undeclared_registration', path: '/contributes/console/slots' }),
    ]);
    expect(r1.result.errors[0]!.message).toContain('slot "order.sidebar"');
    expect(existsSync(join(undeclared, 'artifacts'))).toBe(false);

    const none = copy('build-basic', (d) => editManifest(d, (m) => delete m.contributes));
    const r2 = build(none);
    expect(r2.status).toBe(1);
    expect(codes(r2.result.errors)).toEqual(['scan.contributes_missing']);
  });

  it('warns, and still builds, when a declared contribution is never registered', () => {
    const dir = copy('build-basic', (d) =>
      editManifest(
        d,
        (m) =>
          (m.contributes = {
            site: { components: ['acme.order-map.card'], features: ['tracker'] },
            console: { slots: ['order.sidebar'] },
          }),
      ),
    );
    const { status, result } = build(dir);
    expect(status).toBe(0);
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'scan.unregistered_contribution', path: '/contributes/site/features/0' }),
    ]);
  });

  it('a project budget is a gate: over it, exit 1, the largest inputs named, nothing stored', () => {
    const gated = copy('build-basic', (d) =>
      writeFileSync(
        join(d, 'package.json'),
        JSON.stringify({ name: 'x', extkit: { publisher: 'acme', budget: { gzip: '0.5 KB' } } }),
      ),
    );
    const r = build(gated);
    expect(r.status).toBe(1);
    expect(codes(r.result.errors)).toEqual(['build.size_budget']);
    expect(r.result.errors[0]!.message).toMatch(
      /over the budget of 0\.5 KiB[\s\S]*@extkit\/runtime@0\.1\.0\/dist\/register\.js[\s\S]*src\/index\.ts/,
    );
    expect(r.result.size).toMatchObject({ budget: 512, enforced: true });
    expect(r.result.artifact).toBeNull();
    expect(existsSync(join(gated, 'artifacts'))).toBe(false);
    const human = runCli(['build', gated]);
    expect(human.status).toBe(1);
    expect(human.stdout).toContain('error  build.size_budget');
    // The flag sets the gate too, in the same notation; a generous one passes.
    expect(build(copy('build-basic'), '--size-budget', '100').status).toBe(1);
    expect(build(copy('build-basic'), '--size-budget', '64 KB').result).toMatchObject({
      ok: true,
      size: { budget: 65536, enforced: true },
    });
    expect(runCli(['build', copy('build-basic'), '--size-budget', 'lots']).status).toBe(2);
    const older = copy('build-basic', (d) =>
      writeFileSync(
        join(d, 'package.json'),
        JSON.stringify({ name: 'x', extkit: { publisher: 'acme', sizeBudget: 50 } }),
      ),
    );
    expect(build(older).result.size).toMatchObject({ budget: 50, enforced: true });
    const bad = copy('build-basic', (d) =>
      writeFileSync(
        join(d, 'package.json'),
        JSON.stringify({ name: 'x', extkit: { publisher: 'acme', budget: { gzip: 'small' } } }),
      ),
    );
    expect(codes(build(bad).result.errors)).toEqual(['build.package_json_invalid']);
  });

  it('without a project budget, past 64 KB gzipped is a warning and the build succeeds', () => {
    const big = copy('build-basic', (d) => {
      // Incompressible data the bundle keeps: 96 KB of random bytes, as base64, in a string it uses.
      const data = randomBytes(96 * 1024).toString('base64');
      writeFileSync(
        join(d, 'src/card.ts'),
        `export function renderCard(root: HTMLElement, id: string): void { root.textContent = id + ${JSON.stringify(data)}; }\n`,
      );
    });
    const r = build(big);
    expect(r.status).toBe(0);
    expect(codes(r.result.warnings)).toEqual(['build.size_budget']);
    expect(r.result.warnings[0]!.message).toContain('src/card.ts');
    expect(r.result.size).toMatchObject({ budget: 65536, enforced: false });
  });

  it('checks component namespaces against --publisher over package.json', () => {
    const r = build(copy('build-basic'), '--publisher', 'globex');
    expect(r.status).toBe(1);
    expect(r.result.errors.every((e) => e.path?.startsWith('/contributes/site/components'))).toBe(true);
    expect(r.result.errors.length).toBeGreaterThan(0);
  });

  it('takes the source entry from package.json "extkit.source"', () => {
    const dir = copy('build-basic', (d) => {
      cpSync(join(d, 'src'), join(d, 'lib'), { recursive: true });
      writeFileSync(join(d, 'src/index.ts'), 'this is not the entry (');
      writeFileSync(
        join(d, 'package.json'),
        JSON.stringify({ name: 'x', extkit: { publisher: 'acme', source: 'lib/index.ts' } }),
      );
    });
    expect(build(dir).status).toBe(0);
  });

  it("builds nothing from an invalid manifest and reports the validator's findings", () => {
    const dir = copy('build-basic', (d) => editManifest(d, (m) => (m.version = 'v1')));
    const { status, result } = build(dir);
    expect(status).toBe(1);
    expect(result.validation?.valid).toBe(false);
    expect(result.errors.some((e) => e.path === '/version')).toBe(true);
    expect(result.artifact).toBeNull();
    expect(existsSync(join(dir, 'artifacts'))).toBe(false);
  });
});

describe('extkit build: bad input', () => {
  it('a missing source entry: a clear error, exit 1, nothing in the store', () => {
    const dir = copy('build-basic', (d) => rmSync(join(d, 'src'), { recursive: true }));
    const { status, result } = build(dir);
    expect(status).toBe(1);
    expect(codes(result.errors)).toEqual(['build.source_missing']);
    expect(result.errors[0]!.message).toContain('src/index.ts, src/index.tsx, src/index.js, src/index.jsx');
    expect(existsSync(join(dir, 'artifacts'))).toBe(false);

    const named = copy('build-basic', (d) =>
      writeFileSync(
        join(d, 'package.json'),
        JSON.stringify({ name: 'x', extkit: { publisher: 'acme', source: 'lib/main.ts' } }),
      ),
    );
    expect(build(named).result.errors[0]!.message).toContain('"extkit.source" names lib/main.ts');
  });

  it('an esbuild error: file, line, column and a code frame, exit 1', () => {
    const dir = copy('build-syntax-error');
    const { status, result } = build(dir);
    expect(status).toBe(1);
    expect(result.errors).toEqual([
      expect.objectContaining({
        code: 'build.bundle_error',
        location: { file: 'src/index.ts', line: 5, column: 1, lineText: '};' },
      }),
    ]);
    const human = runCli(['build', dir]);
    expect(human.status).toBe(1);
    expect(human.stdout).toContain('src/index.ts:5:2  error  build.bundle_error');
    expect(human.stdout).toContain('> 5 | };\n    |  ^');
    expect(existsSync(join(dir, 'artifacts'))).toBe(false);
  });

  it('a bundle that throws during the scan: the error, where, and why; exit 1, nothing in the store', () => {
    const dir = copy('build-touches-document');
    const { status, result } = build(dir);
    expect(status).toBe(1);
    expect(codes(result.errors)).toEqual(['scan.threw']);
    expect(result.errors[0]!.message).toMatch(/ReferenceError: document is not defined.*inside a mount function/);
    expect(result.errors[0]!.location).toEqual({
      file: 'src/index.ts',
      line: 7,
      column: 0,
      lineText: "document.body.classList.add('order-map');",
    });
    expect(result.registrations).toEqual([{ kind: 'component', id: 'acme.touches-document.card' }]);
    expect(existsSync(join(dir, 'artifacts'))).toBe(false);
    const human = runCli(['build', dir]);
    expect(human.stdout).toContain('src/index.ts:7:1  error  scan.threw\n');
    expect(human.stdout).toContain("> 7 | document.body.classList.add('order-map');\n    | ^\n");
  });

  it('a register call the runtime refuses: placed at the caller in the source, not inside the runtime', () => {
    const dir = copy('build-basic', (d) =>
      writeFileSync(
        join(d, 'src/index.ts'),
        "import { registerSlot } from '@extkit/runtime';\n\nregisterSlot('order.sidebar', 'render' as never);\n",
      ),
    );
    const { status, result } = build(dir);
    expect(status).toBe(1);
    expect(result.errors[0]).toMatchObject({ code: 'scan.threw', location: { file: 'src/index.ts', line: 3 } });
    expect(result.errors[0]!.message).toContain(
      'registerSlot("order.sidebar"): the mount must be a function, got string',
    );
  });

  it('a bundle that never finishes during the scan: stopped at the time limit, exit 1, nothing in the store', () => {
    const dir = copy('build-never-finishes');
    const t0 = Date.now();
    const { status, result } = build(dir, '--scan-timeout', '300');
    expect(status).toBe(1);
    expect(codes(result.errors)).toEqual(['scan.timeout']);
    expect(result.errors[0]!.message).toContain('300 ms');
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(existsSync(join(dir, 'artifacts'))).toBe(false);
  });

  it('an entry that would write outside the artifact: refused, exit 1, nothing written', () => {
    for (const entry of ['../escape.js', 'dist/../../escape.js', '/tmp/escape.js']) {
      const dir = copy('build-basic', (d) => editManifest(d, (m) => (m.entry = entry)));
      const { status, result } = build(dir);
      expect(status, entry).toBe(1);
      expect(result.errors.length, entry).toBeGreaterThan(0);
      expect(
        result.errors.every((e) => e.path === '/entry'),
        entry,
      ).toBe(true);
      expect(existsSync(join(dir, 'artifacts')), entry).toBe(false);
      expect(existsSync(join(dir, 'escape.js')), entry).toBe(false);
    }
    const reserved = copy('build-basic', (d) => editManifest(d, (m) => (m.entry = 'artifact.json')));
    expect(codes(build(reserved).result.errors)).toEqual(['build.entry_reserved']);
  });

  it('an unwritable out folder: a clear error, exit 1, no temporary folder left behind', () => {
    const dir = copy('build-basic');
    const blocker = join(tmp.dir, `not-a-folder-${n++}`);
    writeFileSync(blocker, 'a file where the store should be');
    const { status, result } = build(dir, '--out', join(blocker, 'store'));
    expect(status).toBe(1);
    expect(codes(result.errors)).toEqual(['artifact.out_unwritable']);
    expect(result.errors[0]!.message).toContain(join(blocker, 'store'));

    const store = join(tmp.dir, `store-${n++}`);
    mkdirSync(join(store, 'order-map', '1.0.0.partial'), { recursive: true });
    writeFileSync(join(store, 'order-map', '1.0.0'), 'a file where the version folder goes');
    const blocked = build(dir, '--out', store);
    expect(blocked.status).toBe(1);
    expect(codes(blocked.result.errors)).toEqual(['artifact.out_unwritable']);
    expect(readdirSync(store)).toEqual(['order-map']);
    expect(readdirSync(join(store, 'order-map')).sort()).toEqual(['1.0.0', '1.0.0.partial']);
  });

  it('a folder that does not exist is a usage error (exit 2); --json prints it as JSON too', () => {
    const r = runCli(['build', join(tmp.dir, 'nope'), '--json']);
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual({
      ok: false,
      usage: true,
      errors: [{ code: 'path.not_found', message: expect.stringContaining('no such extension folder') }],
      warnings: [],
    });
    expect(r.stderr).toContain('no such extension folder');
    const unknown = runCli(['build', copy('build-basic'), '--json', '--frobnicate']);
    expect(unknown.status).toBe(2);
    expect(JSON.parse(unknown.stdout).errors).toEqual([
      { code: 'usage.unknown_option', message: expect.stringContaining('--frobnicate') },
    ]);
    expect(runCli(['build', copy('build-basic'), '--scan-timeout', 'soon']).status).toBe(2);
    expect(runCli(['build', copy('build-basic'), '--publisher', 'Not A Handle']).status).toBe(2);
  });
});

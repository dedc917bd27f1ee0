import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markPublished } from './artifact/published.js';
import { build } from './build.js';
import { verify } from './verify.js';

const fixture = resolve(import.meta.dirname, '../../../test/fixtures/build-basic');
const copy = () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'extkit-build-unit-')), 'ext');
  cpSync(fixture, dir, { recursive: true });
  return dir;
};

describe('build', () => {
  it('lets concurrent builds of one version both succeed with one artifact', async () => {
    const dir = copy();
    const results = await Promise.all([build(dir), build(dir), build(dir)]);
    expect(results.map((r) => r.ok)).toEqual([true, true, true]);
    expect(new Set(results.map((r) => r.artifact?.integrity)).size).toBe(1);
    expect(results.filter((r) => r.artifact?.unchanged === false).length).toBeGreaterThanOrEqual(1);
    expect(readdirSync(join(dir, 'artifacts'))).toEqual(['order-map']);
  });

  it('takes turns on a draft raced with different content (the later replaces it, whole), and refuses both once published', async () => {
    const a = copy();
    const b = copy();
    writeFileSync(
      join(b, 'src/card.ts'),
      'export function renderCard(root: HTMLElement, id: string): void { root.textContent = id; }\n',
    );
    const store = mkdtempSync(join(tmpdir(), 'extkit-race-'));
    const [ra, rb] = await Promise.all([build(a, { out: store }), build(b, { out: store })]);
    expect([ra.ok, rb.ok]).toEqual([true, true]);
    const later = ra.artifact!.replaced ? ra : rb;
    const earlier = later === ra ? rb : ra;
    expect(later.artifact!.replaced).toEqual({ previous: earlier.artifact!.integrity });
    expect(earlier.artifact!.replaced).toBeUndefined();
    const dir = join(store, 'order-map', '1.0.0');
    expect((await verify(dir)).artifact?.integrity).toBe(later.artifact!.integrity);

    await markPublished(dir, {
      integrity: later.artifact!.integrity,
      marketplace: 'http://127.0.0.1:1',
      listing: 'acme.order-map',
    });
    writeFileSync(join(a, 'src/card.ts'), readFileSync(join(a, 'src/card.ts'), 'utf8') + '\nexport const a = 1;\n');
    writeFileSync(join(b, 'src/card.ts'), readFileSync(join(b, 'src/card.ts'), 'utf8') + '\nexport const b = 1;\n');
    const refused = await Promise.all([build(a, { out: store }), build(b, { out: store })]);
    expect(refused.map((r) => r.errors.map((e) => e.code))).toEqual([
      ['artifact.version_exists'],
      ['artifact.version_exists'],
    ]);
    expect((await verify(dir)).artifact?.integrity).toBe(later.artifact!.integrity);
  });

  it("places a failure that names its bundle position 100,000 times within the scan's time", async () => {
    const dir = copy();
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { entry: string };
    // A source that throws its own bundle path and a position 100,000 times, beside a 3 MB source of its own.
    writeFileSync(
      join(dir, 'src/index.ts'),
      `export const pad = ${JSON.stringify('x'.repeat(3_000_000))};\nthrow new Error(${JSON.stringify(`${manifest.entry}:1:1 `.repeat(100_000))});\n`,
    );
    const t0 = performance.now();
    const r = await build(dir, { out: mkdtempSync(join(tmpdir(), 'extkit-hostile-')) });
    expect(performance.now() - t0).toBeLessThan(10_000);
    // The thrown text comes first in the stack, so its positions are the ones placed (the first ten, mapped once).
    expect(r.errors[0]).toMatchObject({
      code: 'scan.threw',
      location: { file: 'dist/order-map.js', line: 1, column: 0 },
    });
  });

  it('reports a folder without manifest.json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'extkit-empty-'));
    const r = await build(dir);
    expect(r).toMatchObject({ ok: false, validation: null, artifact: null });
    expect(r.errors.map((e) => e.code)).toEqual(['build.manifest_missing']);
  });

  it('leaves out the warnings package.json silences, and reports what in the list silences nothing', async () => {
    const dir = copy();
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, homepage: 'https://x.example' }));
    const loud = await build(dir, { out: mkdtempSync(join(tmpdir(), 'extkit-ignore-')) });
    expect(loud.warnings.map((w) => w.code)).toContain('manifest.unknown_property');
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: '@acme/order-map',
        extkit: { publisher: 'acme', ignore: ['manifest.unknown_property', 'nope'] },
      }),
    );
    const quiet = await build(dir, { out: mkdtempSync(join(tmpdir(), 'extkit-ignore-')) });
    expect(quiet.ok).toBe(true);
    expect(quiet.warnings.map((w) => w.code)).not.toContain('manifest.unknown_property');
    expect(quiet.warnings.map((w) => w.code)).toContain('ignore.invalid');
    expect(quiet.validation?.silenced).toBe(1);
  });

  it('gives a JSON syntax error in manifest.json its position', async () => {
    const dir = copy();
    writeFileSync(join(dir, 'manifest.json'), '{\n  "id": "order-map",\n  "name": }\n');
    const r = await build(dir);
    expect(r.errors[0]).toMatchObject({
      code: 'json.syntax',
      location: { file: 'manifest.json', line: 3, lineText: '  "name": }' },
    });
  });

  it('a watch build replaces <out>/.watch/<id> and never writes through a link there', async () => {
    const dir = copy();
    const first = await build(dir, { watch: true });
    expect(first.artifact?.dir).toBe(join(dir, 'artifacts/.watch/order-map'));
    expect((await build(dir, { watch: true })).ok).toBe(true);
    expect(readdirSync(join(dir, 'artifacts')).sort()).toEqual(['.watch']);
    const linked = copy();
    const elsewhere = mkdtempSync(join(tmpdir(), 'extkit-elsewhere-'));
    mkdirSync(join(linked, 'artifacts'));
    symlinkSync(elsewhere, join(linked, 'artifacts/.watch'));
    const r = await build(linked, { watch: true });
    expect(r.errors.map((e) => e.code)).toEqual(['artifact.store_symlink']);
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});

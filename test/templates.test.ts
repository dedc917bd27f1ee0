// Every template as it stands in the repository: listed in the catalog, valid,
// built, its generated types current, and nothing in it that create cannot rewrite.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from '../packages/bundler/dist/index.js';
import { manifestDeclaration, readManifest, TYPES_FILE } from '../packages/manifest/dist/index.js';
import { tempDir } from './helpers/cli.js';
import { readManifestOf, TEMPLATES, TEMPLATES_DIR } from './helpers/templates.js';

const out = tempDir('extkit-templates-');
afterAll(out.cleanup);

it('the catalog lists exactly the template folders, one per kind of contribution', () => {
  const folders = readdirSync(TEMPLATES_DIR).filter((f) => statSync(join(TEMPLATES_DIR, f)).isDirectory());
  expect([...TEMPLATES].sort()).toEqual(folders.sort());
  const kinds = TEMPLATES.map((t) => readManifestOf(join(TEMPLATES_DIR, t)).contributes);
  expect(kinds.some((c) => c.site?.components)).toBe(true);
  expect(kinds.some((c) => c.site?.features)).toBe(true);
  expect(kinds.some((c) => c.console?.routes)).toBe(true);
  expect(kinds.some((c) => c.console?.slots)).toBe(true);
  expect(kinds.some((c) => c.console?.shell)).toBe(true);
});

describe.each(TEMPLATES)('template %s', (name) => {
  const dir = join(TEMPLATES_DIR, name);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
    extkit: { publisher: string };
  };

  it('is valid, with no warnings, for its default publisher', () => {
    const { report } = readManifest(join(dir, 'manifest.json'), { publisher: pkg.extkit.publisher });
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([]);
    const raw = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { $schema?: string };
    expect(raw.$schema).toBe('../../schemas/manifest.schema.json');
  });

  it('builds, and its bundle registers exactly what it declares', async () => {
    const result = await build(dir, { out: join(out.dir, name) });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.registrations.length).toBe(1);
  });

  it('carries current generated types, package scripts, a tsconfig, a test and a README', () => {
    const { report } = readManifest(join(dir, 'manifest.json'));
    expect(readFileSync(join(dir, TYPES_FILE), 'utf8')).toBe(manifestDeclaration(report.manifest!));
    expect(Object.keys(pkg.scripts)).toEqual(expect.arrayContaining(['dev', 'build', 'validate', 'test']));
    const files = readdirSync(join(dir, 'src'));
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(true);
    expect(statSync(join(dir, 'tsconfig.json')).isFile()).toBe(true);
    expect(readFileSync(join(dir, 'README.md'), 'utf8')).toMatch(/^# /);
  });

  it('names its publisher only in package.json and in namespaced ids, so create can rewrite every use', () => {
    const { id } = readManifestOf(dir);
    for (const file of ['manifest.json', 'README.md', ...readdirSync(join(dir, 'src')).map((f) => `src/${f}`)]) {
      const text = readFileSync(join(dir, file), 'utf8');
      const bare = text.replaceAll(`${pkg.extkit.publisher}.${id}.`, '');
      expect(bare, file).not.toMatch(new RegExp(`\\b${pkg.extkit.publisher}\\b`));
    }
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSource, readProject } from './project.js';

const folder = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'extkit-project-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
};

describe('readProject', () => {
  it('reads the package name and the extkit settings', async () => {
    const dir = folder({
      'package.json': JSON.stringify({
        name: '@acme/x',
        extkit: { publisher: 'acme', source: 'lib/a.ts', sizeBudget: 2048 },
      }),
    });
    expect(await readProject(dir)).toEqual({
      settings: { name: '@acme/x', publisher: 'acme', source: 'lib/a.ts', sizeBudget: 2048 },
      errors: [],
    });
  });

  it('has no settings without package.json, and reports one that is broken', async () => {
    expect(await readProject(folder({}))).toEqual({ settings: { name: null }, errors: [] });
    expect((await readProject(folder({ 'package.json': '{' }))).errors.map((e) => e.code)).toEqual([
      'build.package_json_invalid',
    ]);
    const bad = await readProject(
      folder({ 'package.json': JSON.stringify({ extkit: { source: 3, sizeBudget: -1 } }) }),
    );
    expect(bad.errors.map((e) => e.message)).toEqual([
      expect.stringContaining('"extkit.source"'),
      expect.stringContaining('"extkit.sizeBudget"'),
    ]);
  });
});

describe('findSource', () => {
  it('takes the first of src/index.ts, .tsx, .js, .jsx', () => {
    expect(findSource(folder({ 'src/index.jsx': '', 'src/index.tsx': '' }), { name: null })).toEqual({
      source: 'src/index.tsx',
    });
    expect(findSource(folder({ 'src/index.js': '', 'src/index.ts': '' }), { name: null })).toEqual({
      source: 'src/index.ts',
    });
  });

  it('takes package.json "extkit.source" over the convention, and says when a source is missing', () => {
    const dir = folder({ 'src/index.ts': '', 'lib/main.ts': '' });
    expect(findSource(dir, { name: null, source: 'lib/main.ts' })).toEqual({ source: 'lib/main.ts' });
    expect(findSource(dir, { name: null, source: 'lib/none.ts' })).toMatchObject({
      error: { code: 'build.source_missing' },
    });
    expect(findSource(folder({}), { name: null })).toMatchObject({ error: { code: 'build.source_missing' } });
  });
});

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateManifest } from '../validate.js';
import { manifestDeclaration } from './declaration.js';
import { refreshTypes } from './project.js';
import { writeTypes } from './write.js';

const manifest = {
  id: 'weather',
  name: 'Weather',
  version: '1.0.0',
  entry: 'dist/index.js',
  hostAbi: 1,
  capabilities: { props: ['city', 'data-id', 'onPick'], events: ['select', 'select', 'closed'] },
  contributes: {
    site: { components: ['acme.weather.card'], functionBindings: { 'acme.weather.card': 'onPick' } },
    console: { routes: ['/weather'] },
  },
  config: {
    fields: [
      {
        key: 'units',
        label: 'Units',
        type: 'select',
        options: [
          { value: 'c', label: 'C' },
          { value: 'f', label: 'F' },
        ],
      },
      { key: 'days', label: 'Days */ shown', type: 'number', min: 1, max: 14 },
      { key: 'live', label: 'Live', type: 'boolean' },
    ],
    defaults: { units: 'c', live: 'true' },
  },
};

describe('manifestDeclaration', () => {
  const text = manifestDeclaration(validateManifest(manifest, { publisher: 'acme' }).manifest!);

  it('types every declared prop, quoting names that are not identifiers, and binding props as function names', () => {
    expect(text).toContain('  readonly city?: unknown;');
    expect(text).toContain('  readonly "data-id"?: unknown;');
    expect(text).toMatch(/Function binding of acme\.weather\.card[^\n]*\n {2}readonly onPick\?: string;/);
  });

  it('types config from the fields: selects as their options, keys with a default always present', () => {
    expect(text).toContain('  readonly units: "c" | "f";');
    expect(text).toContain('  readonly days?: number;');
    expect(text).toContain('  readonly live: boolean;');
    expect(text).toContain('/** Days * / shown (1 to 14) */');
  });

  it('types events and ids as unions, and what is not declared as never', () => {
    expect(text).toContain('export type EventName = "select" | "closed";');
    expect(text).toContain('export type ComponentId = "acme.weather.card";');
    expect(text).toContain('export type RoutePath = "/weather";');
    expect(text).toContain('export type SlotId = never;');
    expect(manifestDeclaration({ id: 'x' })).toContain('export type EventName = never;');
  });

  it('fills in the global ExtkitManifestTypes that @extkit/testing reads', () => {
    expect(text).toContain('export type ShellId = never;');
    expect(text).toMatch(
      /declare global \{\n[^]*interface ExtkitManifestTypes \{\n {4}props: Props;\n {4}config: Config;\n {4}events: EventName;\n {4}ids: ComponentId \| FeatureId \| SlotId \| RoutePath \| OrgRoutePath \| ShellId;/,
    );
    expect(manifestDeclaration({ id: 'x', contributes: { console: { shell: true } } })).toContain(
      'export type ShellId = "shell";',
    );
  });
});

describe('writeTypes and refreshTypes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'extkit-types-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('says there is no manifest, and writes nothing', () => {
    expect(writeTypes(dir)).toMatchObject({ ok: false, changed: false, errors: [{ code: 'types.no_manifest' }] });
  });

  it('writes src/manifest.d.ts, then leaves an unchanged file untouched', () => {
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    const first = writeTypes(dir);
    expect(first).toMatchObject({ ok: true, file: join(dir, 'src', 'manifest.d.ts'), changed: true });
    const mtime = statSync(first.file).mtimeMs;
    expect(writeTypes(dir).changed).toBe(false);
    expect(statSync(first.file).mtimeMs).toBe(mtime);
    expect(readFileSync(first.file, 'utf8')).toContain('"select" | "closed"');
  });

  it('reports a manifest that is not JSON', () => {
    writeFileSync(join(dir, 'manifest.json'), '{ "id": ');
    expect(writeTypes(dir)).toMatchObject({ ok: false, errors: [{ code: 'json.syntax' }] });
  });

  it('refreshes only a TypeScript project (one with tsconfig.json)', () => {
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    expect(refreshTypes(dir)).toBeNull();
    writeFileSync(join(dir, 'tsconfig.json'), '{}');
    expect(refreshTypes(dir)?.ok).toBe(true);
  });
});

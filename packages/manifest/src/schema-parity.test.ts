// The published JSON Schema (schemas/manifest.schema.json, what editors check with) and the
// validator give one verdict: the schema never calls an error what the CLI accepts, and it
// refuses what the CLI refuses wherever a JSON Schema can say so. test/editor-parity.test.ts
// drives VS Code's own JSON language service over the shared corpus.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EDITOR_KEYWORDS, publishedSchema, repoRoot } from '../scripts/generate.js';
import { validateManifest } from './validate.js';

const compile = () => {
  // Strict mode, with the two allowances the schema needs on purpose: union types (an option's
  // value is a string, number or boolean) and one open tuple (fields past the 50th are not read).
  const ajv = new Ajv2020({ strict: true, strictTuples: false, allowUnionTypes: true, allErrors: true });
  for (const keyword of EDITOR_KEYWORDS) ajv.addKeyword(keyword);
  return ajv.compile(JSON.parse(readFileSync(join(repoRoot, 'schemas/manifest.schema.json'), 'utf8')) as object);
};

const base = JSON.parse(readFileSync(join(repoRoot, 'examples/weather-widget/manifest.json'), 'utf8')) as Record<
  string,
  any
>;

describe('the published JSON Schema', () => {
  it('compiles in ajv strict mode', () => {
    expect(() => compile()).not.toThrow();
    expect(publishedSchema().$id).toBe('https://extkit.dev/schemas/manifest.schema.json');
  });

  it('describes every property, site and console included, and gives every pattern a readable message', () => {
    const schema = publishedSchema() as any;
    expect(schema.properties.contributes.properties.site.description).toMatch(/components/);
    expect(schema.properties.contributes.properties.console.description).toMatch(/slots/);
    const walk = (node: any, at: string): void => {
      if (typeof node !== 'object' || node === null) return;
      if (typeof node.pattern === 'string') expect(node.patternErrorMessage, at).toMatch(/^[A-Z].{30,}/);
      for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
    };
    walk(schema, '');
  });

  const validate = compile();
  const warnOnly: Array<[string, (m: Record<string, any>) => void]> = [
    ['an unknown key', (m) => (m.homepage = 'https://x.example')],
    ['an unknown key in a section', (m) => (m.capabilities.color = 'red')],
    [
      'a config field of an unknown type, with other problems inside',
      (m) => m.config.fields.push({ key: 'c', type: 'color', label: 3, options: 'x' }),
    ],
    [
      'a field past the 50th, broken',
      (m) =>
        (m.config.fields = [
          ...Array.from({ length: 50 }, (_, i) => ({ key: `f${i}`, label: 'F', type: 'string' })),
          { type: 'select' },
        ]),
    ],
    ['an http origin that is not loopback', (m) => (m.capabilities.network = ['http://api.example.com'])],
    [
      'an origin written in upper case, with its default port',
      (m) => (m.capabilities.network = ['HTTPS://API.example.com:443']),
    ],
    ['a repeated prop', (m) => (m.capabilities.props = ['city', 'city', 'units', 'onPickFn'])],
    ['an entry that is not .js', (m) => (m.entry = 'dist/index.cjs')],
    ['no contributes', (m) => delete m.contributes],
    ['contributes {}', (m) => (m.contributes = {})],
    ['min on a string field', (m) => m.config.fields.push({ key: 's', label: 'S', type: 'string', min: 1 })],
  ];
  it.each(warnOnly)('does not call %s an error (the CLI only warns)', (_, edit) => {
    const m = structuredClone(base);
    edit(m);
    expect(validateManifest(m, { publisher: 'acme' }).valid).toBe(true);
    expect(validate(m), JSON.stringify(validate.errors)).toBe(true);
  });

  const refused: Array<[string, (m: Record<string, any>) => void]> = [
    ['an entry that is a URL', (m) => (m.entry = 'https://cdn.example/x.js')],
    ['an entry that escapes the root', (m) => (m.entry = '../x.js')],
    ['an entry that goes down and back up', (m) => (m.entry = 'dist/../x.js')],
    ['a percent-encoded entry', (m) => (m.entry = '%2e%2e/x.js')],
    ['a select without options', (m) => m.config.fields.push({ key: 's', label: 'S', type: 'select' })],
    ['a select with no option', (m) => m.config.fields.push({ key: 's', label: 'S', type: 'select', options: [] })],
    ['an origin with a path', (m) => (m.capabilities.network = ['https://api.example.com/v1'])],
    ['a wildcard origin', (m) => (m.capabilities.network = ['https://*.example.com'])],
    ['a route without "/"', (m) => (m.contributes.console = { routes: ['deal-board'] })],
    ['an org route with ".."', (m) => (m.contributes.console = { orgRoutes: ['/a/../b'] })],
    ['a version with "v"', (m) => (m.version = 'v1.2.0')],
  ];
  it.each(refused)('refuses %s, as the CLI does', (_, edit) => {
    const m = structuredClone(base);
    edit(m);
    expect(validateManifest(m, { publisher: 'acme' }).valid).toBe(false);
    expect(validate(m)).toBe(false);
  });

  it('never calls an error what the CLI accepts (fuzzed around every rule)', () => {
    const pick = <T>(...v: T[]) => fc.constantFrom(...v);
    const edits = fc.record(
      {
        entry: pick('dist/index.js', 'index.mjs', 'a/./b.js', 'dist/x.cjs', '../x.js', 'a b/c.js', 'x', '.', 'dist/'),
        network: fc.array(
          pick(
            'https://a.example',
            'HTTP://A.example:80',
            'wss://[::1]:1',
            'https://a.example/',
            'http://x.example',
            'https://a:',
            'ftp://x',
          ),
          { maxLength: 3 },
        ),
        routes: fc.array(pick('/a', '/', '/a/b', 'a', '/a/..', '/.x', '/a b'), { maxLength: 3 }),
        fields: fc.array(
          fc.record(
            {
              key: pick('a', 'b', ''),
              label: pick<unknown>('L', 5),
              type: pick<unknown>('string', 'number', 'select', 'color', 7),
              min: pick<unknown>(undefined, 1, 'x'),
              options: pick<unknown>(undefined, [], [{ value: 1, label: 'One' }], 'x'),
            },
            { requiredKeys: ['type'] },
          ),
          { maxLength: 4 },
        ),
        extra: fc.dictionary(pick('homepage', 'x', 'icons'), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
      },
      { requiredKeys: [] },
    );
    let accepted = 0;
    fc.assert(
      fc.property(edits, (e) => {
        const m = structuredClone(base);
        if (e.entry !== undefined) m.entry = e.entry;
        if (e.network) m.capabilities.network = e.network;
        if (e.routes) m.contributes.console = { routes: e.routes };
        if (e.fields) m.config = { fields: JSON.parse(JSON.stringify(e.fields)) };
        Object.assign(m, e.extra);
        if (!validateManifest(m, { publisher: 'acme' }).valid) return;
        accepted++;
        expect(validate(m), JSON.stringify(validate.errors)).toBe(true);
      }),
      { numRuns: 1500 },
    );
    expect(accepted).toBeGreaterThan(100);
  }, 120_000);
});

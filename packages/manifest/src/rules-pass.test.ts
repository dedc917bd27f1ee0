import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Manifest } from './schema.js';
import { structuralCheck } from './structural.js';
import { validateManifest } from './validate.js';

const root = join(import.meta.dirname, '../../..');

// Properties of the rule pass (checks/), on manifests that pass the structural check, with values
// drawn from small pools that sit on both sides of every semantic rule (mostly the clean side, so
// that whole manifests are often clean), so that near misses are common.
const pick = <T>(...values: T[]) => fc.constantFrom(...values);
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 8, arbitrary: good }, { weight: 1, arbitrary: bad });
/** Lists mostly without repeats (a repeat is a warning). */
const some = <T>(arb: fc.Arbitrary<T>, maxLength = 3) =>
  mostly(fc.uniqueArray(arb, { maxLength }), fc.array(arb, { maxLength }));
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });

const propName = mostly(pick('city', 'units', 'onPickFn'), pick('x'));
const optionValue = fc.oneof(pick('a', 'b', '1', 'true', ''), pick(1, 0, -0, 2.5), fc.boolean());
const key = pick('units', 'days', 'mode', 'on', '__proto__', 'constructor');
const field = fc.oneof(
  fc.record({ key, label: pick('Label', ''), type: pick('string', 'boolean') }),
  fc.record(
    { key, label: pick('Label'), type: pick('number'), min: optional(pick(0, 1, 10)), max: optional(pick(0, 5, 100)) },
    { requiredKeys: ['key', 'label', 'type'] },
  ),
  fc.record({
    key,
    label: pick('Label'),
    type: pick('select'),
    options: fc.array(fc.record({ value: optionValue, label: pick('A', 'B') }), { minLength: 1, maxLength: 3 }),
  }),
  // The near misses: members a type does not use, a select without options.
  fc.record(
    {
      key,
      label: pick('Label'),
      type: pick('string', 'number', 'boolean', 'select'),
      min: optional(pick(0, 10)),
      max: optional(pick(5)),
      options: optional(some(fc.record({ value: optionValue, label: pick('A') }))),
    },
    { requiredKeys: ['key', 'label', 'type'] },
  ),
);
const fewFields = mostly(
  fc.uniqueArray(field, { maxLength: 4, selector: (f) => f.key }),
  fc.array(field, { maxLength: 4 }),
);
// Many fields, for the path that indexes keys in a Map, now and then with a repeated key.
const manyFields = fc
  .tuple(fc.integer({ min: 17, max: 52 }), mostly(fc.constant(false), fc.constant(true)))
  .chain(([n, repeat]) =>
    fc.tuple(
      ...Array.from({ length: n }, (_, i) =>
        fc.record({
          key: fc.constant(repeat && i === n - 1 ? 'f1' : `f${i}`),
          label: fc.constant('F'),
          type: pick('string', 'number'),
        }),
      ),
    ),
  );
const defaultValue = mostly(
  fc.oneof(optionValue, pick(3, 50)),
  fc.oneof(pick<unknown>(200, '5', ' 7 ', 'x', 'TRUE', null), fc.constant({}), fc.constant([1])),
);

/** A value of the field's own type, when it has one to give. */
const ownValue = (f: { type: string; options?: Array<{ value: unknown }> }): unknown =>
  f.type === 'select' ? (f.options?.[0]?.value ?? 'a') : f.type === 'number' ? 5 : f.type === 'boolean' ? true : 'text';

const soundish = fc
  .tuple(pick('acme', 'acme-co'), pick('weather-widget', 'weather'))
  .chain(([publisher, id]) => {
    const componentId = mostly(
      pick(`${publisher}.${id}.card`, `${publisher}.${id}.panel`),
      fc.tuple(pick('acme', 'acm', 'other'), pick('weather-widget', 'w'), pick('card')).map((parts) => parts.join('.')),
    );
    const manifest = fc.record(
      {
        $schema: pick('../../schemas/manifest.schema.json'),
        id: fc.constant(id),
        name: pick('Weather'),
        version: pick('1.2.0'),
        entry: mostly(
          pick('dist/index.js', './dist/index.mjs', 'index.js', 'a/b-c/d_e.js'),
          pick(
            'dist/index.cjs',
            'dist/../x.js',
            '%2e%2e/x.js',
            'dist/',
            'a\\b.js',
            'dist/x.js?v=1',
            '/abs.js',
            'C:/x.js',
            'https://cdn.example/x.js',
            '.hidden/x.js',
            'dist/.x.js',
            'dist//x.js',
            '.',
            './x.js',
          ),
        ),
        hostAbi: pick(1, 3),
        description: pick('Forecasts.'),
        capabilities: fc.record(
          {
            network: some(
              mostly(
                pick(
                  'https://api.example.com',
                  'wss://a.example:8443',
                  'https://a.b.c-d.example:8080',
                  'https://a.example',
                ),
                pick(
                  'https://API.example.com',
                  'http://localhost:3000',
                  'http://x.com',
                  'https://a.example:443',
                  'https://1.2.3.4',
                  'https://a.example/',
                  'ftp://x',
                  'https://*.x.com',
                  '',
                  'https://a.example:99999',
                  'https://xn--a.example',
                ),
              ),
            ),
            props: some(propName),
            events: some(pick('select', 'change')),
            size: fc.record({ height: pick(1, 240) }),
          },
          { requiredKeys: [] },
        ),
        contributes: mostly(
          fc.record(
            {
              site: some(componentId, 2).chain((components) =>
                fc.record(
                  {
                    components: fc.constant(components),
                    features: some(pick('cart', 'search')),
                    // Bindings mostly for the components declared, as they must be.
                    functionBindings: fc.dictionary(
                      components.length ? mostly(pick(...components), componentId) : componentId,
                      propName,
                      { maxKeys: 2 },
                    ),
                  },
                  { requiredKeys: [] },
                ),
              ),
              console: fc.record(
                {
                  slots: some(pick('deal.sidebar', 'order.panel')),
                  routes: some(
                    mostly(
                      pick('/a', '/a/b', '/deal-board'),
                      pick('a', '/a?x', '//a', '/a/../b', '/a b', '/.', '/a#b', '/a\\b'),
                    ),
                  ),
                  orgRoutes: some(mostly(pick('/org'), pick('org'))),
                  shell: fc.boolean(),
                },
                { requiredKeys: [] },
              ),
            },
            { requiredKeys: [] },
          ),
          fc.constant({}),
        ),
        restrictParent: some(pick('acme.weather.card', 'x')),
        restrictChildren: some(pick('acme.weather.card', 'y')),
        config: fc.oneof({ weight: 4, arbitrary: fewFields }, { weight: 1, arbitrary: manyFields }).chain((fields) =>
          fc.record(
            {
              fields: fc.constant(fields),
              // Mostly the fields' own keys, with a value of the field's type now and then.
              defaults: fc.oneof(
                fc.dictionary(
                  mostly(fields.length ? pick(...fields.map((f) => f.key)) : key, key),
                  mostly(fields.length ? pick(...fields.map(ownValue)) : defaultValue, defaultValue),
                  { maxKeys: 3 },
                ),
                // A default for every field, in the fields' order.
                fc.constant(Object.fromEntries(fields.map((f) => [f.key, ownValue(f)]))),
              ),
            },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: ['id', 'name', 'version', 'entry', 'hostAbi', 'contributes'] },
    );
    // structuredClone: plain objects, as JSON.parse makes (fast-check's have no prototype), -0 kept.
    return manifest.map((m) => ({ publisher, manifest: structuredClone(m) }));
  })
  .filter(({ manifest }) => structuralCheck(manifest));

/** The input without $schema and with the coerced defaults as the report has them: what normalization may change silently. */
function silentlyNormalized(input: Record<string, unknown>, normalized: Manifest | null): Record<string, unknown> {
  const { $schema: _, ...rest } = structuredClone(input);
  const defaults = normalized?.config?.defaults;
  const config = rest.config as { defaults?: Record<string, unknown> } | undefined;
  if (config?.defaults && defaults)
    for (const k of Object.keys(config.defaults)) if (Object.hasOwn(defaults, k)) config.defaults[k] = defaults[k];
  return rest;
}

describe('the rule pass', () => {
  it('changes nothing it does not report: a manifest without diagnostics is its own normalized form (but $schema and coerced defaults)', () => {
    let clean = 0;
    let runs = 0;
    fc.assert(
      fc.property(soundish, ({ manifest, publisher }) => {
        runs++;
        const r = validateManifest(manifest, { publisher });
        if (r.errors.length + r.warnings.length > 0) return;
        clean++;
        expect(r.manifest).toStrictEqual(silentlyNormalized(manifest, r.manifest));
      }),
      { numRuns: 4000 },
    );
    // The pools must reach both answers often, or the property above proves little.
    expect(clean).toBeGreaterThan(runs * 0.04);
    expect(clean).toBeLessThan(runs * 0.5);
  }, 120_000);

  it("normalizes to a fixed point: a valid manifest's normalized form is valid, normalizes to itself, and warns of nothing new", () => {
    fc.assert(
      fc.property(soundish, ({ manifest, publisher }) => {
        const first = validateManifest(manifest, { publisher });
        if (!first.valid) return;
        const again = validateManifest(first.manifest, { publisher });
        expect(again.valid).toBe(true);
        expect(again.manifest).toStrictEqual(first.manifest);
        const codes = new Set(first.warnings.map((w) => w.code));
        expect(again.warnings.filter((w) => !codes.has(w.code))).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  }, 120_000);

  it('accepts the example and every template, the manifests users start from, without a word', () => {
    const manifests = [
      join(root, 'examples/weather-widget/manifest.json'),
      ...readdirSync(join(root, 'templates'), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => join(root, 'templates', d.name, 'manifest.json')),
    ];
    expect(manifests.length).toBeGreaterThan(5);
    for (const file of manifests) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      expect(structuralCheck(manifest), file).toBe(true);
      const r = validateManifest(manifest, { publisher: 'acme' });
      expect([...r.errors, ...r.warnings], file).toEqual([]);
    }
  });

  it('reports or normalizes every near miss', () => {
    const base = JSON.parse(readFileSync(join(root, 'examples/weather-widget/manifest.json'), 'utf8')) as Manifest;
    const variants: Array<(m: Manifest) => void> = [
      (m) => (m.entry = 'dist/index.cjs'), // a warning
      (m) => m.capabilities!.network!.push('https://api.weather.example'), // a repeat
      (m) => (m.capabilities!.network![0] = 'https://API.weather.example'), // not canonical
      (m) => (m.contributes!.site!.components![0] = 'other.weather-widget.card'),
      (m) => (m.contributes!.site!.functionBindings = { 'acme.weather-widget.card': 'onClose' }), // an undeclared prop
      (m) => (m.config!.defaults!.days = '5'), // coerced
      (m) => (m.config!.defaults!.days = 20), // out of range
      (m) => (m.config!.defaults!.units = 'k'), // not an option
      (m) => m.config!.fields!.push({ key: 'units', label: 'Again', type: 'string' }),
      (m) => (m.contributes = {}),
      (m) => delete m.contributes,
    ];
    for (const change of variants) {
      const m = structuredClone(base);
      change(m);
      const r = validateManifest(m, { publisher: 'acme' });
      const { $schema: _, ...unchanged } = m;
      expect(
        r.errors.length + r.warnings.length > 0 || !isDeepStrictEqual(r.manifest, unchanged),
        change.toString(),
      ).toBe(true);
    }
  });
});

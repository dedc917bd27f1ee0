import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { strictSchema } from '../scripts/generate.js';
import { KNOWN_KEYS } from './known-keys.js';
import { validateManifest } from './validate.js';

// The compiled check leaves the component ids' form to the rules' one pass over the ids
// (scripts/generate.ts); the structural check reports what that pass finds where the full
// schema's check would have. These tests hold it to that check, compiled here from the schema.
type Schema = { properties?: Record<string, Schema> };
const schema = strictSchema() as Schema;
const full = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true }).compile(schema);

/** The pointers the full check finds fault at, in its order (a missing property at its own pointer). */
function fullCheckOrder(manifest: unknown): Map<string, number> {
  full(manifest);
  const order = new Map<string, number>();
  for (const e of full.errors ?? []) {
    const pointer = e.keyword === 'required' ? `${e.instancePath}/${String(e.params.missingProperty)}` : e.instancePath;
    if (!order.has(pointer)) order.set(pointer, order.size);
  }
  return order;
}

const STRUCTURAL =
  /\.(missing|wrong_type|empty|too_long|out_of_range|not_kebab_case|not_semver|not_component_id|not_prop_name)$|^manifest\.not_object$/;

const pick = <T>(...values: T[]) => fc.constantFrom(...values);
/** The right type mostly, so that what is inside is reached. */
const mostly = (good: fc.Arbitrary<unknown>, bad: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: bad });
const componentIds = fc.array(
  pick<unknown>(
    'acme.w.card',
    'acme.w.card',
    'other.w.card',
    'acme.x.card',
    'Acme.w.card',
    'acme.w',
    '',
    'acme..card',
    7,
    null,
    'a.b.c.d',
  ),
  { maxLength: 8 },
);
const brokenAnywhere = fc.record(
  {
    id: pick<unknown>('w', 'W', 3),
    name: pick<unknown>('N', '', 5),
    version: pick<unknown>('1.0.0', 'v1', 1),
    entry: pick<unknown>('index.js', '', 0),
    hostAbi: pick<unknown>(1, 0, 'x'),
    capabilities: fc.oneof(
      fc.record(
        {
          props: fc.array(pick<unknown>('a', '', 3), { maxLength: 3 }),
          size: pick<unknown>({ height: 1 }, {}, { height: 0 }),
        },
        { requiredKeys: [] },
      ),
      pick<unknown>('x'),
    ),
    contributes: mostly(
      fc.record(
        {
          site: mostly(
            fc.record(
              {
                components: mostly(componentIds, pick<unknown>('acme.w.card')),
                features: fc.array(pick<unknown>('f', '', 2), { maxLength: 3 }),
                functionBindings: pick<unknown>({ 'acme.w.card': 'onPick' }, { 'acme.w.card': 'on pick' }, 3),
                zz: pick(1),
              },
              { requiredKeys: ['components'] },
            ),
            pick<unknown>(4),
          ),
          console: fc.record(
            {
              slots: fc.array(pick<unknown>('s', '', 1), { maxLength: 2 }),
              shell: pick<unknown>(true, 'yes'),
              zz: pick(1),
            },
            { requiredKeys: [] },
          ),
          yy: pick(2),
        },
        { requiredKeys: ['site'] },
      ),
      pick<unknown>([]),
    ),
    restrictParent: fc.array(pick<unknown>('p', '', 1), { maxLength: 2 }),
    restrictChildren: pick<unknown>(['c'], 'x'),
    config: fc.record(
      {
        fields: fc.array(
          pick<unknown>({ key: 'k', label: 'K', type: 'string' }, { key: '', label: 1, type: 'string' }, 'f'),
          { maxLength: 2 },
        ),
        defaults: pick<unknown>({}, 1),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['contributes'] },
);

describe('the structural check, with the component ids checked by the rules', () => {
  it("knows each object's properties in the schema's order (which the compiled check follows)", () => {
    for (const [parent, keys] of Object.entries(KNOWN_KEYS)) {
      const node = parent
        .split('/')
        .slice(1)
        .reduce((n, key) => n.properties![key]!, schema);
      expect(keys, parent || 'the manifest').toEqual(Object.keys(node.properties!));
    }
  });

  it('reports a component id out of form where the full check does, in its order, among the other structural errors', () => {
    let misshapen = 0;
    fc.assert(
      fc.property(brokenAnywhere, (manifest) => {
        const order = fullCheckOrder(manifest);
        const errors = validateManifest(manifest, { publisher: 'acme' }).errors.filter((d) => STRUCTURAL.test(d.code));
        const ranks = errors.map((d) => order.get(d.path));
        expect(ranks, JSON.stringify(manifest)).not.toContain(undefined);
        expect(ranks, JSON.stringify(manifest)).toEqual([...(ranks as number[])].sort((a, b) => a - b));
        // The ids the full check finds out of form, and no others.
        const byPattern = (full(manifest), full.errors ?? [])
          .filter((e) => e.keyword === 'pattern' && e.instancePath.startsWith('/contributes/site/components/'))
          .map((e) => e.instancePath);
        const reported = errors
          .filter((d) => d.code === 'contributes.site.components.not_component_id')
          .map((d) => d.path);
        expect(reported).toEqual(byPattern);
        misshapen += reported.length;
      }),
      { numRuns: 3000 },
    );
    expect(misshapen).toBeGreaterThan(1000);
  });

  it('puts an id out of form after what comes before the ids and before what comes after them', () => {
    const manifest = {
      id: 'w',
      name: 'W',
      version: 'v1',
      entry: 'index.js',
      hostAbi: 1,
      contributes: {
        site: { zz: 1, components: ['acme.w.card', 'Acme.w.card', 3, '', 'acme.w.card'], features: [''] },
        console: { shell: 'yes' },
      },
      restrictParent: [''],
    };
    const report = validateManifest(manifest, { publisher: 'acme' });
    expect(report.errors.map((d) => [d.code, d.path])).toEqual([
      ['version.not_semver', '/version'],
      ['contributes.site.components.not_component_id', '/contributes/site/components/1'],
      ['contributes.site.components.wrong_type', '/contributes/site/components/2'],
      ['contributes.site.components.not_component_id', '/contributes/site/components/3'],
      ['contributes.site.features.empty', '/contributes/site/features/0'],
      ['contributes.console.shell.wrong_type', '/contributes/console/shell'],
      ['restrictParent.empty', '/restrictParent/0'],
    ]);
    expect(report.errors[1]!.message).toBe(
      'contributes.site.components[1] is the string "Acme.w.card", which is not a component id <publisher handle>.<manifest id>.<role>, each part kebab-case',
    );
    expect(report.warnings.map((d) => [d.code, d.path])).toEqual([
      ['manifest.unknown_property', '/contributes/site/zz'],
      ['contributes.site.components.duplicate', '/contributes/site/components/4'],
    ]);
  });
});

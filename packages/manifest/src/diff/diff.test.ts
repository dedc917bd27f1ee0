import { describe, expect, it } from 'vitest';
import { validateManifest } from '../validate.js';
import { growth } from './__fixtures__/linear.js';
import { CHANGES, type ChangeCode } from './codes.js';
import { diffManifests } from './diff.js';
import type { DiffSide, ManifestChange } from './types.js';

type M = Record<string, any>;

const base = (): M => ({
  id: 'weather-widget',
  name: 'Weather Widget',
  version: '1.2.0',
  entry: 'dist/index.js',
  hostAbi: 3,
  description: 'Shows the forecast for a city.',
  capabilities: {
    network: ['https://api.weather.example'],
    props: ['city', 'onPickFn'],
    events: ['select'],
    size: { height: 240 },
  },
  contributes: {
    site: {
      components: ['acme.weather-widget.card'],
      features: ['tracker'],
      functionBindings: { 'acme.weather-widget.card': 'onPickFn' },
    },
    console: { slots: ['order.sidebar'], routes: ['/weather'], orgRoutes: ['/org-weather'], shell: false },
  },
  restrictParent: ['acme.layout.column'],
  restrictChildren: ['acme.weather-widget.day'],
  config: {
    fields: [
      { key: 'units', label: 'Units', type: 'select', options: [{ value: 'c', label: 'Celsius' }] },
      { key: 'days', label: 'Days shown', type: 'number', min: 1, max: 14 },
    ],
    defaults: { units: 'c', days: 5 },
  },
});

const exercised = new Set<ChangeCode>();

/** The diff from `base()` to `base()` edited, each change's code recorded as exercised. */
function diff(
  edit: (m: M) => void,
  editOlder?: (m: M) => void,
  sides?: { older?: Partial<DiffSide>; newer?: Partial<DiffSide> },
) {
  const older = base();
  editOlder?.(older);
  const newer = structuredClone(older);
  edit(newer);
  const d = diffManifests({ manifest: older, ...sides?.older }, { manifest: newer, ...sides?.newer });
  for (const c of d.changes) exercised.add(c.code);
  return d;
}
const only = (changes: ManifestChange[]) => {
  expect(changes).toHaveLength(1);
  return changes[0]!;
};

describe('diffManifests', () => {
  it('finds nothing between a manifest and itself; direction by semver', () => {
    const d = diffManifests({ manifest: base() }, { manifest: base() });
    expect(d).toEqual({
      older: { id: 'weather-widget', version: '1.2.0', bundle: null },
      newer: { id: 'weather-widget', version: '1.2.0', bundle: null },
      direction: 'same',
      widens: false,
      changes: [],
    });
    expect(diff((m) => (m.version = '1.10.0')).direction).toBe('upgrade');
    expect(diff((m) => (m.version = '1.2.0-rc.1')).direction).toBe('downgrade');
    expect(diff((m) => (m.version = '1.2.0+build.7')).direction).toBe('same');
    expect(diff((m) => (m.version = 'v2')).direction).toBe('unordered');
    expect(diff((m) => (m.version = '2.0.0')).changes).toEqual([]);
  });

  it('identity: id widens (another extension); name, description, entry and hostAbi do not', () => {
    expect(only(diff((m) => (m.id = 'weather-board')).changes)).toMatchObject({
      code: 'id.changed',
      widens: true,
      older: { path: '/id', value: 'weather-widget' },
      newer: { path: '/id', value: 'weather-board' },
    });
    expect(only(diff((m) => (m.name = 'Weather')).changes)).toMatchObject({
      code: 'name.changed',
      widens: false,
      message: 'name "Weather Widget" → "Weather"',
    });
    expect(only(diff((m) => delete m.description).changes)).toMatchObject({
      code: 'description.changed',
      widens: false,
      older: { path: '/description' },
      newer: null,
    });
    expect(only(diff((m) => (m.entry = 'dist/main.js')).changes)).toMatchObject({
      code: 'entry.changed',
      widens: false,
    });
    const abi = only(diff((m) => (m.hostAbi = 4)).changes);
    expect(abi).toMatchObject({ code: 'hostAbi.changed', widens: false, older: { value: 3 }, newer: { value: 4 } });
    expect(abi.reason).toContain('generation 4');
  });

  describe('capabilities.network', () => {
    const net = (older: string[], newer: string[]) =>
      diff(
        (m) => (m.capabilities.network = newer),
        (m) => (m.capabilities.network = older),
      ).changes;

    it('a new origin widens; a removed one narrows', () => {
      expect(only(net([], ['https://api.example.com']))).toMatchObject({
        code: 'capabilities.network.added',
        widens: true,
        older: null,
        newer: { path: '/capabilities/network/0', value: 'https://api.example.com' },
      });
      expect(only(net(['https://api.example.com', 'https://b.example'], ['https://b.example']))).toMatchObject({
        code: 'capabilities.network.removed',
        widens: false,
        older: { path: '/capabilities/network/0' },
        newer: null,
        reason: 'the sandbox may no longer connect to it',
      });
    });

    it('going from a specific origin to a wildcard widens; the reverse narrows', () => {
      const wider = net(['https://a.example.com'], ['https://*.example.com']);
      expect(wider.map((c) => [c.code, c.widens])).toEqual([
        ['capabilities.network.added', true],
        ['capabilities.network.removed', false],
      ]);
      expect(wider[0]!.reason).toBe(
        'wider than https://a.example.com, which the older version listed: it also reaches every subdomain of example.com over https',
      );
      expect(wider[1]!.reason).toBe('still matched by https://*.example.com, so nothing is lost');
      const narrower = net(['https://*.example.com'], ['https://a.example.com']);
      expect(narrower.map((c) => [c.code, c.widens])).toEqual([
        ['capabilities.network.added', false],
        ['capabilities.network.removed', false],
      ]);
      expect(narrower[0]!.reason).toBe(
        "the older version's https://*.example.com already matches every URL it matches",
      );
      expect(
        diff(
          () => {},
          () => {},
        ).widens,
      ).toBe(false);
    });

    it('one wildcard taking the place of thousands of origins: linear, and its reason stays a sentence', () => {
      const many = (n: number) => Array.from({ length: n }, (_, i) => `https://h${i}.example.com`);
      expect(growth((n) => net(many(n), ['https://*.example.com']), 1_000)).toBeLessThan(24);
      const changes = net(many(20_000), ['https://*.example.com']);
      expect(changes).toHaveLength(20_001);
      expect(changes[0]).toMatchObject({
        widens: true,
        reason:
          'wider than https://h0.example.com, https://h1.example.com, https://h2.example.com and 19,997 more, which the older version listed: it also reaches every subdomain of example.com over https',
      });
      expect(
        changes
          .slice(1)
          .every(
            (c) =>
              c.code === 'capabilities.network.removed' &&
              c.reason === 'still matched by https://*.example.com, so nothing is lost',
          ),
      ).toBe(true);
    });

    it('a scheme change to an unencrypted or wider scheme widens; to https narrows', () => {
      const plain = net(['https://a.com'], ['http://a.com']);
      expect(plain[0]).toMatchObject({ code: 'capabilities.network.added', widens: true });
      expect(plain[0]!.reason).toContain('http://a.com (unencrypted)');
      expect(net(['https://a.com'], ['wss://a.com'])[0]).toMatchObject({
        code: 'capabilities.network.added',
        widens: true,
      });
      expect(net(['http://a.com'], ['https://a.com'])[0]).toMatchObject({
        code: 'capabilities.network.added',
        widens: false,
      });
      expect(net(['https://a.com'], ['https://a.com:8443'])[0]).toMatchObject({
        code: 'capabilities.network.added',
        widens: true,
      });
      expect(net(['https://a.com:8443'], ['https://a.com:*'])[0]).toMatchObject({
        code: 'capabilities.network.added',
        widens: true,
      });
    });

    it('an entry the kit cannot read widens when added, and only an identical one covers it', () => {
      expect(net([], ['https://a.com/path'])[0]).toMatchObject({
        widens: true,
        reason: expect.stringContaining('not an origin the kit can read'),
      });
      expect(net(['https://a.com/path'], ['https://a.com/path'])).toEqual([]);
      expect(net([], [42 as unknown as string])[0]).toMatchObject({
        code: 'capabilities.network.added',
        widens: true,
        newer: { value: 42 },
      });
    });

    it('reads each entry as the URL parser does: case, punycode and an explicit default port are the same origin', () => {
      expect(net(['https://EXAMPLE.com'], ['https://example.com'])[0]).toMatchObject({
        code: 'capabilities.network.added',
        widens: false,
      });
      expect(net(['https://bücher.example'], ['https://xn--bcher-kva.example'])[0]).toMatchObject({
        code: 'capabilities.network.added',
        widens: false,
      });
      expect(net(['https://a.com:443'], ['https://a.com'])[0]).toMatchObject({
        code: 'capabilities.network.added',
        widens: false,
      });
      const many = Array.from({ length: 5_000 }, (_, i) => `https://h${i}.example.com`);
      expect(
        net([...many, 'https://*.cdn.example'], [...many, 'https://x.cdn.example', 'https://y.example.com']),
      ).toMatchObject([
        { code: 'capabilities.network.added', widens: false, newer: { path: '/capabilities/network/5000' } },
        { code: 'capabilities.network.added', widens: true, newer: { path: '/capabilities/network/5001' } },
        { code: 'capabilities.network.removed', older: { path: '/capabilities/network/5000' } },
      ]);
    });

    it('compares lists as sets: order and repeats change nothing', () => {
      expect(net(['https://a.com', 'https://b.com'], ['https://b.com', 'https://a.com', 'https://b.com'])).toEqual([]);
    });
  });

  it('props and events: an added one widens, a removed one does not', () => {
    expect(only(diff((m) => m.capabilities.props.push('secret')).changes)).toMatchObject({
      code: 'capabilities.props.added',
      widens: true,
      newer: { path: '/capabilities/props/2', value: 'secret' },
    });
    expect(only(diff((m) => m.capabilities.props.shift()).changes)).toMatchObject({
      code: 'capabilities.props.removed',
      widens: false,
      older: { path: '/capabilities/props/0', value: 'city' },
    });
    expect(only(diff((m) => m.capabilities.events.push('purchase')).changes)).toMatchObject({
      code: 'capabilities.events.added',
      widens: true,
    });
    expect(only(diff((m) => (m.capabilities.events = [])).changes)).toMatchObject({
      code: 'capabilities.events.removed',
      widens: false,
    });
    expect(only(diff((m) => (m.capabilities.size = { height: 600 })).changes)).toMatchObject({
      code: 'capabilities.size.changed',
      widens: false,
      message: 'frame height 240 → 600',
    });
  });

  it('an unknown capability counts as widening; an unknown top-level member does not', () => {
    expect(only(diff((m) => (m.capabilities.camera = true)).changes)).toMatchObject({
      code: 'unknown.added',
      section: 'other',
      widens: true,
      newer: { path: '/capabilities/camera', value: true },
    });
    expect(
      only(
        diff(
          (m) => (m.capabilities.camera = false),
          (m) => (m.capabilities.camera = true),
        ).changes,
      ),
    ).toMatchObject({ code: 'unknown.changed', widens: true });
    expect(
      only(
        diff(
          (m) => delete m.capabilities.camera,
          (m) => (m.capabilities.camera = true),
        ).changes,
      ),
    ).toMatchObject({ code: 'unknown.removed', widens: false });
    expect(only(diff((m) => (m.homepage = 'https://x')).changes)).toMatchObject({
      code: 'unknown.added',
      widens: false,
    });
    expect(diff((m) => (m.$schema = 'https://extkit.dev/schemas/manifest.schema.json')).changes).toEqual([]);
  });

  describe('contributes', () => {
    it('every added placement widens; removed ones do not', () => {
      const cases: Array<[string, (m: M) => void]> = [
        ['contributes.site.components.added', (m) => m.contributes.site.components.push('acme.weather-widget.map')],
        ['contributes.site.features.added', (m) => m.contributes.site.features.push('beacon')],
        ['contributes.console.slots.added', (m) => m.contributes.console.slots.push('deal.sidebar')],
        ['contributes.console.routes.added', (m) => m.contributes.console.routes.push('/admin')],
        ['contributes.console.orgRoutes.added', (m) => m.contributes.console.orgRoutes.push('/billing')],
        ['contributes.console.shell.added', (m) => (m.contributes.console.shell = true)],
        [
          'contributes.site.functionBindings.added',
          (m) => (m.contributes.site.functionBindings['acme.weather-widget.map'] = 'onPickFn'),
        ],
      ];
      for (const [code, edit] of cases)
        expect(only(diff(edit).changes), code).toMatchObject({ code, section: 'contributes', widens: true });
      const removed: Array<[string, (m: M) => void]> = [
        ['contributes.site.components.removed', (m) => (m.contributes.site.components = [])],
        ['contributes.site.features.removed', (m) => delete m.contributes.site.features],
        ['contributes.console.slots.removed', (m) => (m.contributes.console.slots = [])],
        ['contributes.console.routes.removed', (m) => (m.contributes.console.routes = [])],
        ['contributes.console.orgRoutes.removed', (m) => (m.contributes.console.orgRoutes = [])],
        ['contributes.site.functionBindings.removed', (m) => (m.contributes.site.functionBindings = {})],
        [
          'contributes.site.functionBindings.changed',
          (m) => (m.contributes.site.functionBindings['acme.weather-widget.card'] = 'onPick2Fn'),
        ],
      ];
      for (const [code, edit] of removed) expect(only(diff(edit).changes), code).toMatchObject({ code, widens: false });
      expect(
        only(
          diff(
            (m) => (m.contributes.console.shell = false),
            (m) => (m.contributes.console.shell = true),
          ).changes,
        ),
      ).toMatchObject({
        code: 'contributes.console.shell.removed',
        widens: false,
        older: { path: '/contributes/console/shell' },
      });
      expect(
        diff((m) => (m.contributes.console.routes[0] = '/radar')).changes.map((c) => [
          c.code,
          c.older?.path ?? null,
          c.newer?.path ?? null,
        ]),
      ).toEqual([
        ['contributes.console.routes.added', null, '/contributes/console/routes/0'],
        ['contributes.console.routes.removed', '/contributes/console/routes/0', null],
      ]);
    });

    it('dropping contributes (legacy) widens; declaring it where there was none narrows, except placements legacy never reached', () => {
      const dropped = diff((m) => delete m.contributes).changes;
      expect(dropped[0]).toMatchObject({
        code: 'contributes.undeclared',
        widens: true,
        older: { path: '/contributes' },
        newer: null,
      });
      expect(dropped.find((c) => c.code === 'contributes.console.shell.added')).toMatchObject({
        widens: true,
        newer: null,
      });
      // Legacy still loads where its element is placed: components are not reported as lost.
      expect(dropped.some((c) => c.code === 'contributes.site.components.removed')).toBe(false);
      expect(dropped.filter((c) => c.code === 'contributes.console.routes.removed')).toHaveLength(1);

      const declare = (m: M) => (m.contributes = base().contributes);
      const declared = diff(declare, (m) => delete m.contributes).changes;
      expect(declared[0]).toMatchObject({ code: 'contributes.declared', widens: false, older: null });
      expect(declared.find((c) => c.code === 'contributes.site.components.added')).toMatchObject({ widens: false });
      expect(declared.find((c) => c.code === 'contributes.console.routes.added')).toMatchObject({ widens: true });
      expect(declared.find((c) => c.code === 'contributes.console.shell.removed')).toMatchObject({
        widens: false,
        older: null,
      });
      expect(diff(declare, (m) => delete m.contributes).widens).toBe(true);
      expect(
        diff(
          (m) => delete m.contributes,
          (m) => delete m.contributes,
        ).changes,
      ).toEqual([]);
    });
  });

  it('lineage: a parent added to a restriction, or a lifted one, widens; children never widen', () => {
    expect(only(diff((m) => m.restrictParent.push('acme.layout.row')).changes)).toMatchObject({
      code: 'restrictParent.added',
      section: 'lineage',
      widens: true,
    });
    expect(only(diff((m) => (m.restrictParent = [])).changes)).toMatchObject({
      code: 'restrictParent.removed',
      widens: false,
    });
    expect(only(diff((m) => delete m.restrictParent).changes)).toMatchObject({
      code: 'restrictParent.lifted',
      widens: true,
      newer: null,
    });
    expect(
      only(
        diff(
          (m) => (m.restrictParent = ['x']),
          (m) => delete m.restrictParent,
        ).changes,
      ),
    ).toMatchObject({ code: 'restrictParent.imposed', widens: false, older: null });
    expect(only(diff((m) => m.restrictChildren.push('acme.weather-widget.hour')).changes)).toMatchObject({
      code: 'restrictChildren.added',
      widens: false,
    });
    expect(only(diff((m) => (m.restrictChildren = [])).changes)).toMatchObject({
      code: 'restrictChildren.removed',
      widens: false,
    });
    expect(only(diff((m) => delete m.restrictChildren).changes)).toMatchObject({
      code: 'restrictChildren.lifted',
      widens: false,
    });
    expect(
      only(
        diff(
          (m) => (m.restrictChildren = []),
          (m) => delete m.restrictChildren,
        ).changes,
      ),
    ).toMatchObject({ code: 'restrictChildren.imposed', widens: false });
  });

  it('config: fields by key, each property, and defaults; only a new field widens', () => {
    const field = (m: M, key: string) => m.config.fields.find((f: M) => f.key === key);
    expect(
      only(diff((m) => m.config.fields.push({ key: 'city', label: 'City', type: 'string' })).changes),
    ).toMatchObject({
      code: 'config.fields.added',
      section: 'config',
      widens: true,
      newer: { path: '/config/fields/2' },
    });
    const cases: Array<[ChangeCode, (m: M) => void, string]> = [
      ['config.fields.type_changed', (m) => (field(m, 'days').type = 'string'), '/config/fields/1/type'],
      ['config.fields.label_changed', (m) => (field(m, 'days').label = 'Days'), '/config/fields/1/label'],
      ['config.fields.range_changed', (m) => (field(m, 'days').max = 30), '/config/fields/1/max'],
      [
        'config.fields.options_changed',
        (m) => field(m, 'units').options.push({ value: 'f', label: 'Fahrenheit' }),
        '/config/fields/0/options',
      ],
      ['config.defaults.added', (m) => (m.config.defaults.city = 'Oslo'), '/config/defaults/city'],
      ['config.defaults.changed', (m) => (m.config.defaults.days = 7), '/config/defaults/days'],
    ];
    for (const [code, edit, path] of cases)
      expect(only(diff(edit).changes), code).toMatchObject({ code, section: 'config', widens: false, newer: { path } });
    expect(only(diff((m) => m.config.fields.shift()).changes)).toMatchObject({
      code: 'config.fields.removed',
      older: { path: '/config/fields/0' },
      newer: null,
    });
    expect(only(diff((m) => delete m.config.defaults.units).changes)).toMatchObject({
      code: 'config.defaults.removed',
      older: { path: '/config/defaults/units', value: 'c' },
    });
    // Reordering fields moves their pointers, nothing else.
    const moved = diff((m) => m.config.fields.reverse());
    expect(moved.changes).toEqual([]);
    expect(only(diff((m) => (m.config.fields.reverse(), (field(m, 'units').label = 'U'))).changes)).toMatchObject({
      older: { path: '/config/fields/0/label' },
      newer: { path: '/config/fields/1/label' },
    });
  });

  it('bundle size when both sides are artifacts, never when one is a manifest alone', () => {
    const sized = diff(() => {}, undefined, {
      older: { bundle: { raw: 1000, gzip: 500 } },
      newer: { bundle: { raw: 30_000, gzip: 9000 } },
    });
    expect(only(sized.changes)).toMatchObject({
      code: 'bundle.size.changed',
      section: 'bundle',
      widens: false,
      older: { path: '/entry', value: { raw: 1000, gzip: 500 } },
      message: 'bundle 1,000 B → 29.3 KiB (+28.3 KiB), 500 B → 9,000 B gzipped',
    });
    expect(sized.newer.bundle).toEqual({ raw: 30_000, gzip: 9000 });
    expect(diff(() => {}, undefined, { older: { bundle: { raw: 1000 } } }).changes).toEqual([]);
    expect(
      diff(() => {}, undefined, { older: { bundle: { raw: 1000 } }, newer: { bundle: { raw: 1000 } } }).changes,
    ).toEqual([]);
  });

  it('orders changes by section, then as the manifest lists them', () => {
    const d = diff((m) => {
      m.config.defaults.days = 9;
      m.contributes.console.routes.push('/b');
      m.capabilities.events.push('e');
      m.name = 'N';
    });
    expect(d.changes.map((c) => c.section)).toEqual(['identity', 'capabilities', 'contributes', 'config']);
  });

  it('reads anything JSON holds without throwing: null, arrays, wrong types, __proto__, deep nesting', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const odd: unknown[] = [
      null,
      [],
      'text',
      7,
      { capabilities: [], contributes: null, config: { fields: 'x', defaults: [] } },
      JSON.parse('{"__proto__": {"polluted": true}, "capabilities": {"__proto__": ["x"]}}'),
      { capabilities: { deep } },
    ];
    for (const a of odd)
      for (const b of odd) expect(() => diffManifests({ manifest: a }, { manifest: b })).not.toThrow();
    expect(({} as M).polluted).toBeUndefined();
    const d = diffManifests({ manifest: { capabilities: { deep } } }, { manifest: { capabilities: { deep: [deep] } } });
    expect(only(d.changes)).toMatchObject({ code: 'unknown.changed', widens: true });
  });

  it('diffs large manifests in linear time', () => {
    const big = (n: number, offset: number) => ({
      ...base(),
      capabilities: {
        network: Array.from({ length: n }, (_, i) => `https://h${i + offset}.example.com`),
        props: Array.from({ length: n }, (_, i) => `p${i + offset}`),
      },
      contributes: { site: { components: Array.from({ length: n }, (_, i) => `acme.weather-widget.c${i + offset}`) } },
    });
    expect(growth((n) => diffManifests({ manifest: big(n, 0) }, { manifest: big(n, n / 2) }), 1_000)).toBeLessThan(24);
    const d = diffManifests({ manifest: big(2_000, 0) }, { manifest: big(2_000, 1_000) });
    expect(d.changes.filter((c) => c.code === 'capabilities.network.added')).toHaveLength(1_000);
  });

  it('agrees with the validator: a normalized manifest diffs against its source as nothing', () => {
    const source = base();
    source.capabilities.network = ['HTTPS://API.WEATHER.EXAMPLE:443', 'https://api.weather.example'];
    const report = validateManifest(source, { publisher: 'acme' });
    expect(report.valid).toBe(true);
    expect(diffManifests({ manifest: base() }, { manifest: report.manifest }).changes).toEqual([]);
  });

  it('exercises every change code in the table', () => {
    expect([...Object.keys(CHANGES)].filter((code) => !exercised.has(code as ChangeCode))).toEqual([]);
  });
});

describe('docs/diff.md', () => {
  it('has one row per change code, with its section and meaning, and no other', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../../../../docs/diff.md', import.meta.url), 'utf8');
    const rows = [...doc.matchAll(/^\| `([a-zA-Z.]+_?[a-z_]*)` \| (\w+) \| (.*) \|$/gm)].map((m) => [
      m[1],
      m[2],
      m[3]!.replace(/\\\|/g, '|'),
    ]);
    expect(rows).toEqual(Object.entries(CHANGES).map(([code, k]) => [code, k.section, k.means]));
  });
});

describe('parity with the manifest schema', () => {
  it('knows every member the schema defines: none of them is diffed as unknown', async () => {
    const { readFileSync } = await import('node:fs');
    const schema = JSON.parse(
      readFileSync(new URL('../../../../schemas/manifest.schema.json', import.meta.url), 'utf8'),
    );
    const sample = (s: { type?: string }): unknown =>
      ({ array: ['x'], string: 'x', integer: 1, number: 1, boolean: true, object: {} })[s.type ?? 'object'];
    /** Every member path the schema defines, down through objects with properties. */
    const paths = (s: { properties?: Record<string, any> }, at: string[] = []): Array<{ at: string[]; s: any }> =>
      Object.entries(s.properties ?? {}).flatMap(([key, sub]) => [
        { at: [...at, key], s: sub },
        ...(sub.properties ? paths(sub, [...at, key]) : []),
      ]);
    const all = paths(schema).filter((p) => p.at[0] !== '$schema');
    expect(all.length).toBeGreaterThan(20);
    for (const { at, s } of all) {
      const newer: M = {};
      let cur = newer;
      for (const key of at.slice(0, -1)) cur = cur[key] = {};
      cur[at.at(-1)!] = sample(s);
      const codes = diffManifests({ manifest: {} }, { manifest: newer }).changes.map((c) => c.code);
      expect(
        codes.filter((c) => c.startsWith('unknown.')),
        at.join('.'),
      ).toEqual([]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { RULES, type DiagnosticCode } from './rules.js';
import { parseManifestText } from './parse.js';
import { validateManifest } from './validate.js';

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
    props: ['city', 'units', 'onPickFn'],
    events: ['select'],
    size: { height: 240 },
  },
  contributes: {
    site: { components: ['acme.weather-widget.card'], functionBindings: { 'acme.weather-widget.card': 'onPickFn' } },
  },
  config: {
    fields: [
      {
        key: 'units',
        label: 'Units',
        type: 'select',
        options: [
          { value: 'c', label: 'Celsius' },
          { value: 'f', label: 'Fahrenheit' },
        ],
      },
      { key: 'days', label: 'Days shown', type: 'number', min: 1, max: 14 },
      { key: 'compact', label: 'Compact', type: 'boolean' },
      { key: 'title', label: 'Title', type: 'string' },
    ],
    defaults: { units: 'c', days: 5 },
  },
});

interface Case {
  name: string;
  edit: (m: M) => unknown;
  publisher?: string;
  /** The diagnostic that must be reported (error or warning by its rule). */
  code: DiagnosticCode;
  path: string;
}

const exercised = new Set<string>();

function check(c: Case) {
  const m = base();
  const edited = c.edit(m);
  const input = edited === undefined ? m : edited;
  const report = validateManifest(input, { publisher: c.publisher ?? 'acme' });
  const all = [...report.errors, ...report.warnings];
  expect(all.map((d) => [d.code, d.path])).toContainEqual([c.code, c.path]);
  const severity = RULES[c.code].severity;
  expect(report.valid).toBe(severity === 'error' ? false : report.errors.length === 0);
  if (severity === 'warning') expect(report.warnings.some((d) => d.code === c.code)).toBe(true);
  for (const d of all) {
    expect(d.message.length).toBeGreaterThan(10);
    expect(d.message).not.toMatch(/must NOT|must match pattern/); // never raw ajv text
  }
  exercised.add(c.code);
}

const cases: Case[] = [
  { name: 'not an object: null', edit: () => null, code: 'manifest.not_object', path: '' },
  { name: 'not an object: array', edit: () => [], code: 'manifest.not_object', path: '' },
  { name: 'not an object: string', edit: () => 'manifest', code: 'manifest.not_object', path: '' },
  {
    name: 'unknown top-level key',
    edit: (m) => void (m.homepage = 'x'),
    code: 'manifest.unknown_property',
    path: '/homepage',
  },
  {
    name: 'unknown nested key',
    edit: (m) => void (m.capabilities.width = 3),
    code: 'manifest.unknown_property',
    path: '/capabilities/width',
  },
  { name: 'id missing', edit: (m) => void delete m.id, code: 'id.missing', path: '/id' },
  { name: 'id number', edit: (m) => void (m.id = 7), code: 'id.wrong_type', path: '/id' },
  { name: 'id camelCase', edit: (m) => void (m.id = 'weatherWidget'), code: 'id.not_kebab_case', path: '/id' },
  { name: 'id snake_case', edit: (m) => void (m.id = 'weather_widget'), code: 'id.not_kebab_case', path: '/id' },
  { name: 'id double hyphen', edit: (m) => void (m.id = 'weather--widget'), code: 'id.not_kebab_case', path: '/id' },
  { name: 'id trailing hyphen', edit: (m) => void (m.id = 'weather-'), code: 'id.not_kebab_case', path: '/id' },
  { name: 'id with a dot', edit: (m) => void (m.id = 'weather.widget'), code: 'id.not_kebab_case', path: '/id' },
  { name: 'id empty', edit: (m) => void (m.id = ''), code: 'id.not_kebab_case', path: '/id' },
  { name: 'name missing', edit: (m) => void delete m.name, code: 'name.missing', path: '/name' },
  { name: 'name number', edit: (m) => void (m.name = 1), code: 'name.wrong_type', path: '/name' },
  { name: 'name empty', edit: (m) => void (m.name = ''), code: 'name.empty', path: '/name' },
  { name: 'name 81', edit: (m) => void (m.name = 'x'.repeat(81)), code: 'name.too_long', path: '/name' },
  { name: 'name 81 emoji', edit: (m) => void (m.name = '😀'.repeat(81)), code: 'name.too_long', path: '/name' },
  { name: 'version missing', edit: (m) => void delete m.version, code: 'version.missing', path: '/version' },
  { name: 'version number', edit: (m) => void (m.version = 1), code: 'version.wrong_type', path: '/version' },
  { name: 'version two parts', edit: (m) => void (m.version = '1.2'), code: 'version.not_semver', path: '/version' },
  { name: 'version v prefix', edit: (m) => void (m.version = 'v1.2.0'), code: 'version.not_semver', path: '/version' },
  {
    name: 'version leading zero',
    edit: (m) => void (m.version = '01.2.0'),
    code: 'version.not_semver',
    path: '/version',
  },
  {
    name: 'version prerelease leading zero',
    edit: (m) => void (m.version = '1.2.0-01'),
    code: 'version.not_semver',
    path: '/version',
  },
  {
    name: 'version with a number npm semver cannot order',
    edit: (m) => void (m.version = '1.0.99999999999999999999'),
    code: 'version.not_semver',
    path: '/version',
  },
  {
    name: 'version longer than a store folder name takes',
    edit: (m) => void (m.version = `1.0.0-${'a'.repeat(123)}`),
    code: 'version.not_semver',
    path: '/version',
  },
  {
    name: 'version with spaces',
    edit: (m) => void (m.version = ' 1.2.0'),
    code: 'version.not_semver',
    path: '/version',
  },
  { name: 'entry missing', edit: (m) => void delete m.entry, code: 'entry.missing', path: '/entry' },
  { name: 'entry number', edit: (m) => void (m.entry = 3), code: 'entry.wrong_type', path: '/entry' },
  { name: 'entry empty', edit: (m) => void (m.entry = ''), code: 'entry.empty', path: '/entry' },
  {
    name: 'entry https URL',
    edit: (m) => void (m.entry = 'https://cdn.example.com/x.js'),
    code: 'entry.absolute_url',
    path: '/entry',
  },
  {
    name: 'entry protocol-relative',
    edit: (m) => void (m.entry = '//cdn.example.com/x.js'),
    code: 'entry.absolute_url',
    path: '/entry',
  },
  {
    name: 'entry data URL',
    edit: (m) => void (m.entry = 'data:text/javascript,alert(1)'),
    code: 'entry.absolute_url',
    path: '/entry',
  },
  {
    name: 'entry absolute path',
    edit: (m) => void (m.entry = '/dist/index.js'),
    code: 'entry.absolute_path',
    path: '/entry',
  },
  {
    name: 'entry windows path',
    edit: (m) => void (m.entry = 'C:\\dist\\index.js'),
    code: 'entry.absolute_path',
    path: '/entry',
  },
  { name: 'entry escapes', edit: (m) => void (m.entry = '../outside.js'), code: 'entry.escapes_root', path: '/entry' },
  {
    name: 'entry goes down and back up (one way for the CLI and the editor: no ".." at all)',
    edit: (m) => void (m.entry = 'dist/../lib/index.mjs'),
    code: 'entry.escapes_root',
    path: '/entry',
  },
  {
    name: 'entry escapes later',
    edit: (m) => void (m.entry = 'dist/../../outside.js'),
    code: 'entry.escapes_root',
    path: '/entry',
  },
  // Percent-encoding is refused one way, whatever it encodes.
  {
    name: 'entry with a "~" (a home folder to a shell), which the build would refuse',
    edit: (m) => void (m.entry = 'dist/~index.js'),
    code: 'entry.unsafe_path',
    path: '/entry',
  },
  {
    name: 'entry with a space',
    edit: (m) => void (m.entry = 'dist/my file.js'),
    code: 'entry.unsafe_path',
    path: '/entry',
  },
  {
    name: 'entry named as a Windows device',
    edit: (m) => void (m.entry = 'dist/nul.js'),
    code: 'entry.unsafe_path',
    path: '/entry',
  },
  {
    name: 'entry with a . segment (written plainly, one leading ./ at most)',
    edit: (m) => void (m.entry = 'dist/./lib/index.mjs'),
    code: 'entry.unsafe_path',
    path: '/entry',
  },
  {
    name: 'entry with an encoded ..',
    edit: (m) => void (m.entry = '%2e%2e/outside.js'),
    code: 'entry.percent_encoded',
    path: '/entry',
  },
  {
    name: 'entry with an encoded slash',
    edit: (m) => void (m.entry = '..%2Foutside.js'),
    code: 'entry.percent_encoded',
    path: '/entry',
  },
  {
    name: 'entry with an encoded NUL',
    edit: (m) => void (m.entry = 'dist/index%00.js'),
    code: 'entry.percent_encoded',
    path: '/entry',
  },
  {
    name: 'entry with an encoded space',
    edit: (m) => void (m.entry = 'dist/my%20file.js'),
    code: 'entry.percent_encoded',
    path: '/entry',
  },
  { name: 'entry backslash', edit: (m) => void (m.entry = 'dist\\index.js'), code: 'entry.not_a_file', path: '/entry' },
  { name: 'entry query', edit: (m) => void (m.entry = 'dist/index.js?v=2'), code: 'entry.not_a_file', path: '/entry' },
  { name: 'entry folder', edit: (m) => void (m.entry = 'dist/'), code: 'entry.not_a_file', path: '/entry' },
  { name: 'entry root', edit: (m) => void (m.entry = './'), code: 'entry.not_a_file', path: '/entry' },
  { name: 'entry not js', edit: (m) => void (m.entry = 'dist/index.ts'), code: 'entry.not_javascript', path: '/entry' },
  { name: 'hostAbi missing', edit: (m) => void delete m.hostAbi, code: 'hostAbi.missing', path: '/hostAbi' },
  { name: 'hostAbi fraction', edit: (m) => void (m.hostAbi = 2.5), code: 'hostAbi.wrong_type', path: '/hostAbi' },
  { name: 'hostAbi string', edit: (m) => void (m.hostAbi = '3'), code: 'hostAbi.wrong_type', path: '/hostAbi' },
  { name: 'hostAbi zero', edit: (m) => void (m.hostAbi = 0), code: 'hostAbi.out_of_range', path: '/hostAbi' },
  {
    name: 'description number',
    edit: (m) => void (m.description = 5),
    code: 'description.wrong_type',
    path: '/description',
  },
  {
    name: 'description 501',
    edit: (m) => void (m.description = 'd'.repeat(501)),
    code: 'description.too_long',
    path: '/description',
  },
  { name: '$schema number', edit: (m) => void (m.$schema = 5), code: '$schema.wrong_type', path: '/$schema' },
  {
    name: 'capabilities array',
    edit: (m) => void (m.capabilities = []),
    code: 'capabilities.wrong_type',
    path: '/capabilities',
  },
  {
    name: 'network string',
    edit: (m) => void (m.capabilities.network = 'https://a.example'),
    code: 'capabilities.network.wrong_type',
    path: '/capabilities/network',
  },
  {
    name: 'network item number',
    edit: (m) => void (m.capabilities.network = [5]),
    code: 'capabilities.network.wrong_type',
    path: '/capabilities/network/0',
  },
  {
    name: 'network path',
    edit: (m) => void (m.capabilities.network = ['https://api.example/v2']),
    code: 'capabilities.network.not_origin',
    path: '/capabilities/network/0',
  },
  {
    name: 'network trailing slash',
    edit: (m) => void (m.capabilities.network = ['https://api.example/']),
    code: 'capabilities.network.not_origin',
    path: '/capabilities/network/0',
  },
  {
    name: 'network query',
    edit: (m) => void (m.capabilities.network = ['https://api.example?x=1']),
    code: 'capabilities.network.not_origin',
    path: '/capabilities/network/0',
  },
  {
    name: 'network wildcard',
    edit: (m) => void (m.capabilities.network = ['*']),
    code: 'capabilities.network.not_origin',
    path: '/capabilities/network/0',
  },
  {
    name: 'network host wildcard',
    edit: (m) => void (m.capabilities.network = ['https://*.example.com']),
    code: 'capabilities.network.not_origin',
    path: '/capabilities/network/0',
  },
  {
    name: 'network bare host',
    edit: (m) => void (m.capabilities.network = ['api.example.com']),
    code: 'capabilities.network.not_origin',
    path: '/capabilities/network/0',
  },
  {
    name: 'network credentials',
    edit: (m) => void (m.capabilities.network = ['https://u:p@api.example']),
    code: 'capabilities.network.not_origin',
    path: '/capabilities/network/0',
  },
  // "xn--" labels are punycode, which the URL parser decodes and refuses when it is not valid.
  {
    name: 'network invalid punycode',
    edit: (m) => void (m.capabilities.network = ['https://xn--a.example']),
    code: 'capabilities.network.not_origin',
    path: '/capabilities/network/0',
  },
  {
    name: 'network bad port',
    edit: (m) => void (m.capabilities.network = ['https://api.example:99999']),
    code: 'capabilities.network.not_origin',
    path: '/capabilities/network/0',
  },
  {
    name: 'network ftp',
    edit: (m) => void (m.capabilities.network = ['ftp://files.example']),
    code: 'capabilities.network.unsupported_scheme',
    path: '/capabilities/network/0',
  },
  {
    name: 'network on loopback',
    edit: (m) => void (m.capabilities.network = ['http://127.0.0.1:8787']),
    code: 'capabilities.network.private_address',
    path: '/capabilities/network/0',
  },
  {
    name: 'network http',
    edit: (m) => void (m.capabilities.network = ['http://api.example']),
    code: 'capabilities.network.insecure',
    path: '/capabilities/network/0',
  },
  {
    name: 'network uppercase',
    edit: (m) => void (m.capabilities.network = ['https://API.example']),
    code: 'capabilities.network.not_canonical',
    path: '/capabilities/network/0',
  },
  {
    name: 'network default port',
    edit: (m) => void (m.capabilities.network = ['https://api.example:443']),
    code: 'capabilities.network.not_canonical',
    path: '/capabilities/network/0',
  },
  {
    name: 'network duplicate',
    edit: (m) => void (m.capabilities.network = ['https://a.example', 'https://a.example']),
    code: 'capabilities.network.duplicate',
    path: '/capabilities/network/1',
  },
  {
    name: 'props object',
    edit: (m) => void (m.capabilities.props = {}),
    code: 'capabilities.props.wrong_type',
    path: '/capabilities/props',
  },
  {
    name: 'props empty name',
    edit: (m) => void m.capabilities.props.push(''),
    code: 'capabilities.props.empty',
    path: '/capabilities/props/3',
  },
  {
    name: 'props duplicate',
    edit: (m) => void m.capabilities.props.push('city'),
    code: 'capabilities.props.duplicate',
    path: '/capabilities/props/3',
  },
  {
    name: 'events item number',
    edit: (m) => void (m.capabilities.events = [1]),
    code: 'capabilities.events.wrong_type',
    path: '/capabilities/events/0',
  },
  {
    name: 'events empty name',
    edit: (m) => void (m.capabilities.events = ['']),
    code: 'capabilities.events.empty',
    path: '/capabilities/events/0',
  },
  {
    name: 'events duplicate',
    edit: (m) => void (m.capabilities.events = ['a', 'a']),
    code: 'capabilities.events.duplicate',
    path: '/capabilities/events/1',
  },
  {
    name: 'size number',
    edit: (m) => void (m.capabilities.size = 240),
    code: 'capabilities.size.wrong_type',
    path: '/capabilities/size',
  },
  {
    name: 'size without height',
    edit: (m) => void (m.capabilities.size = {}),
    code: 'capabilities.size.height.missing',
    path: '/capabilities/size/height',
  },
  {
    name: 'height string',
    edit: (m) => void (m.capabilities.size = { height: '240px' }),
    code: 'capabilities.size.height.wrong_type',
    path: '/capabilities/size/height',
  },
  {
    name: 'height zero',
    edit: (m) => void (m.capabilities.size = { height: 0 }),
    code: 'capabilities.size.height.out_of_range',
    path: '/capabilities/size/height',
  },
  {
    name: 'contributes missing',
    edit: (m) => void delete m.contributes,
    code: 'contributes.missing',
    path: '/contributes',
  },
  {
    name: 'contributes array',
    edit: (m) => void (m.contributes = []),
    code: 'contributes.wrong_type',
    path: '/contributes',
  },
  {
    name: 'contributes {}',
    edit: (m) => void (m.contributes = {}),
    code: 'contributes.declares_nothing',
    path: '/contributes',
  },
  {
    name: 'contributes only empty lists',
    edit: (m) => void (m.contributes = { site: { components: [] }, console: { shell: false } }),
    code: 'contributes.declares_nothing',
    path: '/contributes',
  },
  {
    name: 'site array',
    edit: (m) => void (m.contributes.site = []),
    code: 'contributes.site.wrong_type',
    path: '/contributes/site',
  },
  {
    name: 'components string',
    edit: (m) => void (m.contributes.site.components = 'acme.weather-widget.card'),
    code: 'contributes.site.components.wrong_type',
    path: '/contributes/site/components',
  },
  {
    name: 'component two parts',
    edit: (m) => void (m.contributes.site.components = ['weather-widget.card']),
    code: 'contributes.site.components.not_component_id',
    path: '/contributes/site/components/0',
  },
  {
    name: 'component upper case role',
    edit: (m) => void (m.contributes.site.components = ['acme.weather-widget.Card']),
    code: 'contributes.site.components.not_component_id',
    path: '/contributes/site/components/0',
  },
  {
    name: 'component other publisher',
    edit: (m) => void (m.contributes.site.components = ['globex.weather-widget.card']),
    code: 'contributes.site.components.wrong_publisher',
    path: '/contributes/site/components/0',
  },
  {
    name: 'component other extension',
    edit: (m) => void (m.contributes.site.components = ['acme.other.card']),
    code: 'contributes.site.components.wrong_extension',
    path: '/contributes/site/components/0',
  },
  {
    name: 'component duplicate',
    edit: (m) => void m.contributes.site.components.push('acme.weather-widget.card'),
    code: 'contributes.site.components.duplicate',
    path: '/contributes/site/components/1',
  },
  {
    name: 'features string',
    edit: (m) => void (m.contributes.site.features = 'x'),
    code: 'contributes.site.features.wrong_type',
    path: '/contributes/site/features',
  },
  {
    name: 'feature empty',
    edit: (m) => void (m.contributes.site.features = ['']),
    code: 'contributes.site.features.empty',
    path: '/contributes/site/features/0',
  },
  {
    name: 'feature duplicate',
    edit: (m) => void (m.contributes.site.features = ['f', 'f']),
    code: 'contributes.site.features.duplicate',
    path: '/contributes/site/features/1',
  },
  {
    name: 'bindings array',
    edit: (m) => void (m.contributes.site.functionBindings = []),
    code: 'contributes.site.functionBindings.wrong_type',
    path: '/contributes/site/functionBindings',
  },
  {
    name: 'binding unknown component',
    edit: (m) => void (m.contributes.site.functionBindings = { 'acme.weather-widget.map': 'onPickFn' }),
    code: 'contributes.site.functionBindings.unknown_component',
    path: '/contributes/site/functionBindings/acme.weather-widget.map',
  },
  {
    name: 'binding dotted prop',
    edit: (m) => void (m.contributes.site.functionBindings['acme.weather-widget.card'] = 'handlers.onPick'),
    code: 'contributes.site.functionBindings.not_prop_name',
    path: '/contributes/site/functionBindings/acme.weather-widget.card',
  },
  {
    name: 'binding prop with space',
    edit: (m) => void (m.contributes.site.functionBindings['acme.weather-widget.card'] = 'on pick'),
    code: 'contributes.site.functionBindings.not_prop_name',
    path: '/contributes/site/functionBindings/acme.weather-widget.card',
  },
  {
    name: 'binding undeclared prop',
    edit: (m) => void (m.contributes.site.functionBindings['acme.weather-widget.card'] = 'onOther'),
    code: 'contributes.site.functionBindings.prop_not_declared',
    path: '/contributes/site/functionBindings/acme.weather-widget.card',
  },
  {
    name: 'console array',
    edit: (m) => void (m.contributes.console = []),
    code: 'contributes.console.wrong_type',
    path: '/contributes/console',
  },
  {
    name: 'slots string',
    edit: (m) => void (m.contributes.console = { slots: 'x' }),
    code: 'contributes.console.slots.wrong_type',
    path: '/contributes/console/slots',
  },
  {
    name: 'slot empty',
    edit: (m) => void (m.contributes.console = { slots: [''] }),
    code: 'contributes.console.slots.empty',
    path: '/contributes/console/slots/0',
  },
  {
    name: 'slot duplicate',
    edit: (m) => void (m.contributes.console = { slots: ['a', 'a'] }),
    code: 'contributes.console.slots.duplicate',
    path: '/contributes/console/slots/1',
  },
  {
    name: 'routes string',
    edit: (m) => void (m.contributes.console = { routes: '/x' }),
    code: 'contributes.console.routes.wrong_type',
    path: '/contributes/console/routes',
  },
  {
    name: 'route empty',
    edit: (m) => void (m.contributes.console = { routes: [''] }),
    code: 'contributes.console.routes.empty',
    path: '/contributes/console/routes/0',
  },
  {
    name: 'route relative',
    edit: (m) => void (m.contributes.console = { routes: ['deals'] }),
    code: 'contributes.console.routes.not_path',
    path: '/contributes/console/routes/0',
  },
  {
    name: 'route dot-dot',
    edit: (m) => void (m.contributes.console = { routes: ['/a/../b'] }),
    code: 'contributes.console.routes.not_path',
    path: '/contributes/console/routes/0',
  },
  {
    name: 'route duplicate',
    edit: (m) => void (m.contributes.console = { routes: ['/a', '/a'] }),
    code: 'contributes.console.routes.duplicate',
    path: '/contributes/console/routes/1',
  },
  {
    name: 'orgRoutes string',
    edit: (m) => void (m.contributes.console = { orgRoutes: '/x' }),
    code: 'contributes.console.orgRoutes.wrong_type',
    path: '/contributes/console/orgRoutes',
  },
  {
    name: 'orgRoute empty',
    edit: (m) => void (m.contributes.console = { orgRoutes: [''] }),
    code: 'contributes.console.orgRoutes.empty',
    path: '/contributes/console/orgRoutes/0',
  },
  {
    name: 'orgRoute query',
    edit: (m) => void (m.contributes.console = { orgRoutes: ['/a?b'] }),
    code: 'contributes.console.orgRoutes.not_path',
    path: '/contributes/console/orgRoutes/0',
  },
  {
    name: 'orgRoute duplicate',
    edit: (m) => void (m.contributes.console = { orgRoutes: ['/a', '/a'] }),
    code: 'contributes.console.orgRoutes.duplicate',
    path: '/contributes/console/orgRoutes/1',
  },
  {
    name: 'shell string',
    edit: (m) => void (m.contributes.console = { shell: 'yes' }),
    code: 'contributes.console.shell.wrong_type',
    path: '/contributes/console/shell',
  },
  {
    name: 'restrictParent string',
    edit: (m) => void (m.restrictParent = 'acme.layout.column'),
    code: 'restrictParent.wrong_type',
    path: '/restrictParent',
  },
  {
    name: 'restrictParent empty item',
    edit: (m) => void (m.restrictParent = ['']),
    code: 'restrictParent.empty',
    path: '/restrictParent/0',
  },
  {
    name: 'restrictChildren object',
    edit: (m) => void (m.restrictChildren = {}),
    code: 'restrictChildren.wrong_type',
    path: '/restrictChildren',
  },
  {
    name: 'restrictChildren empty item',
    edit: (m) => void (m.restrictChildren = ['']),
    code: 'restrictChildren.empty',
    path: '/restrictChildren/0',
  },
  { name: 'config array', edit: (m) => void (m.config = []), code: 'config.wrong_type', path: '/config' },
  {
    name: 'fields object',
    edit: (m) => void (m.config.fields = {}),
    code: 'config.fields.wrong_type',
    path: '/config/fields',
  },
  {
    name: 'field not an object',
    edit: (m) => void m.config.fields.push('x'),
    code: 'config.fields.wrong_type',
    path: '/config/fields/4',
  },
  {
    name: 'fields 51',
    edit: (m) =>
      void (m.config.fields = Array.from({ length: 51 }, (_, i) => ({ key: `f${i}`, label: 'L', type: 'string' }))),
    code: 'config.fields.too_many',
    path: '/config/fields',
  },
  {
    name: 'field key missing',
    edit: (m) => void delete m.config.fields[3].key,
    code: 'config.fields.key.missing',
    path: '/config/fields/3/key',
  },
  {
    name: 'field key number',
    edit: (m) => void (m.config.fields[3].key = 3),
    code: 'config.fields.key.wrong_type',
    path: '/config/fields/3/key',
  },
  {
    name: 'field key empty',
    edit: (m) => void (m.config.fields[3].key = ''),
    code: 'config.fields.key.empty',
    path: '/config/fields/3/key',
  },
  {
    name: 'field key duplicate',
    edit: (m) => void (m.config.fields[3].key = 'units'),
    code: 'config.fields.key.duplicate',
    path: '/config/fields/3/key',
  },
  {
    name: 'field label missing',
    edit: (m) => void delete m.config.fields[3].label,
    code: 'config.fields.label.missing',
    path: '/config/fields/3/label',
  },
  {
    name: 'field label number',
    edit: (m) => void (m.config.fields[3].label = 3),
    code: 'config.fields.label.wrong_type',
    path: '/config/fields/3/label',
  },
  {
    name: 'field type missing',
    edit: (m) => void delete m.config.fields[3].type,
    code: 'config.fields.type.missing',
    path: '/config/fields/3/type',
  },
  {
    name: 'field type color',
    edit: (m) => void (m.config.fields[3].type = 'color'),
    code: 'config.fields.type.unsupported',
    path: '/config/fields/3',
  },
  {
    name: 'field type number',
    edit: (m) => void (m.config.fields[3].type = 5),
    code: 'config.fields.type.unsupported',
    path: '/config/fields/3',
  },
  {
    name: 'field min string',
    edit: (m) => void (m.config.fields[1].min = '1'),
    code: 'config.fields.min.wrong_type',
    path: '/config/fields/1/min',
  },
  {
    name: 'field max string',
    edit: (m) => void (m.config.fields[1].max = '9'),
    code: 'config.fields.max.wrong_type',
    path: '/config/fields/1/max',
  },
  {
    name: 'field min over max',
    edit: (m) => void (m.config.fields[1].min = 20),
    code: 'config.fields.range_inverted',
    path: '/config/fields/1',
  },
  {
    name: 'field min on a string',
    edit: (m) => void (m.config.fields[3].min = 1),
    code: 'config.fields.range_ignored',
    path: '/config/fields/3/min',
  },
  {
    name: 'field options object',
    edit: (m) => void (m.config.fields[0].options = {}),
    code: 'config.fields.options.wrong_type',
    path: '/config/fields/0/options',
  },
  {
    name: 'select without options',
    edit: (m) => void delete m.config.fields[0].options,
    code: 'config.fields.options.missing',
    path: '/config/fields/0/options',
  },
  {
    name: 'select with no options',
    edit: (m) => void (m.config.fields[0].options = []),
    code: 'config.fields.options.missing',
    path: '/config/fields/0/options',
  },
  {
    name: 'options on a boolean',
    edit: (m) => void (m.config.fields[2].options = []),
    code: 'config.fields.options.ignored',
    path: '/config/fields/2/options',
  },
  {
    name: 'option duplicate',
    edit: (m) => void (m.config.fields[0].options[1].value = 'c'),
    code: 'config.fields.options.duplicate',
    path: '/config/fields/0/options/1/value',
  },
  {
    name: 'option value missing',
    edit: (m) => void delete m.config.fields[0].options[1].value,
    code: 'config.fields.options.value.missing',
    path: '/config/fields/0/options/1/value',
  },
  {
    name: 'option value object',
    edit: (m) => void (m.config.fields[0].options[1].value = {}),
    code: 'config.fields.options.value.wrong_type',
    path: '/config/fields/0/options/1/value',
  },
  {
    name: 'option label missing',
    edit: (m) => void delete m.config.fields[0].options[1].label,
    code: 'config.fields.options.label.missing',
    path: '/config/fields/0/options/1/label',
  },
  {
    name: 'option label number',
    edit: (m) => void (m.config.fields[0].options[1].label = 1),
    code: 'config.fields.options.label.wrong_type',
    path: '/config/fields/0/options/1/label',
  },
  {
    name: 'defaults array',
    edit: (m) => void (m.config.defaults = []),
    code: 'config.defaults.wrong_type',
    path: '/config/defaults',
  },
  {
    name: 'number default not a number',
    edit: (m) => void (m.config.defaults.days = 'seven'),
    code: 'config.defaults.not_coercible',
    path: '/config/defaults/days',
  },
  {
    name: 'number default empty string',
    edit: (m) => void (m.config.defaults.days = ''),
    code: 'config.defaults.not_coercible',
    path: '/config/defaults/days',
  },
  {
    name: 'boolean default yes',
    edit: (m) => void (m.config.defaults.compact = 'yes'),
    code: 'config.defaults.not_coercible',
    path: '/config/defaults/compact',
  },
  {
    name: 'string default object',
    edit: (m) => void (m.config.defaults.title = {}),
    code: 'config.defaults.not_coercible',
    path: '/config/defaults/title',
  },
  {
    name: 'select default no option',
    edit: (m) => void (m.config.defaults.units = 'k'),
    code: 'config.defaults.not_an_option',
    path: '/config/defaults/units',
  },
  {
    name: 'number default over max',
    edit: (m) => void (m.config.defaults.days = 30),
    code: 'config.defaults.out_of_range',
    path: '/config/defaults/days',
  },
  {
    name: 'default for a field naming a credential',
    edit: (m) => {
      m.config.fields.push({ key: 'apiKey', label: 'API key', type: 'string' });
      m.config.defaults.apiKey = 'sk_live_1';
    },
    code: 'config.defaults.credential',
    path: '/config/defaults/apiKey',
  },
  {
    name: 'a field naming a credential on a site surface',
    edit: (m) => void m.config.fields.push({ key: 'accessToken', label: 'Token', type: 'string' }),
    code: 'config.fields.credential_on_site',
    path: '/config/fields/4/key',
  },
  {
    name: 'default for no field',
    edit: (m) => void (m.config.defaults.color = 'red'),
    code: 'config.defaults.unknown_key',
    path: '/config/defaults/color',
  },
  {
    name: 'default for a dropped field',
    edit: (m) => {
      m.config.fields[3].type = 'color';
      m.config.defaults.title = 'x';
    },
    code: 'config.defaults.unknown_key',
    path: '/config/defaults/title',
  },
  {
    name: 'invalid publisher option',
    edit: () => undefined,
    publisher: 'Acme Inc',
    code: 'publisher.invalid',
    path: '',
  },
];

describe('validateManifest: every rule, invalid side', () => {
  it.each(cases)('$name', (c) => check(c));

  it('reports a missing publisher as a warning and still checks the id part', () => {
    const m = base();
    const r = validateManifest(m, {});
    expect(r.valid).toBe(true);
    expect(r.warnings.map((d) => [d.code, d.path])).toContainEqual([
      'publisher.unknown',
      '/contributes/site/components',
    ]);
    m.contributes.site.components = ['anyone.other.card'];
    m.contributes.site.functionBindings = {};
    expect(validateManifest(m, {}).errors.map((d) => d.code)).toEqual(['contributes.site.components.wrong_extension']);
    exercised.add('publisher.unknown');
  });

  it('silences the warnings `ignore` lists, on either path, and says what in the list silences nothing', () => {
    const m = base();
    m.entry = 'dist/index.cjs'; // entry.not_javascript, a warning
    const loud = validateManifest(m, { publisher: 'acme' });
    expect(loud.warnings.map((d) => d.code)).toEqual(['entry.not_javascript']);
    expect(loud.silenced).toBeUndefined();
    const quiet = validateManifest(m, { publisher: 'acme', ignore: ['entry.not_javascript'] });
    expect(quiet).toEqual({ ...loud, warnings: [], silenced: 1 });

    // A clean manifest: the ignore list's own problems are still reported.
    const odd = validateManifest(base(), {
      publisher: 'acme',
      ignore: ['entry.absolute_url', 'nope', 7, 'publisher.unknown'],
    });
    expect(odd.valid).toBe(true);
    expect(odd.warnings.map((d) => [d.code, d.path])).toEqual([
      ['ignore.not_a_warning', ''],
      ['ignore.invalid', ''],
      ['ignore.invalid', ''],
    ]);
    expect(odd.warnings[1]!.message).toContain('"nope", which is no diagnostic code');
    expect(
      validateManifest(base(), { publisher: 'acme', ignore: 'entry.not_javascript' }).warnings.map((d) => d.code),
    ).toEqual(['ignore.invalid']);

    // An error stays an error, listed or not.
    m.entry = 'https://cdn.example/x.js';
    expect(
      validateManifest(m, { publisher: 'acme', ignore: ['entry.absolute_url'] }).errors.map((d) => d.code),
    ).toEqual(['entry.absolute_url']);
    for (const code of ['ignore.invalid', 'ignore.not_a_warning']) exercised.add(code);
  });

  it("checks the project's API base against capabilities.network, as the sandbox's connect-src verdict does", () => {
    const m = base();
    const declared = m.capabilities.network[0] as string;
    expect(validateManifest(m, { publisher: 'acme', api: `${declared}/v1` }).warnings).toEqual([]);
    // An http origin declared allows the https upgrade, as Chromium's connect-src does.
    const upgraded = base();
    upgraded.capabilities.network = [declared.replace('https:', 'http:')];
    expect(
      validateManifest(upgraded, { publisher: 'acme', api: `${declared}/v1` }).warnings.map((d) => d.code),
    ).toEqual(['capabilities.network.insecure']);

    const undeclared = validateManifest(m, { publisher: 'acme', api: 'https://api.example.com/v1' });
    expect(undeclared.valid).toBe(true);
    expect(undeclared.warnings.map((d) => [d.code, d.path])).toEqual([
      ['api.origin_undeclared', '/capabilities/network'],
    ]);
    expect(undeclared.warnings[0]!.message).toContain('"https://api.example.com"');
    const none = base();
    delete (none.capabilities as { network?: unknown }).network;
    expect(validateManifest(none, { publisher: 'acme', api: 'https://api.example.com/v1' }).warnings).toMatchObject([
      { code: 'api.origin_undeclared', path: '' },
    ]);

    const invalid = validateManifest(m, { publisher: 'acme', api: 'https://api.example.com/v1?key=secret' });
    expect(invalid.valid).toBe(false);
    expect(invalid.errors.map((d) => [d.code, d.path])).toEqual([['api.invalid', '']]);
    expect(validateManifest(m, { publisher: 'acme', api: 7 }).errors[0]!.message).toContain('is number, not a string');
    for (const code of ['api.invalid', 'api.origin_undeclared']) exercised.add(code);
  });

  it('the parser reports empty files, invalid UTF-8 and syntax errors with positions', () => {
    const empty = parseManifestText(new Uint8Array());
    const utf8 = parseManifestText(new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]));
    const syntax = parseManifestText('{\n  "id": "x",\n}');
    expect(!empty.ok && empty.diagnostic.code).toBe('json.empty');
    expect(!utf8.ok && utf8.diagnostic.code).toBe('json.invalid_utf8');
    expect(!syntax.ok && [syntax.diagnostic.code, syntax.diagnostic.line, syntax.diagnostic.column]).toEqual([
      'json.syntax',
      3,
      1,
    ]);
    for (const code of ['json.empty', 'json.invalid_utf8', 'json.syntax']) exercised.add(code);
  });

  it('the parser warns of a key repeated in one object (parse.test.ts has the details)', () => {
    const repeated = parseManifestText('{\n  "id": "x",\n  "id": "y"\n}');
    expect(repeated.ok && repeated.warnings.map((w) => [w.code, w.path, w.line, w.column])).toEqual([
      ['json.duplicate_key', '/id', 3, 3],
    ]);
    exercised.add('json.duplicate_key');
  });

  it('every code in the rule table is exercised by a case above', () => {
    expect(Object.keys(RULES).filter((code) => !exercised.has(code))).toEqual([]);
  });
});

describe('validateManifest: valid side', () => {
  const valid: Array<[string, (m: M) => void]> = [
    ['the baseline', () => {}],
    ['name of exactly 80 characters', (m) => void (m.name = 'x'.repeat(80))],
    ['name of 80 emoji (code points, not UTF-16 units)', (m) => void (m.name = '😀'.repeat(80))],
    ['description of exactly 500', (m) => void (m.description = 'd'.repeat(500))],
    ['no description', (m) => void delete m.description],
    ['prerelease and build metadata', (m) => void (m.version = '2.0.0-rc.1+build.5')],
    ['entry with ./', (m) => void (m.entry = './build/main.js')],
    ['entry with @ and + in its names', (m) => void (m.entry = 'dist/@scope/lib+v2.mjs')],
    [
      'id with digits',
      (m) => {
        m.id = 'widget-2';
        m.contributes.site.components = ['acme.widget-2.card'];
        m.contributes.site.functionBindings = { 'acme.widget-2.card': 'onPickFn' };
      },
    ],
    [
      'loopback http origin with port',
      (m) => void (m.capabilities.network = ['http://127.0.0.1:8787', 'http://localhost:3000', 'wss://live.example']),
    ],
    ['valid punycode origin', (m) => void (m.capabilities.network = ['https://xn--nxasmq6b.example'])],
    ['IPv6 origin', (m) => void (m.capabilities.network = ['https://[2001:db8::1]:8443'])],
    ['empty capabilities', (m) => void (m.capabilities = {})],
    [
      'console only',
      (m) =>
        void (m.contributes = {
          console: { slots: ['deal.sidebar'], routes: ['/deal-board'], orgRoutes: ['/org/reports'], shell: true },
        }),
    ],
    ['shell only', (m) => void (m.contributes = { console: { shell: true } })],
    ['features only', (m) => void (m.contributes = { site: { features: ['cookie-banner'] } })],
    ['restrictParent of another publisher', (m) => void (m.restrictParent = ['globex.layout.column'])],
    [
      'numeric select options',
      (m) => {
        m.config.fields[0].options = [
          { value: 1, label: 'One' },
          { value: 2, label: 'Two' },
        ];
        m.config.defaults.units = '2';
      },
    ],
    ['$schema', (m) => void (m.$schema = '../../schemas/manifest.schema.json')],
    ['no config', (m) => void delete m.config],
  ];
  it.each(valid)('%s', (_, edit) => {
    const m = base();
    edit(m);
    const r = validateManifest(m, { publisher: 'acme' });
    expect(r.errors).toEqual([]);
    expect(r.valid).toBe(true);
  });

  it('the baseline has no warnings', () => {
    expect(validateManifest(base(), { publisher: 'acme' }).warnings).toEqual([]);
  });
});

describe('the normalized manifest', () => {
  it('coerces defaults to the declared types', () => {
    const m = base();
    m.config.defaults = { units: 'f', days: ' 7 ', compact: 'TRUE', title: 42 };
    const r = validateManifest(m, { publisher: 'acme' });
    expect(r.valid).toBe(true);
    expect(r.manifest?.config?.defaults).toEqual({ units: 'f', days: 7, compact: true, title: '42' });
  });

  it('coerces a select default to the option value type', () => {
    const m = base();
    m.config.fields[0].options = [
      { value: 1, label: 'One' },
      { value: 2, label: 'Two' },
    ];
    m.config.defaults.units = '2';
    expect(validateManifest(m, { publisher: 'acme' }).manifest?.config?.defaults?.units).toBe(2);
  });

  it('drops fields of unknown types, fields past the 50th, unknown keys, $schema and repeats', () => {
    const m = base();
    m.$schema = 'x.json';
    m.homepage = 'https://acme.example';
    m.capabilities.props.push('city');
    m.config.fields = Array.from({ length: 53 }, (_, i) => ({
      key: `f${i}`,
      label: `F${i}`,
      type: i === 1 ? 'color' : 'string',
    }));
    m.config.defaults = { f0: 'a', f1: '#fff', f52: 'z' };
    const r = validateManifest(m, { publisher: 'acme' });
    expect(r.valid).toBe(true);
    const fields = r.manifest!.config!.fields!;
    expect(fields).toHaveLength(49);
    expect(fields.map((f) => f.key)).not.toContain('f1');
    expect(fields.at(-1)!.key).toBe('f49');
    expect(r.manifest!.config!.defaults).toEqual({ f0: 'a' });
    expect(r.manifest).not.toHaveProperty('homepage');
    expect(r.manifest).not.toHaveProperty('$schema');
    expect(r.manifest!.capabilities!.props).toEqual(['city', 'units', 'onPickFn']);
  });

  it('does not report problems inside fields it never reads', () => {
    const m = base();
    m.config.fields = Array.from({ length: 50 }, (_, i) => ({ key: `f${i}`, label: 'L', type: 'string' }));
    m.config.fields.push({ key: 5, type: 'select' }); // the 51st: not read
    m.config.fields[3] = { key: 'tint', type: 'color', label: 7 }; // dropped: its label is not checked
    m.config.defaults = {};
    const r = validateManifest(m, { publisher: 'acme' });
    expect(r.errors).toEqual([]);
    expect(r.warnings.map((d) => d.code).sort()).toEqual(['config.fields.too_many', 'config.fields.type.unsupported']);
  });

  it('keeps field order and canonical key order', () => {
    const r = validateManifest(base(), { publisher: 'acme' });
    expect(Object.keys(r.manifest!)).toEqual([
      'id',
      'name',
      'version',
      'entry',
      'hostAbi',
      'description',
      'capabilities',
      'contributes',
      'config',
    ]);
  });
});

describe('messages', () => {
  it('say what was expected and what was received', () => {
    const m = base();
    m.hostAbi = '3';
    m.id = 'weatherWidget';
    m.capabilities.network = ['https://api.example/v2'];
    m.contributes.site.components = ['globex.weather-widget.card'];
    const byCode = Object.fromEntries(
      validateManifest(m, { publisher: 'acme' }).errors.map((d) => [d.code, d.message]),
    );
    expect(byCode['hostAbi.wrong_type']).toBe('hostAbi must be an integer, got the string "3"');
    expect(byCode['id.not_kebab_case']).toContain('"weather-widget"');
    expect(byCode['capabilities.network.not_origin']).toContain('use "https://api.example"');
    expect(byCode['contributes.site.components.wrong_publisher']).toContain('use "acme.weather-widget.card"');
  });

  it('suggest the intended key for a typo', () => {
    const m = base();
    m.contributs = m.contributes;
    const w = validateManifest(m, { publisher: 'acme' }).warnings.find((d) => d.path === '/contributs');
    expect(w?.message).toContain('did you mean "contributes"?');
  });
});

// The compiled check leaves the top level open (scripts/generate.ts): the rule pass lists the
// manifest's own keys once, for the unknown ones and for the duplicate-key check.
describe('unknown keys at the top level, reported by the rule pass', () => {
  it('knows exactly the properties the schema declares', async () => {
    const { readFileSync } = await import('node:fs');
    const schema = JSON.parse(
      readFileSync(new URL('../../../schemas/manifest.schema.json', import.meta.url), 'utf8'),
    ) as { properties: object };
    const { TOP_LEVEL } = await import('./known-keys.js');
    expect([...TOP_LEVEL].sort()).toEqual(Object.keys(schema.properties).sort());
  });

  it('come before nested ones, each once, and are left out of the normalized manifest', () => {
    const m = base();
    m.capabilities.width = 3;
    m.zeta = 1;
    m.contributez = {};
    m['a/b'] = 2;
    m.__proto__ = undefined;
    Object.defineProperty(m, '__proto__', { value: 5, enumerable: true });
    const report = validateManifest(m, { publisher: 'acme' });
    expect(report.warnings.map((w) => [w.code, w.path])).toEqual([
      ['manifest.unknown_property', '/zeta'],
      ['manifest.unknown_property', '/contributez'],
      ['manifest.unknown_property', '/a~1b'],
      ['manifest.unknown_property', '/__proto__'],
      ['manifest.unknown_property', '/capabilities/width'],
    ]);
    expect(report.warnings[1]!.message).toBe(
      'contributez is not a manifest property; it is ignored; did you mean "contributes"?',
    );
    expect(report.warnings[2]!.message).toBe('["a/b"] is not a manifest property; it is ignored');
    expect(report.valid).toBe(true);
    expect(Object.keys(report.manifest!)).toEqual([
      'id',
      'name',
      'version',
      'entry',
      'hostAbi',
      'description',
      'capabilities',
      'contributes',
      'config',
    ]);
    expect(report.manifest!.capabilities).toEqual(base().capabilities);
  });

  it('leave the rest of the manifest as it was, in a new object', () => {
    const m = base();
    m.extra = true;
    const report = validateManifest(m, { publisher: 'acme' });
    expect(report.warnings.map((w) => w.path)).toEqual(['/extra']);
    const { extra, ...rest } = m;
    expect(extra).toBe(true);
    expect(report.manifest).toEqual(rest);
    expect(report.manifest).not.toBe(m);
  });
});

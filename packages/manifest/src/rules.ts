// Every diagnostic code the validator can report: its severity, what it checks,
// and where the rule comes from. docs/rules.md is generated from this table,
// and a test fails when the validator reports a code that is not in it.

export type Severity = 'error' | 'warning';
/** `platform`: the seed's "Extension manifest" section says so. `kit`: the kit's own policy where the seed is silent. */
export type RuleSource = 'platform' | 'kit';

/**
 * What `extkit validate --fix` does with a finding: `fixes` it (exactly one right answer, the form the
 * normalized manifest already carries), or `suggests` a change and leaves the decision to a person.
 * Absent: neither.
 */
export type RuleFix = 'fixes' | 'suggests';

export interface Rule {
  severity: Severity;
  source: RuleSource;
  checks: string;
  fix?: RuleFix;
}

const platform = (severity: Severity, checks: string, fix?: RuleFix): Rule =>
  fix ? { severity, source: 'platform', checks, fix } : { severity, source: 'platform', checks };
const kit = (severity: Severity, checks: string, fix?: RuleFix): Rule =>
  fix ? { severity, source: 'kit', checks, fix } : { severity, source: 'kit', checks };

export const RULES = {
  'json.empty': platform('error', 'The file is empty; a manifest is a JSON object.'),
  'json.invalid_utf8': kit(
    'error',
    'The file is UTF-8: invalid UTF-8 bytes are refused, and so is UTF-16 (with or without a byte order mark), which is named as such.',
  ),
  'json.syntax': platform('error', 'The file is not JSON (reported with line, column and a code frame).'),
  'json.duplicate_key': kit(
    'warning',
    'A key appears twice in one object: JSON parsers keep the last value (reported with line and column).',
    'suggests',
  ),
  'manifest.not_object': platform('error', 'The manifest is a JSON object (not null, an array or a scalar).'),
  'manifest.unknown_property': kit(
    'warning',
    'A property the manifest does not define (a typo, or a newer field). It is ignored and left out of the normalized manifest.',
    'suggests',
  ),

  'id.missing': platform('error', '`id` is required.'),
  'id.wrong_type': platform('error', '`id` is a string.'),
  'id.not_kebab_case': platform(
    'error',
    '`id` is stable kebab-case: lower-case letters and digits in words joined by single hyphens.',
    'suggests',
  ),
  'name.missing': platform('error', '`name` is required.'),
  'name.wrong_type': platform('error', '`name` is a string.'),
  'name.empty': kit('error', '`name` is not empty.'),
  'name.too_long': platform('error', '`name` is at most 80 Unicode code points.'),
  'version.missing': platform('error', '`version` is required.'),
  'version.wrong_type': platform('error', '`version` is a string.'),
  'version.not_semver': platform(
    'error',
    "`version` is a strict Semantic Versioning 2.0.0 version (no `v` prefix, no leading zeros); kit policy: at most 128 characters, MAJOR, MINOR and PATCH at most 15 digits each (npm's semver orders no larger number, and a version names a folder of the store).",
    'suggests',
  ),
  'entry.missing': platform('error', '`entry` is required.'),
  'entry.wrong_type': platform('error', '`entry` is a string.'),
  'entry.empty': platform('error', '`entry` names a file.'),
  'entry.absolute_url': platform(
    'error',
    '`entry` is a relative bundle path, never a URL (`https:`, `data:`, `//host`).',
  ),
  'entry.absolute_path': platform('error', '`entry` is relative to the artifact root, not an absolute path.'),
  'entry.escapes_root': platform(
    'error',
    "`entry` stays inside the artifact: no `..` segment (kit policy: not even one that would come back inside, so that the editor's JSON Schema can say the same).",
  ),
  'entry.not_a_file': kit(
    'error',
    '`entry` is a plain file path: no backslashes, query, fragment, control characters or trailing slash.',
  ),
  'entry.percent_encoded': kit(
    'error',
    '`entry` is written plainly, without `%`: the host decodes the URL it serves the bundle at, so `..%2F`, `%2e%2e` and `%00` would name another file. All percent-encoding is refused alike.',
  ),
  'entry.unsafe_path': kit(
    'error',
    '`entry` (without a leading `./`), and its source map `<entry>.map`, follow the artifact path rule: plain ASCII letters, digits and `_ @ + . -`, `/` between segments, no segment starting with `.` or `-` or ending in `.`, no `~`, no Windows device name, at most 255 characters a segment and 1,024 in all ([artifacts.md](artifacts.md#paths-kit-policy)). The build writes the bundle there and would refuse it.',
  ),
  'entry.not_javascript': kit('warning', '`entry` names a `.js` or `.mjs` file, which is what `extkit build` writes.'),
  'hostAbi.missing': platform('error', '`hostAbi` is required.'),
  'hostAbi.wrong_type': platform('error', '`hostAbi` is an integer.'),
  'hostAbi.out_of_range': kit('error', '`hostAbi` is a generation number: 1 or more.'),
  'description.wrong_type': platform('error', '`description` is a string.'),
  'description.too_long': platform('error', '`description` is at most 500 Unicode code points.'),
  '$schema.wrong_type': kit('error', '`$schema` (an editor hint) is a string.'),

  'capabilities.wrong_type': platform('error', '`capabilities` is an object.'),
  'capabilities.network.wrong_type': platform('error', '`capabilities.network` is an array of origin strings.'),
  'capabilities.network.not_origin': platform(
    'error',
    'Each network entry is an origin, `scheme://host[:port]` and nothing more: no path, query, fragment, credentials or wildcard.',
    'suggests',
  ),
  'capabilities.network.unsupported_scheme': kit(
    'error',
    'A network origin uses https, wss, http or ws (what a connect-src allowlist can carry).',
  ),
  'capabilities.network.insecure': kit(
    'warning',
    'An http or ws origin that is not loopback will be blocked as mixed content on the https platform.',
    'suggests',
  ),
  'capabilities.network.not_canonical': kit(
    'warning',
    'A network origin is written as browsers serialize it (lower-case host, no default port); the normalized manifest carries the canonical form.',
    'fixes',
  ),
  'capabilities.network.duplicate': kit('warning', 'A network origin is listed once; repeats are dropped.', 'fixes'),
  'capabilities.network.private_address': kit(
    'warning',
    "A network origin on loopback (`localhost`, 127.0.0.0/8, `[::1]`) or a private or link-local address: in an installer's browser it reaches the viewer's own machine or network, never the extension's server. The marketplace refuses it at publish (`publish.loopback_origin`).",
  ),
  'capabilities.props.wrong_type': platform('error', '`capabilities.props` is an array of prop names.'),
  'capabilities.props.empty': kit('error', 'A prop name is not empty.'),
  'capabilities.props.duplicate': kit('warning', 'A prop is declared once; repeats are dropped.', 'fixes'),
  'capabilities.events.wrong_type': platform('error', '`capabilities.events` is an array of event names.'),
  'capabilities.events.empty': kit('error', 'An event name is not empty.'),
  'capabilities.events.duplicate': kit('warning', 'An event is declared once; repeats are dropped.', 'fixes'),
  'capabilities.size.wrong_type': platform('error', '`capabilities.size` is an object `{height}`.'),
  'capabilities.size.height.missing': platform('error', '`capabilities.size` has a `height`.'),
  'capabilities.size.height.wrong_type': platform(
    'error',
    '`capabilities.size.height` is an integer number of CSS pixels.',
  ),
  'capabilities.size.height.out_of_range': kit('error', '`capabilities.size.height` is 1 or more.'),

  'contributes.missing': kit(
    'warning',
    'Without `contributes` the platform treats the version as legacy (loads where placed, and in the console with the shell); a bundle that registers anything is refused at publish.',
  ),
  'contributes.wrong_type': platform('error', '`contributes` is an object.'),
  'contributes.declares_nothing': platform(
    'warning',
    '`contributes` declares no placement, so the extension loads nowhere.',
  ),
  'contributes.site.wrong_type': platform('error', '`contributes.site` is an object.'),
  'contributes.site.components.wrong_type': platform(
    'error',
    '`contributes.site.components` is an array of component id strings.',
  ),
  'contributes.site.components.not_component_id': platform(
    'error',
    'A component id has the form `<publisher handle>.<manifest id>.<role>`, each part kebab-case.',
  ),
  'contributes.site.components.wrong_publisher': platform(
    'error',
    "A component id's first part is the publisher's handle; one outside that namespace is refused.",
    'suggests',
  ),
  'contributes.site.components.wrong_extension': platform(
    'error',
    "A component id's second part is the manifest's `id`.",
    'suggests',
  ),
  'contributes.site.components.duplicate': kit(
    'warning',
    'A component is declared once; repeats are dropped.',
    'fixes',
  ),
  'contributes.site.features.wrong_type': platform(
    'error',
    '`contributes.site.features` is an array of feature id strings.',
  ),
  'contributes.site.features.empty': kit('error', 'A feature id is not empty.'),
  'contributes.site.features.duplicate': kit('warning', 'A feature is declared once; repeats are dropped.', 'fixes'),
  'contributes.site.functionBindings.wrong_type': platform(
    'error',
    '`contributes.site.functionBindings` is an object of component id to prop name.',
  ),
  'contributes.site.functionBindings.unknown_component': platform(
    'error',
    'Each function binding key is also in `contributes.site.components`.',
  ),
  'contributes.site.functionBindings.not_prop_name': platform(
    'error',
    'Each function binding value is a plain prop name (an identifier: no dots, brackets or spaces).',
  ),
  'contributes.site.functionBindings.prop_not_declared': kit(
    'warning',
    'A bound prop is declared in `capabilities.props`; undeclared props are dropped, so the function name would never reach the component.',
  ),
  'contributes.console.wrong_type': platform('error', '`contributes.console` is an object.'),
  'contributes.console.slots.wrong_type': platform(
    'error',
    '`contributes.console.slots` is an array of slot id strings.',
  ),
  'contributes.console.slots.empty': kit('error', 'A slot id is not empty.'),
  'contributes.console.slots.duplicate': kit('warning', 'A slot is declared once; repeats are dropped.', 'fixes'),
  'contributes.console.routes.wrong_type': platform(
    'error',
    '`contributes.console.routes` is an array of route path strings.',
  ),
  'contributes.console.routes.empty': kit('error', 'A route is not empty.'),
  'contributes.console.routes.not_path': kit(
    'error',
    'A route is a path starting with `/`, without `..`, query, fragment, backslash or whitespace.',
  ),
  'contributes.console.routes.duplicate': kit('warning', 'A route is declared once; repeats are dropped.', 'fixes'),
  'contributes.console.orgRoutes.wrong_type': platform(
    'error',
    '`contributes.console.orgRoutes` is an array of route path strings.',
  ),
  'contributes.console.orgRoutes.empty': kit('error', 'An org route is not empty.'),
  'contributes.console.orgRoutes.not_path': kit(
    'error',
    'An org route is a path starting with `/`, without `..`, query, fragment, backslash or whitespace.',
  ),
  'contributes.console.orgRoutes.duplicate': kit(
    'warning',
    'An org route is declared once; repeats are dropped.',
    'fixes',
  ),
  'contributes.console.shell.wrong_type': platform('error', '`contributes.console.shell` is a boolean.'),

  'restrictParent.wrong_type': platform('error', '`restrictParent` is an array of component id strings.'),
  'restrictParent.empty': kit('error', 'A `restrictParent` entry is not empty.'),
  'restrictChildren.wrong_type': platform('error', '`restrictChildren` is an array of component id strings.'),
  'restrictChildren.empty': kit('error', 'A `restrictChildren` entry is not empty.'),

  'config.wrong_type': platform('error', '`config` is an object.'),
  'config.fields.wrong_type': platform('error', '`config.fields` is an array of field objects.'),
  'config.fields.too_many': platform(
    'warning',
    'At most 50 config fields are read; the rest are ignored and left out of the normalized manifest.',
  ),
  'config.fields.key.missing': platform('error', 'A config field has a `key`.'),
  'config.fields.key.wrong_type': platform('error', 'A config field `key` is a string.'),
  'config.fields.key.empty': kit('error', 'A config field `key` is not empty.'),
  'config.fields.key.duplicate': kit(
    'error',
    'Config field keys are unique; a repeated key would make two controls write one value.',
  ),
  'config.fields.label.missing': platform('error', 'A config field has a `label`.'),
  'config.fields.label.wrong_type': platform('error', 'A config field `label` is a string.'),
  'config.fields.type.missing': platform('error', 'A config field has a `type`.'),
  'config.fields.type.unsupported': platform(
    'warning',
    'A config field of a type other than string, number, boolean or select is dropped.',
  ),
  'config.fields.min.wrong_type': platform('error', 'A config field `min` is a number.'),
  'config.fields.max.wrong_type': platform('error', 'A config field `max` is a number.'),
  'config.fields.range_inverted': kit('error', 'A number field has `min` at most `max`.'),
  'config.fields.range_ignored': kit('warning', '`min` and `max` apply to number fields only.'),
  'config.fields.options.wrong_type': platform(
    'error',
    'A config field `options` is an array of `{value, label}` objects.',
  ),
  'config.fields.options.missing': platform('error', 'A select field has `options`, at least one.'),
  'config.fields.options.ignored': kit('warning', '`options` apply to select fields only.'),
  'config.fields.options.duplicate': kit('error', 'The options of a select have distinct values.'),
  'config.fields.options.value.missing': platform('error', 'An option has a `value`.'),
  'config.fields.options.value.wrong_type': kit('error', 'An option `value` is a string, number or boolean.'),
  'config.fields.options.label.missing': platform('error', 'An option has a `label`.'),
  'config.fields.options.label.wrong_type': platform('error', 'An option `label` is a string.'),
  'config.defaults.wrong_type': platform('error', '`config.defaults` is an object of field key to value.'),
  'config.defaults.not_coercible': platform(
    'error',
    'A default is coerced to its field\'s type ("7" to 7, "true" to true); one that cannot be is refused.',
  ),
  'config.defaults.not_an_option': kit('error', "A select field's default is one of its option values."),
  'config.defaults.out_of_range': kit('error', "A number field's default lies within its `min` and `max`."),
  'config.defaults.credential': kit(
    'error',
    'A string field whose key names a credential (apiKey, token, secret, password and the like) has no default: the installer enters it in the settings, and no artifact carries one.',
  ),
  'config.fields.credential_on_site': kit(
    'warning',
    "A manifest with a site surface (a component or a site feature) declares a string field whose key names a credential: site surfaces run in public pages and must not hold one; call the extension's own backend instead.",
  ),
  'config.defaults.unknown_key': kit(
    'warning',
    'A default names a field that does not exist (or was dropped); it is left out of the normalized manifest.',
    'suggests',
  ),

  'publisher.unknown': kit(
    'warning',
    'Without a publisher handle (`--publisher`, or `extkit.publisher` in package.json) the publisher part of component ids cannot be checked.',
  ),
  'publisher.invalid': kit('error', 'The publisher handle given to the validator is kebab-case.'),
  'api.invalid': kit(
    'error',
    '`extkit.api` in package.json, the platform API base URL development routes to the emulator, is an absolute http(s) URL with no credentials, query, fragment, dot segment or encoded slash (docs/api.md).',
  ),
  'api.origin_undeclared': kit(
    'warning',
    "`extkit.api`'s origin is not in `capabilities.network`, so the sandbox refuses every call the extension makes to the API, in the preview and on the platform (docs/api.md).",
  ),
  'ignore.invalid': kit(
    'warning',
    '`extkit.ignore` in package.json is a list of warning codes from this table; anything else in it silences nothing.',
  ),
  'ignore.not_a_warning': kit(
    'warning',
    '`extkit.ignore` names an error code: errors cannot be silenced, since the platform refuses them at publish.',
  ),
} as const satisfies Record<string, Rule>;

export type DiagnosticCode = keyof typeof RULES;

export const isDiagnosticCode = (code: string): code is DiagnosticCode => Object.hasOwn(RULES, code);

/** Where the rule table is published; each code is an anchor in it. */
export const RULES_URL = 'https://extkit.dev/docs/rules.md';

/** The documentation of a code: `https://extkit.dev/docs/rules.md#entry.escapes_root`. */
export const ruleUrl = (code: string): string => `${RULES_URL}#${code}`;

// The rules of `config`: the settings' fields, their options and defaults, and credentials.
import { LISTED_POLICY } from './listed.js';
import { kit, platform, type Rule } from './rule.js';

export const CONFIG_RULES = {
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
    `A default names a field that does not exist (or was dropped); it is left out of the normalized manifest. ${LISTED_POLICY}`,
    'suggests',
  ),
} as const satisfies Record<string, Rule>;

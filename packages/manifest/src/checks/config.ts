// config: fields (at most 50 read, unknown types dropped) and defaults (coerced).
import { describe, isObject, quote, Reporter, setOwn, type Diagnostic, type Place } from '../diagnostics.js';
import { join } from '../pointer.js';
import { MAX_CONFIG_FIELDS } from '../patterns.js';
import { KeyPlaces } from '../positions.js';
import type { ConfigField, Manifest } from '../schema.js';
import { compact } from './lists.js';
import { namesCredential } from './reach.js';

type Config = NonNullable<Manifest['config']>;
type OptionValue = string | number | boolean;

/**
 * Which config fields the platform never reads: those past the 50th and those of
 * a type it does not know. Their other problems are not reported.
 */
export function ignoredFieldPaths(input: Record<string, unknown>): (pointer: string) => boolean {
  const config = input.config;
  const fields = isObject(config) ? config.fields : undefined;
  if (!Array.isArray(fields)) return () => false;
  const dropped = new Set<number>();
  fields.forEach((f, i) => {
    if (i < MAX_CONFIG_FIELDS && isDroppedType(f)) dropped.add(i);
  });
  return (pointer) => {
    if (!pointer.startsWith('/config/fields/')) return false;
    const m = /^\/config\/fields\/(\d+)(?:\/|$)/.exec(pointer);
    if (!m) return false;
    const i = Number(m[1]);
    return i >= MAX_CONFIG_FIELDS || dropped.has(i);
  };
}

/** How messages name a field: by its key when it has one, else by its place (never mistaking one for the other). */
const fieldName = (key: unknown, i: number): string =>
  typeof key === 'string' && key !== ''
    ? `config field ${JSON.stringify(key)}`
    : `the config field at index ${i} (config.fields[${i}])`;

/** "is a string field", or what the field lacks. */
const typeName = (type: unknown): string => (typeof type === 'string' ? `is a ${type} field` : 'has no type');

const isKnownType = (t: unknown): t is ConfigField['type'] =>
  t === 'string' || t === 'number' || t === 'boolean' || t === 'select';
const isDroppedType = (field: unknown): boolean =>
  isObject(field) && Object.hasOwn(field, 'type') && !isKnownType(field.type);

/** `text`, when the manifest was parsed from it, gives each unknown default its place as it is reported (`checkDefaults`). */
export function checkConfig(
  config: Record<string, unknown>,
  sound: boolean,
  reporter: Reporter,
  text?: string,
): Config {
  const fields = config.fields;
  const defaults = config.defaults;
  const byKey = new Map<string, ConfigField>();
  const keptFields = Array.isArray(fields) ? checkFields(fields, byKey, sound, reporter) : undefined;
  const keptDefaults = isObject(defaults) ? checkDefaults(defaults, byKey, reporter, text) : undefined;
  if (sound && keptFields === fields && keptDefaults === defaults) return config;
  return compact({ fields: keptFields, defaults: keptDefaults });
}

function checkFields(
  fields: unknown[],
  byKey: Map<string, ConfigField>,
  sound: boolean,
  reporter: Reporter,
): ConfigField[] {
  if (fields.length > MAX_CONFIG_FIELDS) {
    const ignored =
      fields.length === MAX_CONFIG_FIELDS + 1
        ? `field ${fields.length} is`
        : `fields ${MAX_CONFIG_FIELDS + 1} to ${fields.length} are`;
    reporter.report(
      'config.fields.too_many',
      '/config/fields',
      `config declares ${fields.length} fields; the platform reads the first ${MAX_CONFIG_FIELDS}, so ${ignored} ignored`,
    );
  }
  const read = Math.min(fields.length, MAX_CONFIG_FIELDS);
  for (let i = 0; i < read; i++) {
    const field = fields[i];
    if (!isObject(field)) continue; // reported by the structural check
    const type = field.type;
    if (!isKnownType(type) && Object.hasOwn(field, 'type')) {
      reporter.report(
        'config.fields.type.unsupported',
        `/config/fields/${i}`,
        `${fieldName(field.key, i)} has type ${describe(type)}; the platform knows string, number, boolean and select, and drops this field`,
      );
      continue;
    }
    const key = field.key;
    if (typeof key === 'string' && key !== '' && byKey.has(key)) {
      reporter.report(
        'config.fields.key.duplicate',
        `/config/fields/${i}/key`,
        `config field key ${JSON.stringify(key)} is already used by an earlier field; keys are unique`,
      );
      continue;
    }
    const normalized = checkField(field, i, sound, reporter);
    if (!normalized) continue;
    byKey.set(normalized.key, normalized);
  }
  const kept = [...byKey.values()];
  if (kept.length !== fields.length) return kept;
  for (let i = 0; i < kept.length; i++) if (kept[i] !== fields[i]) return kept;
  return fields as ConfigField[];
}

function checkField(
  field: Record<string, unknown>,
  i: number,
  sound: boolean,
  reporter: Reporter,
): ConfigField | undefined {
  const { key, label, type, min, max, options } = field;
  if (type === 'number') {
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      reporter.report(
        'config.fields.range_inverted',
        `/config/fields/${i}`,
        `${fieldName(key, i)} has min ${min} greater than max ${max}`,
      );
    }
  } else {
    if (min !== undefined)
      reporter.report(
        'config.fields.range_ignored',
        `/config/fields/${i}/min`,
        `min applies to number fields only; ${fieldName(key, i)} ${typeName(type)}`,
      );
    if (max !== undefined)
      reporter.report(
        'config.fields.range_ignored',
        `/config/fields/${i}/max`,
        `max applies to number fields only; ${fieldName(key, i)} ${typeName(type)}`,
      );
  }
  let keptOptions: ConfigField['options'];
  if (type === 'select') {
    if (Array.isArray(options) && options.length > 0) keptOptions = checkOptions(options, i, sound, reporter);
    else if (options === undefined || Array.isArray(options)) {
      reporter.report(
        'config.fields.options.missing',
        `/config/fields/${i}/options`,
        `${fieldName(key, i)} is a select and needs options: a non-empty array of {value, label}`,
      );
    }
  } else if (options !== undefined) {
    reporter.report(
      'config.fields.options.ignored',
      `/config/fields/${i}/options`,
      `options apply to select fields only; ${fieldName(key, i)} ${typeName(type)}`,
    );
  }
  if (typeof key !== 'string' || key === '' || typeof label !== 'string' || !isKnownType(type)) return undefined;
  // Copy-on-write: a sound field that keeps every member it has is its own normalized form.
  const keepsAll =
    type === 'number'
      ? options === undefined
      : type === 'select'
        ? min === undefined && max === undefined && keptOptions === options
        : min === undefined && max === undefined && options === undefined;
  if (sound && keepsAll) return field as ConfigField;
  const out: ConfigField = { key, label, type };
  if (type === 'number') {
    if (typeof min === 'number') out.min = min;
    if (typeof max === 'number') out.max = max;
  }
  if (keptOptions) out.options = keptOptions;
  return out;
}

function checkOptions(
  options: unknown[],
  i: number,
  sound: boolean,
  reporter: Reporter,
): NonNullable<ConfigField['options']> {
  const seen = new Set<OptionValue>();
  const kept: NonNullable<ConfigField['options']> = [];
  options.forEach((option, j) => {
    if (!isObject(option)) return;
    const value = option.value;
    const label = option.label;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return;
    if (seen.has(value)) {
      reporter.report(
        'config.fields.options.duplicate',
        `/config/fields/${i}/options/${j}/value`,
        `option value ${JSON.stringify(value)} is used by an earlier option; values are distinct`,
      );
      return;
    }
    seen.add(value);
    if (typeof label === 'string') kept.push({ value, label });
  });
  // Sound options that lost none are their own normalized form.
  return sound && kept.length === options.length ? (options as NonNullable<ConfigField['options']>) : kept;
}

const DEFAULTS_KEYS = ['config', 'defaults'];

/**
 * Copy-on-write: the copy is made at the first default that changes, from the keys kept before
 * it, so the defaults that stay the same need no store and the output keeps the input's order.
 * With the text the defaults were parsed from, the keys are read in it beside the parsed ones
 * (`KeyPlaces`), and each unknown default carries its line and column as it is reported, so
 * `diagnosticPositions` walks to none of them; a text that is not what the keys say, or a `config`
 * or `defaults` written twice, takes the places back (the position step then finds them).
 */
function checkDefaults(
  defaults: Record<string, unknown>,
  byKey: Map<string, ConfigField>,
  reporter: Reporter,
  text?: string,
): Record<string, unknown> {
  const places = KeyPlaces.of(reporter, defaults, text, DEFAULTS_KEYS);
  const { keys } = places;
  let out: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const field = byKey.get(key);
    let kept: OptionValue | undefined;
    let same = false;
    // An unknown default is dropped without reading its value (a lookup in a large object).
    if (field === undefined) {
      const plain = PLAIN_KEY.test(key);
      reportUnknownDefault(key, plain, reporter, places.at(i, plain));
    } else {
      const value = defaults[key];
      kept = coerce(value, field, key, reporter);
      // A credential's default would ship in the artifact to every installer: refused, and dropped.
      if (field.type === 'string' && kept !== undefined && kept !== '' && namesCredential(key)) {
        reporter.report(
          'config.defaults.credential',
          join('/config/defaults', key),
          `config field ${JSON.stringify(key)} names a credential, and its default would ship in the artifact to every installer: remove the default; the installer enters the value in the extension's settings`,
        );
        kept = undefined;
      }
      same = kept === value;
    }
    if (out === undefined) {
      if (same) continue;
      out = {};
      for (let j = 0; j < i; j++) setOwn(out, keys[j]!, defaults[keys[j]!]);
    }
    if (kept !== undefined) setOwn(out, key, kept);
  }
  places.end();
  return out ?? defaults;
}

// A key that needs no escape in a pointer or in quotes: one test, and the pointer and message are each one concatenation.
const PLAIN_KEY = /^[^"\\\u0000-\u001f\ud800-\udfff~/]*$/;
const UNKNOWN_DEFAULT = ', which is not a config field (or was dropped); it is ignored';
const QUOTE_UNKNOWN_DEFAULT = '"' + UNKNOWN_DEFAULT;

/** Each key once, of a code the structural check never reports: nothing to compare with (`add`). */
function reportUnknownDefault(key: string, plain: boolean, reporter: Reporter, place: Place | undefined): void {
  if (plain)
    reporter.add(
      'config.defaults.unknown_key',
      '/config/defaults/' + key,
      'default for "' + key + QUOTE_UNKNOWN_DEFAULT,
      place,
    );
  else
    reporter.add(
      'config.defaults.unknown_key',
      join('/config/defaults', key),
      `default for ${quote(key)}${UNKNOWN_DEFAULT}`,
    );
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The default coerced to its field's type, or undefined after reporting why it cannot be. */
function coerce(value: unknown, field: ConfigField, key: string, reporter: Reporter): OptionValue | undefined {
  switch (field.type) {
    case 'string':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      return refuse(value, field, key, 'a string', reporter);
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'string' && /^(true|false)$/i.test(value.trim()))
        return value.trim().toLowerCase() === 'true';
      return refuse(value, field, key, 'a boolean (true or false)', reporter);
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? parseNumber(value) : undefined;
      if (n === undefined || !Number.isFinite(n)) return refuse(value, field, key, 'a number', reporter);
      if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max)) {
        reporter.report(
          'config.defaults.out_of_range',
          join('/config/defaults', key),
          `default for ${JSON.stringify(field.key)} is ${n}, outside its range ${field.min ?? '-∞'} to ${field.max ?? '∞'}`,
        );
        return undefined;
      }
      return n;
    }
    case 'select': {
      const options = field.options;
      if (options === undefined || options.length === 0) return undefined; // the missing options are reported on the field
      const match = optionFor(options, value);
      if (match !== undefined) return match;
      reporter.report(
        'config.defaults.not_an_option',
        join('/config/defaults', key),
        `default for ${JSON.stringify(field.key)} is ${describe(value)}, which is not one of its options: ${listValues(options)}`,
      );
      return undefined;
    }
  }
}

/** The options' values for a message: the first ten, then how many more. */
function listValues(options: NonNullable<ConfigField['options']>): string {
  const shown = options
    .slice(0, 10)
    .map((o) => JSON.stringify(o.value))
    .join(', ');
  return options.length > 10 ? `${shown} and ${options.length - 10} more` : shown;
}

function refuse(value: unknown, field: ConfigField, key: string, expected: string, reporter: Reporter): undefined {
  reporter.report(
    'config.defaults.not_coercible',
    join('/config/defaults', key),
    `default for ${JSON.stringify(field.key)} is ${describe(value)}, which cannot be coerced to ${expected}`,
  );
  return undefined;
}

/** A decimal number written as a JSON number, with surrounding whitespace allowed; undefined for anything else. */
function parseNumber(text: string): number | undefined {
  const trimmed = text.trim();
  return NUMBER.test(trimmed) ? Number(trimmed) : undefined;
}

/** The option whose value is the default, else the one that reads the same as text ("1" for 1, "true" for true). */
function optionFor(options: NonNullable<ConfigField['options']>, value: unknown): OptionValue | undefined {
  for (let j = 0; j < options.length; j++) if (options[j]!.value === value) return options[j]!.value;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
  const text = String(value);
  for (let j = 0; j < options.length; j++) if (String(options[j]!.value) === text) return options[j]!.value;
  return undefined;
}

/**
 * Warns about each string field whose key names a credential when the manifest has a site
 * surface (`onSite`): site surfaces run in public pages, where a key would be every visitor's.
 */
export function checkSiteCredentials(config: Record<string, unknown>, reporter: Reporter): void {
  const fields = config.fields;
  if (!Array.isArray(fields)) return;
  const read = Math.min(fields.length, MAX_CONFIG_FIELDS);
  for (let i = 0; i < read; i++) {
    const field: unknown = fields[i];
    if (!isObject(field) || field.type !== 'string' || typeof field.key !== 'string') continue;
    if (!namesCredential(field.key)) continue;
    reporter.report(
      'config.fields.credential_on_site',
      `/config/fields/${i}/key`,
      `config field ${JSON.stringify(field.key)} names a credential, and this extension has a site surface: site surfaces run in public pages, where every visitor could read it. Call your own backend from the site surface, and keep keys in console surfaces' settings`,
    );
  }
}

/**
 * An installation's settings held to a version's config fields: each value coerced as a default
 * is (the same rules and codes), a key that names no field refused. Unlike a default, a
 * credential belongs here: the installer enters it.
 * @example checkSettings(manifest.config.fields, { days: '7' }).values // { days: 7 }
 */
export function checkSettings(
  fields: readonly ConfigField[],
  values: Record<string, unknown>,
): { values: Record<string, unknown>; errors: Diagnostic[] } {
  const reporter = new Reporter();
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(values)) {
    const field = byKey.get(key);
    if (field === undefined) {
      reporter.add(
        'config.defaults.unknown_key',
        join('/config/defaults', key),
        `${quote(key)} is not a config field of this version (its fields: ${[...byKey.keys()].map(quote).join(', ') || 'none'})`,
      );
      continue;
    }
    const kept = coerce(values[key], field, key, reporter);
    if (kept !== undefined) setOwn(out, key, kept);
  }
  return { values: out, errors: [...reporter.errors, ...reporter.warnings] };
}

// config: fields (at most 50 read, unknown types dropped) and defaults (coerced).
import { describe, isObject, type Reporter } from '../diagnostics.js';
import { MAX_CONFIG_FIELDS } from '../patterns.js';
import type { ConfigField, Manifest } from '../schema.js';
import { checkDefaults } from './defaults.js';
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

export function checkConfig(config: Record<string, unknown>, sound: boolean, reporter: Reporter): Config {
  const fields = config.fields;
  const defaults = config.defaults;
  const byKey = new Map<string, ConfigField>();
  const keptFields = Array.isArray(fields) ? checkFields(fields, byKey, sound, reporter) : undefined;
  const keptDefaults = isObject(defaults) ? checkDefaults(defaults, byKey, reporter) : undefined;
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

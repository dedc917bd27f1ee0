// config: fields (at most 50 read, unknown types dropped) and defaults (coerced).
import { describe, isObject, own, setOwn, type Reporter } from '../diagnostics.js';
import { join } from '../pointer.js';
import { CONFIG_FIELD_TYPES, MAX_CONFIG_FIELDS } from '../patterns.js';
import type { ConfigField, Manifest } from '../schema.js';

type Config = NonNullable<Manifest['config']>;
type OptionValue = string | number | boolean;

/**
 * Which config fields the platform never reads: those past the 50th and those of
 * a type it does not know. Their other problems are not reported.
 */
export function ignoredFieldPaths(input: Record<string, unknown>): (pointer: string) => boolean {
  const config = own(input, 'config');
  const fields = isObject(config) ? own(config, 'fields') : undefined;
  if (!Array.isArray(fields)) return () => false;
  const dropped = new Set<number>();
  fields.forEach((f, i) => {
    if (i < MAX_CONFIG_FIELDS && isDroppedType(f)) dropped.add(i);
  });
  return (pointer) => {
    const m = /^\/config\/fields\/(\d+)(?:\/|$)/.exec(pointer);
    if (!m) return false;
    const i = Number(m[1]);
    return i >= MAX_CONFIG_FIELDS || dropped.has(i);
  };
}

const isKnownType = (t: unknown): t is ConfigField['type'] => (CONFIG_FIELD_TYPES as readonly unknown[]).includes(t);
const isDroppedType = (field: unknown): boolean => isObject(field) && Object.hasOwn(field, 'type') && !isKnownType(field.type);

export function checkConfig(config: Record<string, unknown>, reporter: Reporter): Config {
  const out: Config = {};
  const fields = own(config, 'fields');
  const byKey = new Map<string, ConfigField>();
  if (Array.isArray(fields)) {
    out.fields = checkFields(fields, byKey, reporter);
  }
  const defaults = own(config, 'defaults');
  if (isObject(defaults)) out.defaults = checkDefaults(defaults, byKey, reporter);
  return out;
}

function checkFields(fields: unknown[], byKey: Map<string, ConfigField>, reporter: Reporter): ConfigField[] {
  if (fields.length > MAX_CONFIG_FIELDS) {
    reporter.report('config.fields.too_many', '/config/fields', `config declares ${fields.length} fields; the platform reads the first ${MAX_CONFIG_FIELDS}, so fields ${MAX_CONFIG_FIELDS + 1} to ${fields.length} are ignored`);
  }
  const kept: ConfigField[] = [];
  fields.slice(0, MAX_CONFIG_FIELDS).forEach((field, i) => {
    if (!isObject(field)) return; // reported by the structural check
    const at = join('/config/fields', i);
    const type = own(field, 'type');
    if (Object.hasOwn(field, 'type') && !isKnownType(type)) {
      reporter.report('config.fields.type.unsupported', at, `config field ${JSON.stringify(own(field, 'key') ?? i)} has type ${describe(type)}; the platform knows string, number, boolean and select, and drops this field`);
      return;
    }
    const key = own(field, 'key');
    if (typeof key === 'string' && key !== '' && byKey.has(key)) {
      reporter.report('config.fields.key.duplicate', join(at, 'key'), `config field key "${key}" is already used by an earlier field; keys are unique`);
      return;
    }
    const normalized = checkField(field, at, reporter);
    if (!normalized) return;
    byKey.set(normalized.key, normalized);
    kept.push(normalized);
  });
  return kept;
}

function checkField(field: Record<string, unknown>, at: string, reporter: Reporter): ConfigField | undefined {
  const key = own(field, 'key');
  const label = own(field, 'label');
  const type = own(field, 'type');
  const min = own(field, 'min');
  const max = own(field, 'max');
  const options = own(field, 'options');
  const out = { key, label, type } as ConfigField;
  if (type === 'number') {
    if (typeof min === 'number') out.min = min;
    if (typeof max === 'number') out.max = max;
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      reporter.report('config.fields.range_inverted', at, `config field "${String(key)}" has min ${min} greater than max ${max}`);
    }
  } else {
    for (const bound of ['min', 'max'] as const) {
      if (Object.hasOwn(field, bound)) reporter.report('config.fields.range_ignored', join(at, bound), `${bound} applies to number fields only; "${String(key)}" is a ${String(type)} field`);
    }
  }
  if (type === 'select') {
    if (!Array.isArray(options) || options.length === 0) {
      if (options === undefined || Array.isArray(options)) {
        reporter.report('config.fields.options.missing', join(at, 'options'), `select field "${String(key)}" needs options: a non-empty array of {value, label}`);
      }
    } else {
      out.options = checkOptions(options, join(at, 'options'), reporter);
    }
  } else if (Object.hasOwn(field, 'options')) {
    reporter.report('config.fields.options.ignored', join(at, 'options'), `options apply to select fields only; "${String(key)}" is a ${String(type)} field`);
  }
  return typeof key === 'string' && key !== '' && typeof label === 'string' && isKnownType(type) ? out : undefined;
}

function checkOptions(options: unknown[], at: string, reporter: Reporter): NonNullable<ConfigField['options']> {
  const seen = new Set<OptionValue>();
  const kept: NonNullable<ConfigField['options']> = [];
  options.forEach((option, j) => {
    if (!isObject(option)) return;
    const value = own(option, 'value');
    const label = own(option, 'label');
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return;
    if (seen.has(value)) {
      reporter.report('config.fields.options.duplicate', join(at, j, 'value'), `option value ${JSON.stringify(value)} is used by an earlier option; values are distinct`);
      return;
    }
    seen.add(value);
    if (typeof label === 'string') kept.push({ value, label });
  });
  return kept;
}

function checkDefaults(defaults: Record<string, unknown>, byKey: Map<string, ConfigField>, reporter: Reporter): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(defaults)) {
    const at = join('/config/defaults', key);
    const field = byKey.get(key);
    if (!field) {
      reporter.report('config.defaults.unknown_key', at, `default for "${key}", which is not a config field (or was dropped); it is ignored`);
      continue;
    }
    const value = coerce(defaults[key], field, at, reporter);
    if (value !== undefined) setOwn(out, key, value);
  }
  return out;
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** The default coerced to its field's type, or undefined after reporting why it cannot be. */
function coerce(value: unknown, field: ConfigField, at: string, reporter: Reporter): OptionValue | undefined {
  const refuse = (expected: string) => {
    reporter.report('config.defaults.not_coercible', at, `default for "${field.key}" is ${describe(value)}, which cannot be coerced to ${expected}`);
    return undefined;
  };
  switch (field.type) {
    case 'string':
      return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : refuse('a string');
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'string' && /^(true|false)$/i.test(value.trim())) return value.trim().toLowerCase() === 'true';
      return refuse('a boolean (true or false)');
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && NUMBER.test(value.trim()) ? Number(value.trim()) : undefined;
      if (n === undefined || !Number.isFinite(n)) return refuse('a number');
      if ((field.min !== undefined && n < field.min) || (field.max !== undefined && n > field.max)) {
        reporter.report('config.defaults.out_of_range', at, `default for "${field.key}" is ${n}, outside its range ${field.min ?? '-∞'} to ${field.max ?? '∞'}`);
        return undefined;
      }
      return n;
    }
    case 'select': {
      const options = field.options ?? [];
      const match = options.find((o) => o.value === value) ?? options.find((o) => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') && String(o.value) === String(value));
      if (match) return match.value;
      if (options.length === 0) return undefined; // the missing options are reported on the field
      reporter.report('config.defaults.not_an_option', at, `default for "${field.key}" is ${describe(value)}, which is not one of its options: ${options.map((o) => JSON.stringify(o.value)).join(', ')}`);
      return undefined;
    }
  }
}

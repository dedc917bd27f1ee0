// config.defaults, and an installation's settings: each coerced to its field's type, or reported and dropped.
import { describe, quote, Reporter, setOwn, type Diagnostic } from '../diagnostics.js';
import { join } from '../pointer.js';
import type { ConfigField } from '../schema.js';
import { UnknownKeys, unlisted } from '../unknown-keys.js';
import { namesCredential } from './reach.js';

type OptionValue = string | number | boolean;

/**
 * Copy-on-write: the copy is made at the first default that changes, from the keys kept before
 * it, so the defaults that stay the same need no store and the output keeps the input's order.
 */
export function checkDefaults(
  defaults: Record<string, unknown>,
  byKey: Map<string, ConfigField>,
  reporter: Reporter,
): Record<string, unknown> {
  const keys = reporter.keysOf(defaults);
  const unknown = new UnknownKeys();
  let out: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const field = byKey.get(key);
    let kept: OptionValue | undefined;
    let same = false;
    // An unknown default is dropped without reading its value (a lookup in a large object).
    if (field === undefined) {
      if (unknown.list(key)) reportUnknownDefault(key, reporter);
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
  const first = unknown.first;
  if (first !== undefined) {
    // Past the listed ones (kit policy, unknown-keys.ts): one finding at the first counts the rest.
    const finding = reportUnknownDefault(first, reporter);
    finding.message = unlisted(`default for ${quote(first)}`, unknown.more, UNLISTED_DEFAULTS, finding.message);
    if (unknown.more > 0) finding.more = unknown.more;
  }
  return out ?? defaults;
}

// A key that needs no escape in a pointer or in quotes: one test, and the pointer and message are each one concatenation.
const PLAIN_KEY = /^[^"\\\u0000-\u001f\ud800-\udfff~/]*$/;
const UNKNOWN_DEFAULT = ', which is not a config field (or was dropped); it is ignored';
const QUOTE_UNKNOWN_DEFAULT = '"' + UNKNOWN_DEFAULT;
const UNLISTED_DEFAULTS = 'in config.defaults are not config fields (or were dropped)';

/** Each key once, of a code the structural check never reports: nothing to compare with (`add`). */
function reportUnknownDefault(key: string, reporter: Reporter): Diagnostic {
  if (PLAIN_KEY.test(key))
    return reporter.add(
      'config.defaults.unknown_key',
      '/config/defaults/' + key,
      'default for "' + key + QUOTE_UNKNOWN_DEFAULT,
    );
  return reporter.add(
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
  reporter.finish();
  return { values: out, errors: [...reporter.errors, ...reporter.warnings] };
}

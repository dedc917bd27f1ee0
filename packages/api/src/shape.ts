// Shape specs: what a request body or query must look like, read by the client
// before sending (a 400 is still billed) and by the emulator on receipt, so the
// two never disagree. Where the documents leave a shape open, the spec lets it through.

import type { ShapeIssue, ShapeRule } from './issue.js';
import type { LocalCheckCode } from './types/error-codes.js';

/** Every key of T, each exactly once: the compiler keeps this list in step with the type. */
export type KeyTable<T> = { readonly [K in keyof Required<T>]: true };
export const keysOf = <T>(table: KeyTable<T>): readonly string[] => Object.keys(table);

export interface ShapeSpec {
  /** The body is closed: any other key is refused. Omitted for open bodies and queries. */
  keys?: readonly string[];
  /** Members that must be present. */
  required?: readonly string[];
  /** Members whose value must be one of a list (null and absent pass). */
  enums?: Readonly<Record<string, readonly string[]>>;
  /** Members that must be a JSON boolean (a string `true` is not coerced). */
  booleans?: readonly string[];
  /** Members that must be an ISO 8601 instant with an offset. */
  instants?: readonly string[];
  /** Specs of nested objects (null and absent pass). */
  nested?: Readonly<Record<string, ShapeSpec>>;
  /** Strings that may not be empty (`''`). */
  nonEmpty?: readonly string[];
  /** Members that must be strings (null and absent pass). */
  strings?: readonly string[];
  /** Whole-number members with their inclusive bounds (null and absent pass). */
  integers?: Readonly<Record<string, readonly [min: number, max?: number]>>;
  /** Calendar dates `YYYY-MM-DD`: a real day, not in the future (null and absent pass). */
  pastDates?: readonly string[];
  /** Arrays with their longest allowed length. */
  maxItems?: Readonly<Record<string, number>>;
  /** The spec every item of an array member meets. */
  items?: Readonly<Record<string, ShapeSpec>>;
  /** Rules between members, in the documents' words (rules.ts). */
  rules?: readonly ShapeRule[];
}

// Date and time, then seconds and fraction optional, then Z or a numeric offset.
const instantPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** True for `2025-01-31T12:00:00Z` or `...+02:00`; false for a bare date or no offset. */
export function isInstant(value: string): boolean {
  return instantPattern.test(value) && !Number.isNaN(Date.parse(value));
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** True for a real calendar day `YYYY-MM-DD` (`2025-02-30` is not one). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return day.toISOString().slice(0, 10) === value;
}

// The latest day that is not in the future anywhere on Earth (UTC+14), so no time zone is refused a real today.
const latestToday = (): string => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

const issue = (code: LocalCheckCode, path: string, message: string): ShapeIssue => ({ code, path, message });

/** The problems `value` has against `spec`, each with a JSON Pointer path. */
export function shapeIssues(value: unknown, spec: ShapeSpec, at = ''): ShapeIssue[] {
  if (!isObject(value)) {
    return [
      {
        code: 'invalid_type',
        path: at || '/',
        message: `${at || 'the params'} must be an object, received ${value === null ? 'null' : typeof value}`,
      },
    ];
  }
  const issues: ShapeIssue[] = [];
  if (spec.keys) {
    for (const key of Object.keys(value)) {
      if (value[key] !== undefined && !spec.keys.includes(key)) {
        issues.push({
          code: 'unknown_key',
          path: `${at}/${key}`,
          message: `${at.slice(1).replaceAll('/', '.') || 'body'} has no member \`${key}\` (expected one of ${spec.keys.join(', ')})`,
        });
      }
    }
  }
  for (const key of spec.required ?? []) {
    if (value[key] === undefined)
      issues.push({ code: 'missing_key', path: `${at}/${key}`, message: `\`${key}\` is required` });
  }
  for (const [key, allowed] of Object.entries(spec.enums ?? {})) {
    const v = value[key];
    if (v !== undefined && v !== null && !allowed.includes(v as string)) {
      issues.push({
        code: 'invalid_enum',
        path: `${at}/${key}`,
        message: `\`${key}\` must be one of ${allowed.join(', ')}; received ${JSON.stringify(v)}`,
      });
    }
  }
  for (const key of spec.booleans ?? []) {
    const v = value[key];
    if (v !== undefined && typeof v !== 'boolean') {
      issues.push({
        code: 'invalid_type',
        path: `${at}/${key}`,
        message: `\`${key}\` must be true or false; received ${JSON.stringify(v)}`,
      });
    }
  }
  for (const key of spec.instants ?? []) {
    const v = value[key];
    if (v === undefined || v === null || v === '' || (v instanceof Date && !Number.isNaN(v.getTime()))) continue;
    if (typeof v !== 'string' || !isInstant(v)) {
      issues.push({
        code: 'invalid_instant',
        path: `${at}/${key}`,
        message: `\`${key}\` must be an ISO 8601 instant with an offset, e.g. 2025-01-31T00:00:00Z; received ${JSON.stringify(v)}`,
      });
    }
  }
  for (const key of spec.nonEmpty ?? []) {
    if (value[key] === '') issues.push(issue('invalid_value', `${at}/${key}`, `\`${key}\` may not be an empty string`));
  }
  for (const key of spec.strings ?? []) {
    const v = value[key];
    if (v !== undefined && v !== null && typeof v !== 'string') {
      issues.push(issue('invalid_type', `${at}/${key}`, `\`${key}\` must be a string; received ${JSON.stringify(v)}`));
    }
  }
  for (const [key, [min, max]] of Object.entries(spec.integers ?? {})) {
    const v = value[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || (max !== undefined && v > max)) {
      const range = max === undefined ? `${min} or more` : `from ${min} to ${max.toLocaleString('en-US')}`;
      issues.push(
        issue(
          'invalid_value',
          `${at}/${key}`,
          `\`${key}\` must be a whole number ${range}; received ${JSON.stringify(v)}`,
        ),
      );
    }
  }
  for (const key of spec.pastDates ?? []) {
    const v = value[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string' || !isCalendarDate(v) || v > latestToday()) {
      issues.push(
        issue(
          'invalid_date',
          `${at}/${key}`,
          `\`${key}\` must be a real date YYYY-MM-DD, not in the future; received ${JSON.stringify(v)}`,
        ),
      );
    }
  }
  for (const [key, most] of Object.entries(spec.maxItems ?? {})) {
    const v = value[key];
    if (Array.isArray(v) && v.length > most)
      issues.push(
        issue('invalid_value', `${at}/${key}`, `\`${key}\` holds at most ${most} items; received ${v.length}`),
      );
  }
  for (const [key, inner] of Object.entries(spec.nested ?? {})) {
    const v = value[key];
    if (v !== undefined && v !== null) for (const found of shapeIssues(v, inner, `${at}/${key}`)) issues.push(found);
  }
  for (const [key, inner] of Object.entries(spec.items ?? {})) {
    const v = value[key];
    // One by one, not push(...): an argument per issue overflows the stack on a large response.
    if (Array.isArray(v))
      for (let i = 0; i < v.length; i++)
        for (const found of shapeIssues(v[i], inner, `${at}/${key}/${i}`)) issues.push(found);
  }
  for (const rule of spec.rules ?? []) {
    const found = rule(value, at);
    if (found) issues.push(found);
  }
  return issues;
}

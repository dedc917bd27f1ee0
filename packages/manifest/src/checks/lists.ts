import type { Reporter } from '../diagnostics.js';
import { join } from '../pointer.js';
import type { DiagnosticCode } from '../rules.js';

/**
 * The non-empty strings of a list, first occurrence kept; repeats are reported
 * with `duplicateCode` and dropped. Other entries are the structural check's to report.
 */
export function uniqueStrings(list: unknown[], at: string, duplicateCode: DiagnosticCode, reporter: Reporter): string[] {
  if (isCleanStringList(list)) return list;
  const kept: string[] = [];
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item !== 'string' || item === '') continue;
    // Lists are short: a linear scan beats allocating a Set.
    if (kept.includes(item)) {
      reporter.report(duplicateCode, join(at, i), `${JSON.stringify(item)} is listed more than once; the repeat is dropped`);
      continue;
    }
    kept.push(item);
  }
  return kept;
}

/** Non-empty strings without repeats: the normalized list is the list itself. */
export function isCleanStringList(list: unknown[]): list is string[] {
  if (list.length > 64) return false; // the quadratic scan is for the usual short lists
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item !== 'string' || item === '') return false;
    for (let j = 0; j < i; j++) if (list[j] === item) return false;
  }
  return true;
}

/**
 * The normalizer's copy path: a new object with the members that are defined.
 * (Its fast path, copy-on-write, compares each member with the input's own value
 * where it is called, and returns the input object itself when all are the same.)
 */
export function compact<T extends object>(members: T): T {
  const out = {} as T;
  for (const key in members) if (members[key] !== undefined) out[key] = members[key];
  return out;
}

/** The value when it is an array, else undefined. */
export const asArray = (value: unknown): unknown[] | undefined => (Array.isArray(value) ? value : undefined);

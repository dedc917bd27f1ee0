import type { Reporter } from '../diagnostics.js';
import type { DiagnosticCode } from '../rules.js';
import { StringSet } from './strings.js';

/**
 * The non-empty strings of a list, first occurrence kept; repeats are reported
 * with `duplicateCode` and dropped. Other entries are the structural check's to report.
 * `eachFirst` sees each kept string once, in order, so a caller's per-item rule needs no set of
 * its own; `kept` is the set of them, for a caller that looks items up later.
 */
export function uniqueStrings(list: unknown[], at: string, duplicateCode: DiagnosticCode, reporter: Reporter, eachFirst?: (item: string, index: number) => void, kept = new StringSet(list.length)): string[] {
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item !== 'string' || item === '') continue;
    if (!kept.add(item)) {
      reporter.report(duplicateCode, `${at}/${i}`, `${JSON.stringify(item)} is listed more than once; the repeat is dropped`);
      continue;
    }
    eachFirst?.(item, i);
  }
  // Nothing dropped: the list is its own normalized form.
  return kept.size === list.length ? (list as string[]) : kept.items;
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

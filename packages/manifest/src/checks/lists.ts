import { quote, type Reporter } from '../diagnostics.js';
import type { DiagnosticCode } from '../rules.js';

/**
 * The non-empty strings of a list, first occurrence kept; repeats are reported
 * with `duplicateCode` and dropped. Other entries are the structural check's to report.
 */
export function uniqueStrings(
  list: unknown[],
  at: string,
  duplicateCode: DiagnosticCode,
  reporter: Reporter,
): string[] {
  const kept = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (typeof item !== 'string' || item === '') continue;
    if (kept.has(item)) reportRepeat(list, i, at, duplicateCode, reporter);
    else kept.add(item);
  }
  // Every item kept: the list is its own normalized form.
  return kept.size === list.length ? (list as string[]) : [...kept];
}

const REPEATED = ' is listed more than once; the repeat is dropped';
const QUOTE_REPEATED = '"' + REPEATED;

/**
 * Reports that `list[i]`, a string, repeats an earlier one (which is kept). `plain`: the caller
 * knows the string needs no escape in quotes (a component id of the form), which spares a test.
 */
export function reportRepeat(
  list: unknown[],
  i: number,
  at: string,
  duplicateCode: DiagnosticCode,
  reporter: Reporter,
  plain = false,
): void {
  const item = list[i] as string;
  reporter.report(duplicateCode, `${at}/${i}`, plain ? '"' + item + QUOTE_REPEATED : quote(item) + REPEATED);
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

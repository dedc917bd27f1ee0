import { own, type Reporter } from '../diagnostics.js';
import { join } from '../pointer.js';
import type { DiagnosticCode } from '../rules.js';

/**
 * The non-empty strings of a list, first occurrence kept; repeats are reported
 * with `duplicateCode` and dropped. Other entries are the structural check's to report.
 */
export function uniqueStrings(list: unknown[], at: string, duplicateCode: DiagnosticCode, reporter: Reporter): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  list.forEach((item, i) => {
    if (typeof item !== 'string' || item === '') return;
    if (seen.has(item)) {
      reporter.report(duplicateCode, join(at, i), `${JSON.stringify(item)} is listed more than once; the repeat is dropped`);
      return;
    }
    seen.add(item);
    kept.push(item);
  });
  return kept;
}

/** `obj[key]` when it is an array, else undefined. */
export function arrayAt(obj: Record<string, unknown>, key: string): unknown[] | undefined {
  const v = own(obj, key);
  return Array.isArray(v) ? v : undefined;
}

import { gzipSync } from 'node:zlib';
import type { BundleSize, Diagnostic } from './types.js';

/** The kit's default gzip budget for one bundle: 100 KiB (docs/build.md, "Size budget"). */
export const DEFAULT_SIZE_BUDGET = 100 * 1024;

const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;

/** Measures the bundle raw and gzipped (level 9) and warns past the budget. */
export function measure(bundle: Uint8Array, budget: number): { size: BundleSize; warning: Diagnostic | null } {
  const size = { raw: bundle.byteLength, gzip: gzipSync(bundle, { level: 9 }).byteLength, budget };
  const warning =
    size.gzip > budget
      ? {
          code: 'build.size_budget',
          message: `The bundle is ${kib(size.gzip)} gzipped, over the budget of ${kib(budget)}. Every placement downloads it: trim dependencies, or raise the budget with package.json "extkit": { "sizeBudget": <bytes> } or --size-budget.`,
        }
      : null;
  return { size, warning };
}

import { gzipSync } from 'node:zlib';
import type { Contributor } from './outputs.js';
import type { BundleSize, Diagnostic } from './types.js';

/** The kit's default gzip budget for one bundle: 64 KiB, a warning (docs/build.md, "Size budget"). */
export const DEFAULT_SIZE_BUDGET = 64 * 1024;

const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1024,
  kib: 1024,
  k: 1024,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  m: 1024 ** 2,
};

/** Reads a size as package.json writes it: a number of bytes, or a string like "64 KB", "1.5 MB", "65536" (KB = KiB = 1024 bytes). */
export function parseSize(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? Math.round(value) : null;
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = UNITS[(m?.[2] || 'b').toLowerCase()];
  if (!m || unit === undefined) return null;
  const bytes = Math.round(Number(m[1]) * unit);
  return bytes > 0 ? bytes : null;
}

/** The budget a bundle is held to: the project's (a gate) or the kit's default (a warning). */
export interface Budget {
  gzip: number;
  enforced: boolean;
}

/**
 * Measures the bundle raw and gzipped (level 9), stylesheet and inlined assets
 * included, and holds it to the budget: over a project's budget is an error, over
 * the default a warning; either names the largest inputs.
 */
export function measure(
  bundle: Uint8Array,
  budget: Budget,
  parts: { css: number; assets: number; top: Contributor[] },
): { size: BundleSize; diagnostic: Diagnostic | null } {
  const size: BundleSize = {
    raw: bundle.byteLength,
    gzip: gzipSync(bundle, { level: 9 }).byteLength,
    budget: budget.gzip,
    enforced: budget.enforced,
    css: parts.css,
    assets: parts.assets,
    top: parts.top.slice(0, 10),
  };
  if (size.gzip <= budget.gzip) return { size, diagnostic: null };
  const top = parts.top
    .slice(0, 5)
    .map((c) => `\n  ${kib(c.bytes).padStart(9)}  ${c.path}`)
    .join('');
  const how = budget.enforced
    ? 'The project sets this budget (package.json "extkit": { "budget": { "gzip" } }, or --size-budget): cut what the bundle carries, or raise the budget.'
    : 'This is the kit\'s default budget: trim dependencies, or set the project\'s own with package.json "extkit": { "budget": { "gzip": "96 KB" } }, which fails the build when exceeded.';
  return {
    size,
    diagnostic: {
      code: 'build.size_budget',
      message: `The bundle is ${kib(size.gzip)} gzipped, over the budget of ${kib(budget.gzip)}; every placement downloads it. ${how} Largest inputs (bytes in the bundle, before gzip; --analyze for all):${top}`,
    },
  };
}

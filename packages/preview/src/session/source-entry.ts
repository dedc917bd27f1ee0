import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const CONVENTION = ['src/index.ts', 'src/index.tsx', 'src/index.js', 'src/index.jsx'];

/** The extension's source entry: package.json `extkit.source`, else the first of src/index.{ts,tsx,js,jsx} that exists. */
export function findSourceEntry(dir: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { extkit?: { source?: unknown } };
    if (typeof pkg.extkit?.source === 'string') return resolve(dir, pkg.extkit.source);
  } catch {
    // No package.json, or not JSON: the convention applies.
  }
  return CONVENTION.map((f) => join(dir, f)).find((f) => existsSync(f));
}

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseSize } from './size.js';
import type { Diagnostic } from './types.js';

/** What the extension's package.json says to the kit (`name` and the `extkit` key). */
export interface ProjectSettings {
  name: string | null;
  publisher?: string;
  source?: string;
  /** `extkit.budget.gzip` (or the older `extkit.sizeBudget`) in bytes: the project's gate. */
  sizeBudget?: number;
  /** `extkit.ignore` as written: warning codes the validator does not report (it checks the list). */
  ignore?: unknown;
  /** `extkit.api` as written: the platform's API base URL (the validator checks it against capabilities.network). */
  api?: unknown;
}

/** The source entry tried, in order, when package.json names none. */
export const SOURCE_CANDIDATES = ['src/index.ts', 'src/index.tsx', 'src/index.js', 'src/index.jsx'];

/** Reads package.json of the extension at `root`; a folder without one has no settings. */
export async function readProject(root: string): Promise<{ settings: ProjectSettings; errors: Diagnostic[] }> {
  let text: string;
  try {
    text = await readFile(join(root, 'package.json'), 'utf8');
  } catch {
    return { settings: { name: null }, errors: [] };
  }
  let pkg: { name?: unknown; extkit?: Record<string, unknown> };
  try {
    pkg = JSON.parse(text) as typeof pkg;
  } catch (err) {
    return {
      settings: { name: null },
      errors: [{ code: 'build.package_json_invalid', message: `package.json is not JSON: ${(err as Error).message}.` }],
    };
  }
  const errors: Diagnostic[] = [];
  const kit = pkg.extkit && typeof pkg.extkit === 'object' ? pkg.extkit : {};
  const settings: ProjectSettings = { name: typeof pkg.name === 'string' && pkg.name ? pkg.name : null };
  if (typeof kit.publisher === 'string') settings.publisher = kit.publisher;
  if (kit.ignore !== undefined) settings.ignore = kit.ignore;
  if (kit.api !== undefined) settings.api = kit.api;
  if (typeof kit.source === 'string') settings.source = kit.source;
  else if (kit.source !== undefined)
    errors.push({
      code: 'build.package_json_invalid',
      message: `package.json "extkit.source" must be a path like "src/main.ts", got ${JSON.stringify(kit.source)}.`,
    });
  if (typeof kit.sizeBudget === 'number' && kit.sizeBudget > 0) settings.sizeBudget = kit.sizeBudget;
  else if (kit.sizeBudget !== undefined)
    errors.push({
      code: 'build.package_json_invalid',
      message: `package.json "extkit.sizeBudget" must be a positive number of gzipped bytes, e.g. 51200, got ${JSON.stringify(kit.sizeBudget)}.`,
    });
  const budget = kit.budget as { gzip?: unknown } | undefined;
  if (budget !== undefined) {
    const gzip = budget && typeof budget === 'object' ? parseSize(budget.gzip) : null;
    if (gzip !== null) settings.sizeBudget = gzip;
    else
      errors.push({
        code: 'build.package_json_invalid',
        message: `package.json "extkit.budget" must be { "gzip": <size> } with a size like "64 KB", "1.5 MB" or a number of bytes, got ${JSON.stringify(budget)}.`,
      });
  }
  return { settings, errors };
}

/** Finds the source entry: package.json `extkit.source`, else the first of SOURCE_CANDIDATES that exists. */
export function findSource(root: string, settings: ProjectSettings): { source: string } | { error: Diagnostic } {
  if (settings.source !== undefined) {
    if (existsSync(join(root, settings.source))) return { source: settings.source };
    return {
      error: {
        code: 'build.source_missing',
        message: `package.json "extkit.source" names ${settings.source}, which does not exist in ${root}.`,
      },
    };
  }
  const found = SOURCE_CANDIDATES.find((c) => existsSync(join(root, c)));
  if (found) return { source: found };
  return {
    error: {
      code: 'build.source_missing',
      message: `No source entry in ${root}: expected one of ${SOURCE_CANDIDATES.join(', ')}, or a path in package.json "extkit": { "source": "..." }.`,
    },
  };
}

// The project's manifest, found and validated the way `extkit validate` does it,
// and the surface an id names in its `contributes`.
import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import {
  findManifest,
  readManifest,
  validateManifest,
  validateOptionsFor,
  type Diagnostic,
  type Manifest,
  type ValidationReport,
} from '@extkit/manifest/read';
import { TestingError } from './errors.js';

/** A validated manifest and where it came from (for messages). */
export interface Project {
  manifest: Manifest;
  /** The manifest's path, or "the manifest object given to render()". */
  source: string;
  /** The extension's folder (the manifest's); undefined for a manifest object. */
  dir?: string;
  /** `"extkit": { "api" }` from the extension's package.json, as written (@extkit/runtime/routing parses it). */
  api?: unknown;
}

const byPath = new Map<string, { stamp: string; project: Project }>();
const byObject = new WeakMap<object, Project>();

/** The manifest render() uses: `given` (a path or an object), else manifest.json in the current folder or the nearest above it. */
export function loadProject(given: string | object | undefined, publisher: string | undefined): Project {
  if (given !== undefined && typeof given === 'object' && given !== null) {
    const known = publisher === undefined ? byObject.get(given) : undefined;
    if (known) return known;
    const project = checked(
      validateManifest(given, publisher === undefined ? {} : { publisher }),
      'the manifest object given to render()',
    );
    if (publisher === undefined) byObject.set(given, project);
    return project;
  }
  const location = typeof given === 'string' ? findManifest(given) : nearestManifest(process.cwd());
  if (!location) {
    const where = typeof given === 'string' ? `at ${resolve(given)}` : `in ${process.cwd()} or any folder above it`;
    throw new TestingError(
      'testing.manifest_not_found',
      `render(): no manifest.json ${where}. Run the tests from the extension's folder, or pass render(id, { manifest: 'path/to/manifest.json' }).`,
    );
  }
  const { manifestPath, dir } = location;
  const stat = statSync(manifestPath);
  const stamp = `${stat.mtimeMs}:${stat.size}:${publisher ?? ''}`;
  const cached = byPath.get(manifestPath);
  if (cached?.stamp === stamp) return cached.project;
  const settings = validateOptionsFor(dir, publisher);
  const project = { ...checked(readManifest(manifestPath, settings).report, manifestPath), dir, api: settings.api };
  byPath.set(manifestPath, { stamp, project });
  return project;
}

function nearestManifest(from: string): ReturnType<typeof findManifest> {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const found = findManifest(join(dir, 'manifest.json'));
    if (found || dirname(dir) === dir) return found;
  }
}

function checked(report: ValidationReport, source: string): Project {
  if (!report.valid) {
    const lines = report.errors.map((d: Diagnostic) => `  ${d.code} at ${d.path || '/'}: ${d.message}`);
    throw new TestingError(
      'testing.manifest_invalid',
      `render(): ${source} is invalid, so the platform would refuse it and nothing can be tested against it (${report.errors.length} error${report.errors.length === 1 ? '' : 's'}; \`extkit validate\` shows them with positions):\n${lines.join('\n')}`,
    );
  }
  return { manifest: report.manifest, source };
}

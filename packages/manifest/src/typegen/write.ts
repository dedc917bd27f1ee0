import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { findManifest } from '../locate.js';
import { readManifest } from '../parse.js';
import { manifestDeclaration, TYPES_FILE } from './declaration.js';

/** Why no types were written: `types.no_manifest`, or the manifest's own reading error (e.g. `json.syntax`). */
export interface TypesDiagnostic {
  code: string;
  path: string;
  message: string;
}

export interface WriteTypesOptions {
  /** Where to write, relative to the extension folder; default TYPES_FILE (`src/manifest.d.ts`). */
  out?: string;
}

export interface WriteTypesResult {
  /** False when there is no manifest or it is not a JSON object: nothing was written. */
  ok: boolean;
  /** Absolute path of the declaration file. */
  file: string;
  /** False when the file already held exactly this text (it is not touched, so watchers stay quiet). */
  changed: boolean;
  /** Why nothing was written. */
  errors: TypesDiagnostic[];
}

/**
 * Writes the declaration file for the extension in `dir` from its manifest.json.
 * An invalid manifest still gives types from what it declares; only an unreadable one writes nothing.
 * @example writeTypes('my-extension') // → { ok: true, file: '/…/my-extension/src/manifest.d.ts', changed: true, errors: [] }
 */
export function writeTypes(dir: string, options: WriteTypesOptions = {}): WriteTypesResult {
  const file = resolve(dir, options.out ?? TYPES_FILE);
  const location = findManifest(join(dir, 'manifest.json'));
  if (!location) {
    return {
      ok: false,
      file,
      changed: false,
      errors: [
        {
          code: 'types.no_manifest',
          path: '',
          message: `There is no manifest.json in ${resolve(dir)}, so there is nothing to type.`,
        },
      ],
    };
  }
  const { report } = readManifest(location.manifestPath);
  if (!report.manifest) return { ok: false, file, changed: false, errors: report.errors };
  const text = manifestDeclaration(report.manifest);
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) return { ok: true, file, changed: false, errors: [] };
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return { ok: true, file, changed: true, errors: [] };
}

import { join } from 'node:path';
import { readManifest, type ValidationReport } from '@extkit/manifest';
import type { Diagnostic, ManifestLike } from './types.js';

/** Reads `<root>/manifest.json` and runs the manifest validator on it: the same report `extkit validate` gives. */
export function readAndValidate(root: string, publisher: string | undefined): { report: ValidationReport | null; errors: Diagnostic[]; manifest: ManifestLike | null } {
  const file = join(root, 'manifest.json');
  let read;
  try {
    read = readManifest(file, publisher === undefined ? {} : { publisher });
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? `${root} has no manifest.json; an extension folder holds its manifest at its root.` : `Cannot read ${file}: ${(err as Error).message}.`;
    return { report: null, errors: [{ code: 'build.manifest_missing', message: why }], manifest: null };
  }
  const { report, text } = read;
  const errors = report.errors.map(({ code, path, message, line, column }): Diagnostic => {
    if (line === undefined || column === undefined) return { code, path, message };
    return { code, path, message, location: { file: 'manifest.json', line, column: column - 1, lineText: text?.split(/\r?\n/)[line - 1] ?? '' } };
  });
  return { report, errors, manifest: report.valid ? report.manifest : null };
}

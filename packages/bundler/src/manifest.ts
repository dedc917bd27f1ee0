import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ValidationReport } from '@extkit/manifest';
import type { Diagnostic, ManifestLike } from './types.js';

/** Reads `<root>/manifest.json`'s bytes, or says why it cannot. */
export async function readManifestBytes(root: string): Promise<{ bytes: Uint8Array } | { error: Diagnostic }> {
  const file = join(root, 'manifest.json');
  try {
    return { bytes: await readFile(file) };
  } catch (err) {
    const why =
      (err as NodeJS.ErrnoException).code === 'ENOENT'
        ? `${root} has no manifest.json; an extension folder holds its manifest at its root.`
        : `Cannot read ${file}: ${(err as Error).message}.`;
    return { error: { code: 'build.manifest_missing', message: why } };
  }
}

/** The `entry` of a manifest before it is validated, to start bundling early; null when there is none to read. */
export function peekEntry(bytes: Uint8Array): string | null {
  try {
    const entry = (JSON.parse(Buffer.from(bytes).toString('utf8')) as { entry?: unknown } | null)?.entry;
    return typeof entry === 'string' ? entry : null;
  } catch {
    return null;
  }
}

/**
 * Runs the manifest validator on manifest.json's bytes: the same report `extkit
 * validate` gives. The validator loads here, while the build worker bundles.
 */
export async function validateBytes(
  bytes: Uint8Array,
  publisher: string | undefined,
  ignore?: unknown,
  api?: unknown,
): Promise<{ report: ValidationReport; errors: Diagnostic[]; manifest: ManifestLike | null }> {
  const { validateManifestText } = await import('@extkit/manifest');
  const { report, text } = validateManifestText(bytes, {
    ...(publisher === undefined ? {} : { publisher }),
    ...(ignore === undefined ? {} : { ignore }),
    ...(api === undefined ? {} : { api }),
  });
  const lines = (text ?? '').split(/\r?\n/);
  const errors = report.errors.map(({ code, path, message, line, column }): Diagnostic => {
    if (line === undefined || column === undefined) return { code, path, message };
    return {
      code,
      path,
      message,
      location: { file: 'manifest.json', line, column: column - 1, lineText: lines[line - 1] ?? '' },
    };
  });
  return { report, errors, manifest: report.valid ? report.manifest : null };
}

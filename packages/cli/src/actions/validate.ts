import { relative } from 'node:path';
import { findManifest, isKebabCase, readManifest, readPublisher, type Diagnostic } from '@extkit/manifest';
import { UsageError } from '../errors.js';
import { printDiagnostics } from './diagnostics.js';
import { paint, useColor } from '../output.js';

/** `extkit validate`: returns the exit code. */
export async function runValidate(target: string, flags: { json?: boolean; publisher?: string }): Promise<number> {
  if (flags.publisher !== undefined && !isKebabCase(flags.publisher)) {
    throw new UsageError('publisher.invalid', `--publisher ${JSON.stringify(flags.publisher)} is not a kebab-case handle (e.g. "acme")`);
  }
  const location = findManifest(target);
  if (!location) throw new UsageError('manifest.not_found', `no manifest at ${JSON.stringify(target)}: give a manifest.json file or a folder that holds one`);
  const publisher = flags.publisher ?? readPublisher(location.dir);
  let result;
  try {
    result = readManifest(location.manifestPath, publisher === undefined ? {} : { publisher });
  } catch (err) {
    throw new UsageError('manifest.unreadable', `cannot read ${location.manifestPath}: ${(err as Error).message}`);
  }
  const { report, text } = result;
  if (flags.json) {
    process.stdout.write(JSON.stringify({ valid: report.valid, errors: report.errors, warnings: report.warnings, manifest: report.manifest }, null, 2) + '\n');
  } else {
    const file = relative(process.cwd(), location.manifestPath) || location.manifestPath;
    const p = paint(useColor());
    printDiagnostics(file, text, [...report.errors.map((d) => ['error', d] as const), ...report.warnings.map((d) => ['warning', d] as const)], p);
    const counts = `${report.errors.length} error${report.errors.length === 1 ? '' : 's'}, ${report.warnings.length} warning${report.warnings.length === 1 ? '' : 's'}`;
    process.stdout.write(report.valid ? `${p.green('✓')} ${file} is valid (${counts})\n` : `${p.red('✗')} ${file} is invalid (${counts})\n`);
  }
  return report.valid ? 0 : 1;
}

export type { Diagnostic };

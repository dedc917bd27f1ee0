import { relative } from 'node:path';
import { findManifest, readManifest, validateOptionsFor, whyNoManifest, whyNotAFile, type Diagnostic, type Manifest } from '@extkit/manifest';
import { UsageError } from '../errors.js';
import { requirePublisher } from '../flags.js';
import { printDiagnostics } from './diagnostics.js';
import { paint, useColor } from '@extkit/manifest/terminal';

/** `extkit validate`: returns the exit code. */
export async function runValidate(target: string, flags: { json?: boolean; publisher?: string; bundle?: string }): Promise<number> {
  await requirePublisher(flags.publisher);
  const location = findManifest(target);
  if (!location) throw new UsageError('manifest.not_found', `${whyNoManifest(target)}: give a manifest.json file or a folder that holds one`);
  const notABundle = flags.bundle === undefined ? undefined : whyNotAFile(flags.bundle);
  if (notABundle) throw new UsageError('bundle.not_found', `--bundle: ${notABundle}`);
  let result;
  try {
    result = readManifest(location.manifestPath, validateOptionsFor(location.dir, flags.publisher));
  } catch (err) {
    throw new UsageError('manifest.unreadable', `cannot read ${location.manifestPath}: ${(err as Error).message}`);
  }
  const { report, text } = result;
  const scan = flags.bundle === undefined ? undefined : await scanDeclared(flags.bundle, report.manifest);
  const valid = report.valid && (scan?.errors.length ?? 0) === 0;
  if (flags.json) {
    const doc = { valid, errors: [...report.errors, ...(scan?.errors ?? [])], warnings: [...report.warnings, ...(scan?.warnings ?? [])], manifest: report.manifest };
    process.stdout.write(JSON.stringify(scan ? { ...doc, registrations: scan.registrations } : doc, null, 2) + '\n');
  } else {
    const file = relative(process.cwd(), location.manifestPath) || location.manifestPath;
    const color = useColor();
    const p = paint(color);
    printDiagnostics(file, text, [...report.errors.map((d) => ['error', d] as const), ...report.warnings.map((d) => ['warning', d] as const)], p);
    if (scan) await printScan(flags.bundle!, scan, color);
    const errors = report.errors.length + (scan?.errors.length ?? 0);
    const warnings = report.warnings.length + (scan?.warnings.length ?? 0);
    const silenced = report.silenced ? `, ${report.silenced} silenced by package.json "extkit.ignore"` : '';
    const counts = `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}${silenced}`;
    process.stdout.write(valid ? `${p.green('✓')} ${file} is valid (${counts})\n` : `${p.red('✗')} ${file} is invalid (${counts})\n`);
  }
  return valid ? 0 : 1;
}

type Scan = Awaited<ReturnType<typeof import('@extkit/bundler')['scanBundle']>>;

/** Runs the bundle in the bundler's isolated scan and compares its registrations with contributes. */
async function scanDeclared(bundle: string, manifest: Manifest | null): Promise<Scan> {
  if (!manifest) return { registrations: [], errors: [], warnings: [] }; // nothing to compare against
  const { scanBundle } = await import('@extkit/bundler');
  return scanBundle(bundle, manifest as Parameters<typeof scanBundle>[1]);
}

async function printScan(bundle: string, scan: Scan, color: boolean): Promise<void> {
  const { formatDiagnostics } = await import('@extkit/bundler');
  const found = scan.registrations.map((r) => `${r.kind} ${r.id}`).join(', ') || 'nothing';
  process.stdout.write(`${bundle}: registers ${found}\n${formatDiagnostics(scan, { color })}`);
}

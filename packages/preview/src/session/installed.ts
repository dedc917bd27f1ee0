// An installed version in the preview: the artifact a marketplace served, read as it is
// (never built, never watched), and the loader policy's decision that the caller made
// on it. A version that never loads is blocked with the policy's own reasons.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readManifest, type Manifest } from '@extkit/manifest';
import type { InstalledPreview, PreviewDiagnostic, PreviewState } from '../types.js';

export async function readInstalled(
  installed: InstalledPreview,
): Promise<{ manifest: Manifest | null; diagnostics: PreviewDiagnostic[]; bundle: string | null; map: string }> {
  // The listing is <publisher handle>.<manifest id>: its component namespace is checked with that handle.
  const { report } = readManifest(join(installed.dir, 'manifest.json'), {
    publisher: installed.listing.split('.')[0]!,
  });
  const diagnostics: PreviewDiagnostic[] = [
    ...report.errors.map((d) => ({ code: d.code, severity: 'error' as const, message: d.message, path: d.path })),
    ...report.warnings.map((d) => ({ code: d.code, severity: 'warning' as const, message: d.message, path: d.path })),
  ];
  if (!report.valid) return { manifest: null, diagnostics, bundle: null, map: '' };
  const entry = join(installed.dir, report.manifest.entry);
  const bundle = await readFile(entry, 'utf8').catch(() => null);
  const map = await readFile(`${entry}.map`, 'utf8').catch(() => '');
  return { manifest: report.manifest, diagnostics, bundle, map };
}

/** Why an installed version never loads, in the loader policy's words. */
export function installedBlocked(installed: InstalledPreview): PreviewState['blocked'] {
  const first = installed.decision.reasons[0];
  return {
    code: first?.code ?? 'load.refused',
    message: `${installed.listing}@${installed.version} never loads: ${installed.decision.reasons.map((r) => r.message).join(' ')}`,
  };
}

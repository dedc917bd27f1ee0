// CSP violation reports (report-uri) from the frames, turned into network-log
// entries that say which origin to declare and how.
import type { BlockedRequest } from '../types.js';

/** Reads a `application/csp-report` body; undefined when it is not one. */
export function parseCspReport(body: string, surface: string, network: readonly string[]): BlockedRequest | undefined {
  let report: Record<string, unknown>;
  try {
    const parsed = JSON.parse(body) as { 'csp-report'?: Record<string, unknown> };
    if (typeof parsed !== 'object' || parsed === null || typeof parsed['csp-report'] !== 'object') return undefined;
    report = parsed['csp-report'] as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const directive = String(report['effective-directive'] ?? report['violated-directive'] ?? '').split(' ')[0] ?? '';
  const blocked = String(report['blocked-uri'] ?? '');
  if (!directive) return undefined;
  let origin: string | null = null;
  try {
    origin = directive === 'connect-src' ? new URL(blocked).origin : null;
  } catch {
    origin = null;
  }
  const fix =
    origin !== null && origin !== 'null'
      ? `Add ${JSON.stringify(origin)} to capabilities.network in manifest.json: "network": ${JSON.stringify([...network, origin])}`
      : `The platform's sandbox allows no ${directive.replace(/-src$/, '')} loads besides the extension's own bundle; this cannot be declared.`;
  return { surface, directive, blocked, origin: origin === 'null' ? null : origin, fix };
}

// CSP violation reports (report-uri) from the frames, turned into network-log
// entries that say which origin to declare and how.
import { declarableOrigin, networkFix } from '@extkit/runtime/bridge';
import type { BlockedRequest } from '../types.js';

/** Reads a `application/csp-report` body; undefined when it is not one. */
export function parseCspReport(body: string, surface: string, network: readonly string[]): BlockedRequest | undefined {
  let report: Record<string, string | undefined>;
  try {
    const parsed = JSON.parse(body) as { 'csp-report'?: Record<string, string | undefined> };
    if (typeof parsed !== 'object' || parsed === null || typeof parsed['csp-report'] !== 'object') return undefined;
    report = parsed['csp-report'];
  } catch {
    return undefined;
  }
  const directive = String(report['effective-directive'] ?? report['violated-directive'] ?? '').split(' ')[0] ?? '';
  const blocked = String(report['blocked-uri'] ?? '');
  if (!directive) return undefined;
  const origin = directive === 'connect-src' ? declarableOrigin(blocked) : null;
  return { surface, directive, blocked, origin, fix: networkFix(directive, origin, network) };
}

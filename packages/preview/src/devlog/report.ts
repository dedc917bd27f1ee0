// What a frame tells the host page about itself in development, besides what the sandbox
// stopped: each request it made (routed to the emulator or not) and each console error or
// warning. Sent as the `attempt` of a bridge `sandbox` message, over the port the extension
// cannot reach; defined here once for both ends and checked field by field where it is read.

/** One request the frame made through fetch, XMLHttpRequest or EventSource, and how it ended. */
export interface RequestReport {
  extkit: 'dev';
  protocol: 1;
  kind: 'request';
  api: 'fetch' | 'xhr' | 'eventsource';
  method: string;
  /** The URL the extension's code asked for (the production URL when it calls the API). */
  url: string;
  /** Where development sent it instead (the emulator), or null when it went as written. */
  routed: string | null;
  /** Why development sent it nowhere (routing refused its path), when it did not. */
  refused?: string;
  /** The HTTP status; null when there was no response (network, CORS or CSP failure, refused, aborted). */
  status: number | null;
  /** From the request to its response headers (to the failure). */
  ms: number;
  /** Why it failed, when it did. */
  error?: string;
  /** The `code` of an error envelope (the scope of insufficient_scope, the gate of plan_required). */
  type?: string;
  code?: string;
  /** RateLimit-Remaining (or X-RateLimit-Remaining), Retry-After and Idempotent-Replayed as answered. */
  remaining?: string;
  retryAfter?: string;
  replayed?: boolean;
}

/** A console.error or console.warn in the frame. */
export interface ConsoleReport {
  extkit: 'dev';
  protocol: 1;
  kind: 'console';
  level: 'error' | 'warn';
  message: string;
  stack?: string;
}

export type DevReport = RequestReport | ConsoleReport;

/** How much of a URL, a message or a stack a report carries. */
export const MAX_REPORT_TEXT = 2000;

/** Text cut to MAX_REPORT_TEXT, with an ellipsis where it was cut. */
export const clip = (s: string): string => (s.length > MAX_REPORT_TEXT ? `${s.slice(0, MAX_REPORT_TEXT - 1)}…` : s);

const isText = (x: unknown, max = MAX_REPORT_TEXT): x is string => typeof x === 'string' && x.length <= max;
const opt = (x: unknown, max?: number): boolean => x === undefined || isText(x, max);

/** True for a well-formed dev report (the frame runs untrusted code: the host acts only on what this accepts). */
export function isDevReport(x: unknown): x is DevReport {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  if (r['extkit'] !== 'dev' || r['protocol'] !== 1) return false;
  if (r['kind'] === 'console')
    return (r['level'] === 'error' || r['level'] === 'warn') && isText(r['message']) && opt(r['stack']);
  if (r['kind'] !== 'request') return false;
  return (
    (r['api'] === 'fetch' || r['api'] === 'xhr' || r['api'] === 'eventsource') &&
    isText(r['method'], 20) &&
    isText(r['url']) &&
    (r['routed'] === null || isText(r['routed'])) &&
    opt(r['refused']) &&
    (r['status'] === null || (Number.isInteger(r['status']) && (r['status'] as number) >= 0)) &&
    typeof r['ms'] === 'number' &&
    Number.isFinite(r['ms']) &&
    opt(r['error']) &&
    opt(r['type'], 100) &&
    opt(r['code'], 100) &&
    opt(r['remaining'], 40) &&
    opt(r['retryAfter'], 40) &&
    (r['replayed'] === undefined || typeof r['replayed'] === 'boolean')
  );
}

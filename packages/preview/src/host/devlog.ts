// The host page's record of what the frames did in development: every request (the API panel)
// and every console error or warning, uncaught error, unhandled rejection and failed request
// (the Logs panel), each kept in a ring, newest last.
import { matchOperation } from '@extkit/api';
import type { RequestReport } from '../devlog/report.js';
import { Ring } from './ring.js';

export interface ApiCall extends RequestReport {
  at: Date;
  surface: string;
  /** The path below the origin as the platform sees it (`/v1/sites/s_1/orders`), when it could be read. */
  path: string;
  /** The operation's scope by the API's table (@extkit/api), when the call is one of its operations. */
  needs: string | null;
  operation: string | null;
}

export interface LogEntry {
  at: Date;
  surface: string;
  level: 'error' | 'warn';
  /** console (error or warn), uncaught (an error or rejection the extension did not catch), request (one that failed), csp (the sandbox refused it). */
  source: 'console' | 'uncaught' | 'request' | 'csp';
  message: string;
  stack?: string | undefined;
  /** The stack with each bundle position mapped to its source file, line and column, once the server has answered. */
  mapped?: string | undefined;
}

/** How many calls and log lines the page keeps. */
export const DEVLOG_CAPACITY = 2000;

export const devlog = {
  calls: new Ring<ApiCall>(DEVLOG_CAPACITY),
  logs: new Ring<LogEntry>(DEVLOG_CAPACITY),
};

/** Reads the path and the API table's operation of a request, by where it was sent. */
function describe(r: RequestReport): Pick<ApiCall, 'path' | 'needs' | 'operation'> {
  try {
    const sent = new URL(r.routed ?? r.url);
    const op = matchOperation(r.method, sent.pathname).operation;
    return { path: sent.pathname + sent.search, needs: op?.scope ?? null, operation: op?.id ?? null };
  } catch {
    return { path: r.url, needs: null, operation: null };
  }
}

/** Logs a request the frame made; a failed one (no response, or refused) is a Logs entry too. */
export function logRequest(surface: string, r: RequestReport): ApiCall {
  const call: ApiCall = { ...r, at: new Date(), surface, ...describe(r) };
  devlog.calls.push(call);
  if (r.status === null)
    logLine(surface, 'error', 'request', `${r.method} ${r.url} failed: ${r.refused ?? r.error ?? 'no response'}`);
  return call;
}

export function logLine(
  surface: string,
  level: LogEntry['level'],
  source: LogEntry['source'],
  message: string,
  stack?: string,
): LogEntry {
  const entry: LogEntry = { at: new Date(), surface, level, source, message, stack };
  devlog.logs.push(entry);
  return entry;
}

/**
 * The scopes the calls since the preview started needed, least privilege first: each scope once, sorted, with the
 * operations that needed it. A refusal's named scope (403 insufficient_scope) counts too.
 */
export function neededScopes(): Array<{ scope: string; operations: string[] }> {
  const by = new Map<string, Set<string>>();
  for (const c of devlog.calls.newest(devlog.calls.size)) {
    const scope = c.needs ?? (c.type === 'insufficient_scope' ? (c.code ?? null) : null);
    if (!scope) continue;
    const ops = by.get(scope) ?? new Set<string>();
    ops.add(c.operation ?? `${c.method} ${c.path}`);
    by.set(scope, ops);
  }
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([scope, ops]) => ({ scope, operations: [...ops].sort() }));
}

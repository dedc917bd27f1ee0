// The admin surface beside the API, at /__emulator (loopback only): one route table
// (admin/routes.ts) answered by handleAdmin. Every refusal is thrown before a route runs.
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../http/errors.js';
import { parseJson, readBody } from '../http/body.js';
import type { AdminApi } from './api.js';

export interface AdminRequest {
  api: AdminApi;
  /** The path's `([^/]+)` groups, decoded. */
  params: string[];
  query: URLSearchParams;
  /** The parsed JSON body of a write ({} for a GET or an empty body). */
  body: Record<string, unknown>;
  req: IncomingMessage;
}

/** A route's answer: JSON `body`, or `text` sent as `contentType` (the page). */
export interface AdminAnswer {
  status: number;
  body?: unknown;
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** One admin endpoint: method, path under /__emulator (anchored), handler. */
export type AdminRoute = [
  method: string,
  pattern: RegExp,
  run: (r: AdminRequest) => Promise<AdminAnswer> | AdminAnswer,
];

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** True for a request from this machine, addressed to a loopback host, from no foreign web origin. */
export function fromLoopback(req: IncomingMessage): boolean {
  if (!loopback.has(req.socket.remoteAddress ?? '')) return false;
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) return false;
  const origin = req.headers.origin;
  // A page on another local origin may send a simple request here; it has no business doing so.
  return origin === undefined || origin === `http://${req.headers.host}`;
}

export const loopbackOnly = (): ApiError =>
  new ApiError(403, 'forbidden', 'The emulator admin surface answers loopback requests only', {
    code: 'loopback_only',
  });

/** Answers one admin request from `routes`; throws ApiError for a refusal (the caller sends it and stops). */
export async function handleAdmin(
  routes: readonly AdminRoute[],
  api: AdminApi,
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
): Promise<AdminAnswer> {
  if (!fromLoopback(req)) throw loopbackOnly();
  const method = req.method ?? 'GET';
  let allowed = false;
  for (const [m, pattern, run] of routes) {
    const match = pattern.exec(path);
    if (!match) continue;
    allowed = true;
    if (m !== method) continue;
    const raw = await readBody(req);
    // JSON only: a cross-origin form cannot send application/json without a preflight.
    const body =
      method === 'GET'
        ? {}
        : parseJson(raw, req.headers['content-type'] ?? (raw.length === 0 ? 'application/json' : undefined), false);
    const params = match.slice(1).map((p) => decodeURIComponent(p));
    return run({ api, params, query, body, req });
  }
  const allow = [...new Set(routes.filter(([, p]) => p.test(path)).map(([m]) => m))];
  if (allowed)
    throw new ApiError(
      405,
      'method_not_allowed',
      `${method} is not allowed on /__emulator${path}; allowed: ${allow.join(', ')}`,
      {
        headers: { Allow: allow.join(', ') },
      },
    );
  throw new ApiError(404, 'not_found', `No such admin endpoint: ${method} /__emulator${path}`);
}

// The platform's documented envelopes (000 §2 "Shared envelopes", §7 errors, §8 rate-limit
// headers) as msw responses, so a stub answers what the client and the extension will meet.
import type { DeletionReceipt, ErrorEnvelope, List } from '@extkit/api';
import { HttpResponse } from 'msw';

/** One page of a list: `{object: 'list', data, next_cursor, has_more}`; `next_cursor` is null at the end. */
export function listPage<T>(data: T[], page: { nextCursor?: string | null } = {}): HttpResponse<List<T>> {
  const next = page.nextCursor ?? null;
  return HttpResponse.json({ object: 'list', data, next_cursor: next, has_more: next !== null });
}

/** Pages `all` as the platform does for a request's `limit` (1-100, default 25, clamped) and `cursor` (here: an offset). */
export function paginate<T>(all: T[], request: Request): HttpResponse<List<T>> {
  const params = new URL(request.url).searchParams;
  const asked = Number.parseInt(params.get('limit') ?? '', 10);
  const limit = Number.isFinite(asked) && asked > 0 ? Math.min(asked, 100) : 25;
  const start = Number.parseInt(params.get('cursor') ?? '0', 10) || 0;
  const end = start + limit;
  return listPage(all.slice(start, end), { nextCursor: end < all.length ? String(end) : null });
}

/** The deletion receipt: `{id, object, deleted: true}`, status 200. */
export const deleted = <O extends string>(id: string, object: O): HttpResponse<DeletionReceipt<O>> =>
  HttpResponse.json({ id, object, deleted: true });

/** The error envelope `{error: {type, message, code?, fields?}}` with its status (a 429 carries Retry-After). */
export function apiError(
  status: number,
  type: string,
  message: string,
  more: { code?: string; fields?: Record<string, string>; retryAfter?: number; headers?: Record<string, string> } = {},
): HttpResponse<ErrorEnvelope> {
  const error: ErrorEnvelope['error'] = { type, message };
  if (more.code !== undefined) error.code = more.code;
  if (more.fields !== undefined) error.fields = more.fields;
  const headers = new Headers(more.headers);
  if (more.retryAfter !== undefined) headers.set('Retry-After', String(more.retryAfter));
  return HttpResponse.json({ error }, { status, headers });
}

/** A 400 `bad_request` with `code: validation_failed` and each failing field's reason. */
export const validationFailed = (
  fields: Record<string, string>,
  message = 'Validation failed',
): HttpResponse<ErrorEnvelope> => apiError(400, 'bad_request', message, { code: 'validation_failed', fields });

/** A 429 `rate_limited` with Retry-After and the rate-limit headers at zero. */
export const rateLimited = (retryAfter = 1): HttpResponse<ErrorEnvelope> =>
  apiError(429, 'rate_limited', 'Rate limit exceeded', {
    retryAfter,
    headers: rateLimitHeaders({ remaining: 0, resetSeconds: retryAfter }),
  });

/** The rate-limit headers every answer carries (000 §8): RateLimit-* and X-RateLimit-* (a Unix reset time). */
export function rateLimitHeaders(
  state: { limit?: number; remaining?: number; resetSeconds?: number; now?: number } = {},
): Record<string, string> {
  const limit = state.limit ?? 120;
  const reset = state.resetSeconds ?? 60;
  return {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(state.remaining ?? limit),
    'RateLimit-Reset': String(reset),
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(state.remaining ?? limit),
    'X-RateLimit-Reset': String(Math.floor((state.now ?? Date.now()) / 1000) + reset),
  };
}

// A routed request read before admission (no caller needed): its body parsed, NUL characters
// refused, its shape checked against the API's table (shapes), its Idempotency-Key slot.
import type { IncomingMessage } from 'node:http';
import { shapeIssues, shapes, type Operation } from '@extkit/api';
import type { Handler } from '../context.js';
import type { KeySlot } from '../rules/idempotency.js';
import { parseJson } from './body.js';
import { ApiError, invalid } from './errors.js';

/** The query as a plain object, empty values left out (an empty value means the filter is absent). */
const queryObject = (q: URLSearchParams): Record<string, string> =>
  Object.fromEntries([...q].filter(([, v]) => v !== ''));

const fieldsOf = (issues: { path: string; message: string }[]): Record<string, string> =>
  Object.fromEntries(issues.map((i) => [i.path.slice(1).replaceAll('/', '.'), i.message]));

const keyScope = (
  op: Operation,
  params: Record<string, string>,
  query: URLSearchParams,
  body: Record<string, unknown>,
): string =>
  op.keyed === 'dataset'
    ? (params.datasetId ?? '')
    : op.keyed === 'site'
      ? (params.siteId ?? query.get('siteId') ?? String(body.siteId ?? ''))
      : '';

/** What a routed request is, read before admission (no caller needed): its body, the first refusal of its shape, its key slot. */
export interface Checked {
  body: Record<string, unknown>;
  /** The first refusal of the request itself, thrown once the caller's checks pass. */
  refusal: ApiError | null;
  query: URLSearchParams;
  /** The Idempotency-Key to claim (the organization filled in by admission), when the request is sound. */
  slot: KeySlot | null;
}

export function checked(
  handlers: Record<string, Handler>,
  req: IncomingMessage,
  raw: Buffer,
  query: URLSearchParams,
  op: Operation,
  params: Record<string, string>,
): Checked {
  const method = req.method ?? 'GET';
  const refuse = (refusal: ApiError): Checked => ({ body: {}, refusal, slot: null, query });
  try {
    // PostgreSQL text holds no NUL character: an id carrying one names nothing, a value carrying one is refused.
    if (Object.values(params).some((v) => v.includes('\u0000')))
      return refuse(new ApiError(404, 'not_found', 'No such object'));
    const nulInQuery = [...query].filter(([, v]) => v.includes('\u0000')).map(([k]) => k);
    if (nulInQuery.length > 0) return refuse(invalid(Object.fromEntries(nulInQuery.map((k) => [k, nulMessage]))));
    const body =
      method === 'GET' || method === 'DELETE'
        ? {}
        : parseJson(raw, req.headers['content-type'], op.id.startsWith('records.'));
    const nulInBody = nulPaths(body, '');
    if (nulInBody.length > 0) return refuse(invalid(Object.fromEntries(nulInBody.map((k) => [k, nulMessage]))));
    const spec = (shapes as Record<string, Parameters<typeof shapeIssues>[1]>)[op.id];
    if (spec) {
      // A write's params are its body plus what the client sends in the query (a lead's siteId): the spec reads both.
      const fromQuery = Object.fromEntries(
        Object.entries(queryObject(query)).filter(([k]) => spec.keys?.includes(k) && body[k] === undefined),
      );
      const issues = shapeIssues(method === 'GET' ? queryObject(query) : { ...fromQuery, ...body }, spec);
      if (issues.length > 0) return refuse(invalid(fieldsOf(issues)));
    }
    if (!handlers[op.id]) return refuse(new ApiError(404, 'not_found', `No such endpoint: ${method} ${op.path}`));
    const idempotencyKey = op.keyed ? req.headers['idempotency-key'] : undefined;
    const slot =
      typeof idempotencyKey === 'string' && idempotencyKey !== ''
        ? { org: '', op: op.id, scope: keyScope(op, params, query, body), key: idempotencyKey.slice(0, 255) }
        : null;
    return { body, refusal: null, slot, query };
  } catch (error) {
    if (error instanceof ApiError) return refuse(error);
    throw error;
  }
}

const nulMessage = 'must not contain the NUL character (U+0000)';

/** Dotted paths of the strings (and keys) in a parsed body that hold a NUL character. */
function nulPaths(value: unknown, at: string): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [at || 'body'] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => {
    const path = at ? `${at}.${k}` : k;
    return k.includes('\u0000') ? [path] : nulPaths(v, path);
  });
}

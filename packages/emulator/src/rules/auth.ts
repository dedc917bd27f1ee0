// Who is calling (000 §5, §8): a bearer key of an organization, or 401 (429 once an
// address has spent its lookup budget); then the per-key window of 120 a minute.
import type { Sql } from '../engine/engine.js';
import { ApiError } from '../http/errors.js';
import { hit, peek } from '../store/counters.js';
import { limits } from './limits.js';
import type { Plan } from './plans.js';

export interface Caller {
  key: string;
  org: string;
  plan: Plan;
  scopes: string[];
}

/** The six rate-limit headers for a window. */
export function rateHeaders(limit: number, count: number, resetAt: number, now: number): Record<string, string> {
  const remaining = String(Math.max(0, limit - count));
  return {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': remaining,
    'RateLimit-Reset': String(Math.max(0, Math.ceil((resetAt - now) / 1000))),
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': remaining,
    'X-RateLimit-Reset': String(Math.ceil(resetAt / 1000)),
  };
}

const retryAfter = (resetAt: number, now: number): string => String(Math.max(1, Math.ceil((resetAt - now) / 1000)));

const limited = (headers: Record<string, string>, resetAt: number, now: number, message: string): ApiError =>
  new ApiError(429, 'rate_limited', message, { headers: { ...headers, 'Retry-After': retryAfter(resetAt, now) } });

/**
 * The caller of a request with `authorization`, coming from `address`, with the
 * headers every answer to it carries. Throws 401 or 429 with those headers.
 */
export async function authenticate(sql: Sql, authorization: string | undefined, address: string, now: number): Promise<{ caller: Caller; headers: Record<string, string> }> {
  const match = /^Bearer ([\x21-\x7e]{1,200})$/.exec(authorization ?? '');
  const rows = match
    ? await sql.query<{ org: string; scopes: string[]; plan: Plan }>('select k.org, k.scopes, o.plan from api_keys k join orgs o on o.id = k.org where k.key = $1', [match[1]])
    : [];
  const { perAddress, perKey } = limits;
  const addressBucket = `address:${address}`;
  const found = rows[0];
  if (!found) {
    const { count, resetAt } = await hit(sql, addressBucket, now, perAddress.windowMs);
    const headers = rateHeaders(perAddress.limit, count, resetAt, now);
    if (count > perAddress.limit) throw limited(headers, resetAt, now, 'Too many requests with unrecognized keys from this address; wait for Retry-After');
    throw new ApiError(401, 'unauthorized', authorization ? 'The API key is not recognized' : 'Missing API key: send Authorization: Bearer <API_KEY>', { headers });
  }
  const address_ = await peek(sql, addressBucket, now, perAddress.windowMs);
  if (address_.count > perAddress.limit) {
    throw limited(rateHeaders(perAddress.limit, address_.count, address_.resetAt, now), address_.resetAt, now, 'This address is limited after too many unrecognized keys; wait for Retry-After');
  }
  const { count, resetAt } = await hit(sql, `key:${match![1]}`, now, perKey.windowMs);
  const headers = rateHeaders(perKey.limit, count, resetAt, now);
  if (count > perKey.limit) throw limited(headers, resetAt, now, `Rate limit of ${perKey.limit} requests a minute exceeded; wait for Retry-After`);
  const scopes = typeof found.scopes === 'string' ? (JSON.parse(found.scopes) as string[]) : found.scopes;
  const plan = typeof found.plan === 'string' ? (JSON.parse(found.plan) as Plan) : found.plan;
  return { caller: { key: match![1]!, org: found.org, plan, scopes }, headers };
}

/** Counts one hit of an organization- or site-wide budget (site creates, publishes); 429 past it. */
export async function spendBudget(sql: Sql, bucket: string, budget: { limit: number; windowMs: number }, now: number, what: string): Promise<void> {
  const { count, resetAt } = await hit(sql, bucket, now, budget.windowMs);
  if (count > budget.limit) {
    throw new ApiError(429, 'rate_limited', `More than ${budget.limit} ${what} an hour; wait for Retry-After`, { headers: { 'Retry-After': retryAfter(resetAt, now) } });
  }
}

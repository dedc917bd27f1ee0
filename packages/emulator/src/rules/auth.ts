// Who is calling (000 §5, §8): a bearer key of an organization (admitted by rules/admit.ts),
// or 401 (429 once an address has spent its lookup budget); the limits' headers; hourly budgets.
import type { Sql } from '../engine/engine.js';
import { ApiError } from '../http/errors.js';
import { hit } from '../store/counters.js';
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

export const limited = (headers: Record<string, string>, resetAt: number, now: number, message: string): ApiError =>
  new ApiError(429, 'rate_limited', message, { headers: { ...headers, 'Retry-After': retryAfter(resetAt, now) } });

/** The bearer key of an `Authorization` header, or null when it has none of the right shape. */
export const bearerKey = (authorization: string | undefined): string | null =>
  /^Bearer ([\x21-\x7e]{1,200})$/.exec(authorization ?? '')?.[1] ?? null;

/**
 * A request without a recognized key: counts it against its address's budget and throws
 * 401 (429 once the address has spent the budget), with the address window's headers.
 */
export async function authenticateUnknown(
  count: Counter,
  address: string,
  now: number,
  keyGiven: boolean,
): Promise<never> {
  const { perAddress } = limits;
  const { count: n, resetAt } = await count(`address:${address}`, now, perAddress.windowMs);
  const headers = rateHeaders(perAddress.limit, n, resetAt, now);
  if (n > perAddress.limit)
    throw limited(
      headers,
      resetAt,
      now,
      'Too many requests with unrecognized keys from this address; wait for Retry-After',
    );
  throw new ApiError(
    401,
    'unauthorized',
    keyGiven ? 'The API key is not recognized' : 'Missing API key: send Authorization: Bearer <API_KEY>',
    { headers },
  );
}

/** Counts one hit in a bucket's fixed window (in SQL for a shared store, in memory for an embedded one). */
export type Counter = (bucket: string, now: number, windowMs: number) => Promise<{ count: number; resetAt: number }>;

/** Counts one hit of an organization- or site-wide budget (site creates, publishes); 429 past it. */
export async function spendBudget(
  sql: Sql,
  bucket: string,
  budget: { limit: number; windowMs: number },
  now: number,
  what: string,
): Promise<void> {
  const { count, resetAt } = await hit(sql, bucket, now, budget.windowMs);
  if (count > budget.limit) {
    throw new ApiError(429, 'rate_limited', `More than ${budget.limit} ${what} an hour; wait for Retry-After`, {
      headers: { 'Retry-After': retryAfter(resetAt, now) },
    });
  }
}

/** The rate-limit headers every response carries (document 1, section 8). */
export interface RateLimit {
  /** Requests allowed per window (`RateLimit-Limit`). */
  limit: number | null;
  /** Requests left in the window (`RateLimit-Remaining`). */
  remaining: number | null;
  /** Seconds until the window resets (`RateLimit-Reset`, a duration). */
  reset: number | null;
  /** Reset time as a Unix timestamp in seconds (`X-RateLimit-Reset`). */
  resetAt: number | null;
}

function num(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Reads the rate-limit headers; null when the response carried none. */
export function readRateLimit(headers: Headers): RateLimit | null {
  const limit = num(headers.get('ratelimit-limit')) ?? num(headers.get('x-ratelimit-limit'));
  const remaining = num(headers.get('ratelimit-remaining')) ?? num(headers.get('x-ratelimit-remaining'));
  const reset = num(headers.get('ratelimit-reset'));
  const resetAt = num(headers.get('x-ratelimit-reset'));
  if (limit === null && remaining === null && reset === null && resetAt === null) return null;
  return { limit, remaining, reset, resetAt };
}

/** `Retry-After` in seconds (delta-seconds or an HTTP date); null when absent or unreadable. */
export function readRetryAfter(headers: Headers, now = Date.now()): number | null {
  const raw = headers.get('retry-after');
  if (raw === null || raw.trim() === '') return null;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

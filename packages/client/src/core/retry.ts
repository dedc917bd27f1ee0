// Which failures are retried (issue 5, "Retries"), and how long to wait.
import { ServiceError } from './errors.js';

export interface BackoffOptions {
  /** Ceiling of the first backoff wait in ms, doubled on each later retry; a wait is drawn between half the ceiling and the whole (jitter). Default 500. */
  initialDelayMs?: number;
  /** Ceiling of any backoff wait in ms. Default 8000. */
  maxDelayMs?: number;
  /** Longest `Retry-After` the client waits out itself, in ms; a longer one is thrown at once. Default 60000. */
  maxRetryAfterMs?: number;
}

export interface RetryContext {
  method: string;
  /** The operation accepts an Idempotency-Key (and one is being sent). */
  keyed: boolean;
}

/** Connection failures where the request cannot have reached the server. */
const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/** The attempt may be repeated without risk of doing the work twice. */
function repeatable({ method, keyed }: RetryContext): boolean {
  return method !== 'POST' || keyed;
}

/**
 * Whether a failed attempt is retried. 429 always (nothing was done); 500 and the
 * gateway's 502-504, timeouts and network failures when repeating cannot do the
 * work twice; 409 `idempotency_in_progress` on keyed operations. Nothing else.
 */
export function shouldRetry(error: ServiceError, ctx: RetryContext): boolean {
  switch (error.type) {
    case 'rate_limited':
      return error.status === 429;
    case 'timeout':
      return repeatable(ctx);
    case 'connection_error':
      return repeatable(ctx) || (error.code !== null && notSentCodes.has(error.code));
    case 'conflict':
      return ctx.keyed && error.code === 'idempotency_in_progress';
    default:
      return error.status !== null && [500, 502, 503, 504].includes(error.status) && repeatable(ctx);
  }
}

/**
 * Milliseconds to wait before retry number `retry` (0-based): `Retry-After` when the
 * answer gave one, else exponential backoff with full jitter. Null: do not wait that long, give up.
 */
export function retryDelay(
  error: ServiceError,
  retry: number,
  backoff: Required<BackoffOptions>,
  random = Math.random,
): number | null {
  if (error.retryAfter !== null) {
    const ms = error.retryAfter * 1000;
    return ms > backoff.maxRetryAfterMs ? null : ms;
  }
  const ceiling = Math.min(backoff.maxDelayMs, backoff.initialDelayMs * 2 ** retry);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

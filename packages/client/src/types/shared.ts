// The request options every call takes; the wire shapes live in @extkit/api.
export * from '@extkit/api/types/shared';

/** Options every call takes as its last argument. */
export interface RequestOptions {
  /** Cancels the call, retries included. */
  signal?: AbortSignal;
  /** Per-attempt time limit for this call; defaults to the client's `timeoutMs`. */
  timeoutMs?: number;
  /** Retries for this call; defaults to the client's `maxRetries`. */
  maxRetries?: number;
  /** Headers for this call, added to the client's and winning over them; not `Authorization` or `Idempotency-Key`. */
  headers?: HeadersInit;
}

/** Options of an operation that accepts an `Idempotency-Key`. */
export interface KeyedRequestOptions extends RequestOptions {
  /** Sent as `Idempotency-Key`; when omitted, one is generated (128 random bits) and reused on every retry of the call. */
  idempotencyKey?: string;
}

// Hooks for logging and tracing: called around every HTTP attempt of a call. What they
// receive holds no credential: the request's headers (Authorization among them) are
// handed over only when a hook asks for them with `requestHeaders()`.
import type { ServiceError } from './errors.js';
import type { RateLimit } from './rate-limit.js';

/** One HTTP attempt about to be sent. */
export interface RequestEvent {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The full URL, query included. */
  url: string;
  /** 1 for a call's first attempt, 2 for its first retry, and so on. */
  attempt: number;
  /** The Idempotency-Key sent on every attempt of the call; null for an operation that takes none. */
  idempotencyKey: string | null;
  /** The request's headers, `Authorization: Bearer <key>` included: asked for explicitly, never on the event itself. */
  requestHeaders(): Headers;
}

/** One HTTP attempt finished: answered, or failed without an answer. */
export interface ResponseEvent extends RequestEvent {
  /** The answer's status; null when none came (timeout, connection failure). */
  status: number | null;
  /** The answer's headers; null when none came. */
  headers: Headers | null;
  /** This answer's rate-limit figures. */
  readonly rateLimit: RateLimit | null;
  /** From sending to the whole body read, in milliseconds. */
  durationMs: number;
  /** What this attempt failed with; null for a 2xx. */
  error: ServiceError | null;
  /** Another attempt of the call follows. */
  willRetry: boolean;
}

export interface Hooks {
  /**
   * Called before every attempt (retries too). May return a promise, which is awaited; a
   * hook that throws fails the call with its error, unretried.
   */
  onRequest?: (event: RequestEvent) => void | Promise<void>;
  /** Called after every attempt, answered or not, under the same rules as `onRequest`. */
  onResponse?: (event: ResponseEvent) => void | Promise<void>;
}

/** Headers the client owns: a caller's own would defeat authentication or idempotency. */
const reserved = new Map([
  ['authorization', "the API key is the client's: make a client per key"],
  ['idempotency-key', "pass { idempotencyKey } in the call's options"],
]);

/** Adds the caller's extra headers to `into` (lower-cased names), refusing the ones the client owns. */
export function extraHeaders(into: Record<string, string>, extra: HeadersInit | undefined): void {
  if (extra === undefined) return;
  new Headers(extra).forEach((value, name) => {
    const why = reserved.get(name);
    if (why) throw new TypeError(`The header ${name} cannot be set per request or per client: ${why}`);
    into[name] = value;
  });
}

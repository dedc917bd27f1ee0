// The transport every resource shares: authentication, idempotency keys,
// retries with backoff, time limits, errors, and the list envelope.
import { ApiPromise, responseMeta, type WithResponse } from './api-promise.js';
import { attempt, type Answer } from './attempt.js';
import { errorFromResponse } from './error-from-response.js';
import { InvalidResponseError, ServiceError } from './errors.js';
import { extraHeaders, type Hooks, type RequestEvent } from './hooks.js';
import { newIdempotencyKey } from './idempotency.js';
import { ListPromise } from './list.js';
import { queryString } from './query.js';
import { readRateLimit, type RateLimit } from './rate-limit.js';
import { apiKeyProblem } from './redact.js';
import { retryDelay, shouldRetry, type BackoffOptions } from './retry.js';
import type { KeyedRequestOptions, List, RequestOptions } from '../types/shared.js';

export interface ServiceClientOptions extends Hooks {
  /** The organization's API key, sent as `Authorization: Bearer <key>`; never written into an error. */
  apiKey: string;
  /** The versioned API root, ending in `/v1`, e.g. `https://api.example.com/v1`. */
  baseUrl: string;
  /** A fetch implementation; defaults to `globalThis.fetch`. */
  fetch?: typeof fetch;
  /** Retries after the first attempt for retryable failures. Default 2. */
  maxRetries?: number;
  /** Time limit of one attempt, headers and body, in ms. Default 30000. */
  timeoutMs?: number;
  /** Catch requests the server would refuse for their shape before sending them. Default true. */
  localChecks?: boolean;
  /** Backoff between retries. */
  backoff?: BackoffOptions;
  /** Headers sent with every request (a proxy's, a tracing header); `Authorization` and `Idempotency-Key` are the client's own. */
  headers?: HeadersInit;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RequestSpec {
  method: Method;
  /** Below `baseUrl` (`/contacts/c_1`), or an absolute URL for paths outside the versioned root. */
  path: string;
  /** Query parameters; undefined, null and '' are left out. */
  query?: object;
  body?: unknown;
  /** The operation accepts an Idempotency-Key: one is sent, the same on every retry. */
  keyed?: boolean;
  /** Send no Authorization header (openapi.json, the public marketplace path). */
  anonymous?: boolean;
}

const defaults = { maxRetries: 2, timeoutMs: 30_000, initialDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * The shared transport. `ServiceClient` extends it with one property per resource;
 * to keep a bundle small, construct only the resources you use over a core:
 * `new Contacts(new ServiceCore({ apiKey, baseUrl }))`.
 */
export class ServiceCore {
  readonly #apiKey: string;
  readonly #fetch: typeof fetch;
  readonly baseUrl: string;
  readonly maxRetries: number;
  readonly timeoutMs: number;
  readonly localChecks: boolean;
  readonly #backoff: Required<BackoffOptions>;
  readonly #headers: Record<string, string>;
  readonly #hooks: Hooks | null;
  // Headers are parsed only when asked for: reading six of them on every answer costs more than the rest of the client.
  #lastHeaders: Headers | null = null;

  constructor(options: ServiceClientOptions) {
    if (typeof options?.apiKey !== 'string' || options.apiKey === '') {
      throw new TypeError(
        'ServiceClient needs an apiKey: expected a non-empty string, e.g. new ServiceClient({ apiKey, baseUrl })',
      );
    }
    const keyProblem = apiKeyProblem(options.apiKey);
    if (keyProblem !== null) {
      throw new TypeError(
        `ServiceClient's apiKey cannot be sent: ${keyProblem}. The key is not shown here; check how it was read (a trailing newline from a file or an environment variable is the usual cause).`,
      );
    }
    const baseUrl = typeof options.baseUrl === 'string' ? options.baseUrl.replace(/\/+$/, '') : '';
    if (!/^https?:\/\/[^/]+(\/.*)?\/v1$/.test(baseUrl)) {
      throw new TypeError(
        `ServiceClient needs baseUrl to be the versioned API root ending in /v1, e.g. https://api.example.com/v1; received ${JSON.stringify(options.baseUrl)}`,
      );
    }
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== 'function')
      throw new TypeError('ServiceClient needs fetch: none is global here, pass options.fetch');
    this.#apiKey = options.apiKey;
    this.#fetch = fetchImpl;
    this.baseUrl = baseUrl;
    this.maxRetries = options.maxRetries ?? defaults.maxRetries;
    this.timeoutMs = options.timeoutMs ?? defaults.timeoutMs;
    this.localChecks = options.localChecks ?? true;
    this.#headers = {};
    extraHeaders(this.#headers, options.headers);
    this.#hooks =
      options.onRequest || options.onResponse ? { onRequest: options.onRequest, onResponse: options.onResponse } : null;
    this.#backoff = {
      initialDelayMs: options.backoff?.initialDelayMs ?? defaults.initialDelayMs,
      maxDelayMs: options.backoff?.maxDelayMs ?? defaults.maxDelayMs,
      maxRetryAfterMs: options.backoff?.maxRetryAfterMs ?? defaults.maxRetryAfterMs,
    };
  }

  /**
   * The rate-limit headers of whichever answer arrived last (null before the first).
   * @deprecated Racy: with calls in flight side by side it may be another call's. Read
   * `(await call.withResponse()).response.rateLimit`, or `event.rateLimit` in `onResponse`.
   */
  get lastRateLimit(): RateLimit | null {
    return this.#lastHeaders && readRateLimit(this.#lastHeaders);
  }

  /** What JSON.stringify shows: the settings, never the key. */
  toJSON(): { baseUrl: string; maxRetries: number; timeoutMs: number; localChecks: boolean } {
    return {
      baseUrl: this.baseUrl,
      maxRetries: this.maxRetries,
      timeoutMs: this.timeoutMs,
      localChecks: this.localChecks,
    };
  }

  /**
   * Sends one operation, retrying what the rules allow. `check` runs first, inside the
   * call, so a local check fails the returned promise rather than throwing.
   */
  request<T>(spec: RequestSpec, options: KeyedRequestOptions = {}, check?: () => void): ApiPromise<T> {
    return new ApiPromise(async () => {
      check?.();
      return this.#send<T>(spec, options);
    });
  }

  async #send<T>(spec: RequestSpec, options: KeyedRequestOptions): Promise<WithResponse<T>> {
    const absolute = spec.path.startsWith('http');
    const url = (absolute ? spec.path : this.baseUrl + spec.path) + (spec.query ? queryString(spec.query) : '');
    const what = `${spec.method} ${absolute ? new URL(spec.path).pathname : spec.path}`;
    const headers: Record<string, string> = { accept: 'application/json', ...this.#headers };
    extraHeaders(headers, options.headers);
    if (!spec.anonymous) headers.authorization = `Bearer ${this.#apiKey}`;
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    const keyed = spec.keyed === true;
    const idempotencyKey = keyed ? (options.idempotencyKey ?? newIdempotencyKey()) : null;
    if (idempotencyKey !== null) headers['idempotency-key'] = idempotencyKey;
    const init: RequestInit = {
      method: spec.method,
      headers,
      body: spec.body === undefined ? null : JSON.stringify(spec.body),
    };
    const maxRetries = options.maxRetries ?? this.maxRetries;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const hooks = this.#hooks;

    for (let n = 1; ; n++) {
      const event: RequestEvent | null = hooks && {
        method: spec.method,
        url,
        attempt: n,
        idempotencyKey,
        requestHeaders: () => new Headers(headers),
      };
      if (event) await hooks?.onRequest?.(event);
      const started = Date.now();
      let answer: Answer | null = null;
      let body: unknown;
      let failure: ServiceError | null = null;
      try {
        answer = await attempt(this.#fetch, url, init, timeoutMs, what, options.signal, this.#apiKey);
        this.#lastHeaders = answer.headers;
        body = parseBody(answer, what);
        if (answer.status < 200 || answer.status >= 300)
          failure = errorFromResponse(answer.status, answer.headers, body, what, this.#apiKey);
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        failure = error;
      }
      const delay = failure && this.#retryIn(failure, n - 1, spec.method, keyed, maxRetries, options.signal);
      if (event && hooks?.onResponse) {
        await hooks.onResponse({
          ...event,
          status: answer?.status ?? null,
          headers: answer?.headers ?? null,
          rateLimit: answer && readRateLimit(answer.headers),
          durationMs: Date.now() - started,
          error: failure,
          willRetry: delay !== null,
        });
      }
      if (!failure)
        return { data: body as T, response: responseMeta(answer!.status, answer!.headers, idempotencyKey, n) };
      if (delay === null) throw failure;
      await sleep(delay, options.signal);
    }
  }

  /** Milliseconds before retrying after `failure`, or null when it is not retried. */
  #retryIn(
    failure: ServiceError,
    retry: number,
    method: Method,
    keyed: boolean,
    maxRetries: number,
    signal?: AbortSignal,
  ): number | null {
    if (failure instanceof InvalidResponseError || retry >= maxRetries || signal?.aborted) return null;
    if (!shouldRetry(failure, { method, keyed })) return null;
    return retryDelay(failure, retry, this.#backoff);
  }

  /** A list call: awaited, the first page; iterated with `for await`, every item across pages. `check` runs before the first request. */
  list<T>(path: string, query: object, options: RequestOptions = {}, check?: () => void): ListPromise<T> {
    const start = (query as { cursor?: unknown }).cursor;
    return new ListPromise<T>(
      (cursor) =>
        this.request<List<T>>(
          { method: 'GET', path, query: cursor === undefined ? query : { ...query, cursor } },
          options,
          cursor === undefined ? check : undefined,
        ).withResponse(),
      typeof start === 'string' && start !== '' ? start : undefined,
    );
  }
}

function parseBody(answer: Answer, what: string): unknown {
  if (answer.text === '') return null;
  try {
    return JSON.parse(answer.text);
  } catch {
    if (answer.status >= 200 && answer.status < 300) {
      throw new InvalidResponseError({
        type: 'invalid_response',
        status: answer.status,
        code: 'invalid_json',
        message: `The answer is not JSON (${what})`,
      });
    }
    return null;
  }
}

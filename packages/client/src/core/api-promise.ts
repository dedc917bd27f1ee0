// What every call but `list` returns: a promise of the parsed body that can also hand
// over the answer it came in, per call (`.withResponse()`, as in Stripe's and OpenAI's SDKs).
import { readRateLimit, type RateLimit } from './rate-limit.js';

/** The HTTP facts of one call's final answer. */
export interface ResponseMeta {
  /** The final answer's status: 201 for a fresh create, 200 for the replay of a remembered Idempotency-Key. */
  readonly status: number;
  /** The final answer's headers (an answer never carries the API key). */
  readonly headers: Headers;
  /** The final answer's rate-limit headers: this call's figures, whatever ran beside it. */
  readonly rateLimit: RateLimit | null;
  /** The Idempotency-Key sent on every attempt; null for an operation that takes none. */
  readonly idempotencyKey: string | null;
  /** Attempts made: 1 when the first answered. */
  readonly attempts: number;
}

/** A call's parsed body and the answer it came in. */
export interface WithResponse<T> {
  data: T;
  response: ResponseMeta;
}

/** Builds a ResponseMeta whose rate-limit figures are parsed only when read. */
export function responseMeta(
  status: number,
  headers: Headers,
  idempotencyKey: string | null,
  attempts: number,
): ResponseMeta {
  let rateLimit: RateLimit | null | undefined;
  return {
    status,
    headers,
    idempotencyKey,
    attempts,
    get rateLimit() {
      if (rateLimit === undefined) rateLimit = readRateLimit(headers);
      return rateLimit;
    },
  };
}

/**
 * A call in flight: a Promise of the parsed body (`instanceof Promise` holds, and
 * `then`, `catch` and `finally` give plain promises), that can also hand over the
 * answer it came in: `withResponse()` gives the body with the answer's status,
 * headers and rate-limit figures. The request starts at once, as with any promise;
 * both ways read the same single request.
 * @example const { data: contact, response } = await client.contacts.create(params).withResponse(); // response.status: 201 or a replay's 200
 */
export class ApiPromise<T> extends Promise<T> {
  /** What `then`, `catch` and `finally` make: plain promises (an ApiPromise is made from a request, not an executor). */
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  readonly #answer: Promise<WithResponse<T>>;
  #settle: (() => void) | undefined;

  constructor(run: () => Promise<WithResponse<T>>) {
    let resolve!: (body: T | PromiseLike<T>) => void;
    super((r) => (resolve = r));
    const answer = run();
    this.#answer = answer;
    // The body is taken from the answer only once someone reads it (then, catch,
    // finally, await): a call read through withResponse() alone leaves no second,
    // unhandled rejection behind, and one nobody reads still reports its failure.
    this.#settle = () => {
      this.#settle = undefined;
      resolve(answer.then((a) => a.data));
    };
  }

  /** The parsed body together with the answer's status, headers and rate-limit figures. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#answer;
  }

  override then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.#settle?.();
    return super.then(onfulfilled, onrejected);
  }

  override readonly [Symbol.toStringTag] = 'ApiPromise';
}

// One HTTP attempt: fetch, read the whole body, all inside the time limit.
import { ServiceConnectionError, ServiceTimeoutError } from './errors.js';
import { redact, redactCause } from './redact.js';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

function causeCode(error: unknown): string | null {
  let e: unknown = error;
  for (let depth = 0; depth < 4 && typeof e === 'object' && e !== null; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Sends one request and reads its body. The time limit covers the headers and the
 * body; the caller's signal aborts it too. Failures come back as ServiceErrors whose
 * messages name only the method and path, with `secret` (the API key) redacted from the
 * failure's words and from its causes.
 */
export async function attempt(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  what: string,
  signal?: AbortSignal,
  secret = '',
): Promise<Answer> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = (): void => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    if (signal?.aborted) throw signal.reason;
    // The same init serves every retry of a call; each attempt gets its own signal.
    init.signal = controller.signal;
    const response = await fetchImpl(url, init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (timedOut) {
      throw new ServiceTimeoutError({
        type: 'timeout',
        code: 'timeout',
        message: `No complete answer within ${timeoutMs} ms (${what})`,
      });
    }
    if (signal?.aborted) {
      throw new ServiceConnectionError({
        type: 'connection_error',
        code: 'aborted',
        message: `Aborted by the caller (${what})`,
        cause: signal.reason,
      });
    }
    const code = causeCode(error);
    // A fetch that refuses a header quotes its value, and the Authorization header's is the key.
    const reason = redact(error instanceof Error ? error.message : String(error), secret);
    throw new ServiceConnectionError({
      type: 'connection_error',
      code: code ?? 'network_error',
      message: `Network failure: ${reason}${code ? ` (${code})` : ''} (${what})`,
      cause: redactCause(error, secret),
    });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

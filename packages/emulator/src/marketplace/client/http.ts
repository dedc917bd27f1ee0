// Talking to a marketplace (the emulator's, or any that answers the same paths):
// every failure becomes a diagnostic with a code, never a thrown string.
import { apiKeyProblem, redact } from '@extkit/client';
import type { MarketplaceDiagnostic } from '../refusals.js';

/** The local emulator's marketplace: `extkit emulate`'s default address. */
export const DEFAULT_MARKETPLACE = 'http://127.0.0.1:8787';

/** The marketplace's origin from what a user gives: an origin, or the emulator's base URL ending in /v1. */
export function marketplaceOrigin(url: string = DEFAULT_MARKETPLACE): string {
  const u = new URL(url);
  return u.origin;
}

export type Reply<T> =
  { ok: true; status: number; body: T } | { ok: false; status: number; errors: MarketplaceDiagnostic[] };

/** How long a marketplace has for a whole answer (headers and body) unless the caller says. */
export const MARKETPLACE_TIMEOUT_MS = 60_000;
/** The largest answer read: an artifact's files in base64 fit well inside it (an upload is at most 36 MB). */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

const failure = (status: number, code: string, message: string): Reply<never> => ({
  ok: false,
  status,
  errors: [{ code, message }],
});

/** The body's text, or null once it passes `max` bytes (the rest is never read). */
async function readCapped(res: Response, max: number): Promise<string | null> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > max) {
    await res.body?.cancel();
    return null;
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks).toString('utf8');
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
}

/**
 * One JSON request; a refusal's diagnostics (or the error envelope's code) come back as data.
 * Whatever the marketplace is (a remote or plain-http one, or someone between it and us),
 * its answer is held to a time limit (`timeoutMs`, headers and body), a size
 * (MAX_ANSWER_BYTES) and its own origin: a redirect is refused, never followed. A key a
 * header cannot carry is refused before anything is sent, and the key is redacted from
 * every error's message (fetch's own failure, or the marketplace's words).
 */
export async function call<T>(
  origin: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply<T>> {
  const key = options.key ?? '';
  const problem = key ? apiKeyProblem(key) : null;
  if (problem)
    return failure(
      0,
      'marketplace.key_unusable',
      `The API key cannot be sent: ${problem}. The key is not shown here; check how it was read (a trailing newline from a file or an environment variable is the usual cause). Nothing was sent.`,
    );
  const reply = await send<T>(origin, method, path, options);
  // Neither fetch's failure nor the marketplace's words carry the key into an error, a log or --json output.
  if (reply.ok || !key) return reply;
  return {
    ...reply,
    errors: reply.errors.map((e) => (typeof e.message === 'string' ? { ...e, message: redact(e.message, key) } : e)),
  };
}

interface CallOptions {
  key?: string | undefined;
  body?: unknown;
  timeoutMs?: number | undefined;
}

async function send<T>(origin: string, method: string, path: string, options: CallOptions): Promise<Reply<T>> {
  const timeoutMs = options.timeoutMs ?? MARKETPLACE_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const late = (): Reply<never> =>
    failure(
      0,
      'marketplace.timeout',
      `${method} ${path} got no complete answer from ${origin} within ${timeoutMs} ms; nothing was written. Check that the marketplace is up, or try again.`,
    );
  let res: Response;
  try {
    res = await fetch(new URL(path, origin), {
      method,
      redirect: 'manual',
      signal,
      headers: {
        ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch (err) {
    if (signal.aborted) return late();
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return failure(
      0,
      'marketplace.unreachable',
      `No marketplace answers at ${origin} (${cause ?? (err as Error).message}). Start the local one with: extkit emulate`,
    );
  }
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    const location = res.headers.get('location');
    let to = 'elsewhere';
    try {
      if (location) to = new URL(location, origin).origin;
    } catch {
      // An unparsable Location names nowhere to show.
    }
    return failure(
      res.status,
      'marketplace.redirect',
      `${method} ${path} answered ${res.status}, a redirect to ${to}; extkit never follows a marketplace's redirect (its answer would come from another address, with your key). If the marketplace has moved, give its new address with --marketplace.`,
    );
  }
  let text: string | null;
  try {
    text = await readCapped(res, MAX_ANSWER_BYTES);
  } catch (err) {
    if (signal.aborted) return late();
    return failure(
      res.status,
      'marketplace.unreachable',
      `${method} ${path}: the answer from ${origin} broke off (${(err as Error).message}).`,
    );
  }
  if (text === null)
    return failure(
      res.status,
      'marketplace.answer_too_large',
      `${method} ${path} answered more than ${MAX_ANSWER_BYTES / 1024 / 1024} MB, more than any marketplace answer holds; it was not read, and nothing was written.`,
    );
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return {
      ok: false,
      status: res.status,
      errors: [
        {
          code: 'marketplace.bad_answer',
          message: `${method} ${path} answered ${res.status} with something that is not JSON: ${JSON.stringify(text.slice(0, 120))}.`,
        },
      ],
    };
  }
  if (res.ok) return { ok: true, status: res.status, body: body as T };
  const error = (
    body as { error?: { code?: string; type?: string; message?: string; diagnostics?: MarketplaceDiagnostic[] } }
  ).error;
  const errors = error?.diagnostics ?? [
    {
      code: error?.code ?? `marketplace.http_${res.status}`,
      message: error?.message ?? `${method} ${path} answered ${res.status}.`,
    },
  ];
  return { ok: false, status: res.status, errors };
}

// Talking to a marketplace (the emulator's, or any that answers the same paths):
// every failure becomes a diagnostic with a code, never a thrown string.
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

/** One JSON request; a refusal's diagnostics (or the error envelope's code) come back as data. */
export async function call<T>(
  origin: string,
  method: string,
  path: string,
  options: { key?: string | undefined; body?: unknown } = {},
): Promise<Reply<T>> {
  let res: Response;
  try {
    res = await fetch(new URL(path, origin), {
      method,
      headers: {
        ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return {
      ok: false,
      status: 0,
      errors: [
        {
          code: 'marketplace.unreachable',
          message: `No marketplace answers at ${origin} (${cause ?? (err as Error).message}). Start the local one with: extkit emulate`,
        },
      ],
    };
  }
  const text = await res.text();
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

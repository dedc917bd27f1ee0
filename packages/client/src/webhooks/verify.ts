// X-Service-Signature: lowercase hex HMAC-SHA256 of the raw body, keyed by the
// signing secret. WebCrypto only, so it runs in Node, browsers and workers.

const encoder = new TextEncoder();
const hexPattern = /^[0-9a-f]{64}$/i;

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Compares every byte, whatever the first difference, so timing says nothing of where it is. */
export function equalConstantTime(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** What a bad secret was, without echoing its value. */
export const describeSecret = (value: unknown): string =>
  value === null
    ? 'null'
    : value === ''
      ? 'an empty string'
      : Array.isArray(value)
        ? 'an array'
        : typeof value === 'string'
          ? 'a string'
          : typeof value;

/** A secret that can key an HMAC: a non-empty string. Anything else never verifies (`null` is not the key "null"). */
export const usableSecret = (secret: unknown): secret is string => typeof secret === 'string' && secret !== '';

/** HMAC-SHA256 of `body` keyed by `secret`, as lowercase hex. Throws a TypeError for a secret that is not a non-empty string. */
export async function signWebhookBody(body: string | Uint8Array, secret: string): Promise<string> {
  if (!usableSecret(secret))
    throw new TypeError(
      `signWebhookBody needs the signing secret as a non-empty string; received ${describeSecret(secret)}`,
    );
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(
    await globalThis.crypto.subtle.sign(
      'HMAC',
      key,
      typeof body === 'string' ? encoder.encode(body) : new Uint8Array(body),
    ),
  );
  let hex = '';
  for (const b of mac) hex += b.toString(16).padStart(2, '0');
  return hex;
}

/**
 * True when `signature` (the `X-Service-Signature` header) is the HMAC of the raw body.
 * Pass the body exactly as received, before any JSON parsing. A missing, wrong-length or
 * non-hex header is false, never a throw; so is a secret that is not a non-empty string
 * (an unset environment variable verifies nothing).
 * @example if (!(await verifyWebhookSignature(rawBody, req.headers['x-service-signature'], secret))) return res.status(401)
 */
export async function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  signature: string | null | undefined | string[],
  secret: string | null | undefined,
): Promise<boolean> {
  if (!usableSecret(secret)) return false;
  if (typeof signature !== 'string' || !hexPattern.test(signature)) return false;
  const expected = await signWebhookBody(rawBody, secret);
  return equalConstantTime(hexToBytes(expected), hexToBytes(signature.toLowerCase()));
}

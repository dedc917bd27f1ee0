/** A fresh Idempotency-Key: 128 bits from the platform's CSPRNG, as 32 lowercase hex digits. */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

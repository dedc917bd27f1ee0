// Base64 without Buffer, so the main entry runs in browsers and workers: `btoa`
// over binary strings, a chunk at a time (a multiple of 3 bytes, so no padding mid-way).
const CHUNK = 3 * 8192;

/** Standard base64 (with padding) of `bytes`. */
export function toBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += CHUNK) {
    parts.push(btoa(String.fromCharCode(...bytes.subarray(i, i + CHUNK))));
  }
  return parts.join('');
}

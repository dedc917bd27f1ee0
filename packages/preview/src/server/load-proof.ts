// The server's side of load-proof.ts: the proof of a load the host page named.
import { createHmac } from 'node:crypto';

/** HMAC-SHA256 of `nonce` under the session's frame key, base64url: what the host page's loadProver computes. */
export const proveLoad = (frameKey: string, nonce: string): string => createHmac('sha256', frameKey).update(nonce).digest('base64url');

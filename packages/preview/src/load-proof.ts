// Proof that a frame's hello comes from the document the host page loaded, not
// from one the frame navigated to (docs/preview.md, "A frame that navigates
// itself"). The host page names each load with a fresh nonce in the frame's URL;
// the server answers with HMAC-SHA256(the session's frame key, nonce) in a <meta>
// that the frame transport reads and removes before the extension's code runs;
// the hello carries it. The host page holds the key and connects, per load, one
// hello carrying that load's proof: a document the extension navigated to (even
// the same URL again) never holds the proof of a load the host has not yet used.
// Shared by the server and the host page, so it imports nothing.

/** The frame URL's query parameter naming the load. */
export const LOAD_PARAM = 'load';
/** The <meta name> that carries a load's proof into the frame document. */
export const LOAD_META = 'extkit-load';
/** The <meta name> that carries the routing (`{api, emulator}`, the two API bases) into a frame document while routing is on. */
export const ROUTING_META = 'extkit-routing';
/** The <meta name> that carries the session's frame key into the host page. */
export const FRAME_KEY_META = 'extkit-frame-key';

const NONCE = /^[A-Za-z0-9_-]{32}$/;

/** True for a nonce as the host page makes them (24 random bytes, base64url). */
export const isLoadNonce = (s: string | null | undefined): s is string => typeof s === 'string' && NONCE.test(s);

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A fresh nonce for one load. */
export const newLoadNonce = (): string => base64url(crypto.getRandomValues(new Uint8Array(24)));

/** The host page's prover: the proof of a nonce under `key` (WebCrypto HMAC-SHA256, base64url). */
export function loadProver(key: string): (nonce: string) => Promise<string> {
  const encode = (s: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(s);
  const hmac = crypto.subtle.importKey('raw', encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return async (nonce) => base64url(new Uint8Array(await crypto.subtle.sign('HMAC', await hmac, encode(nonce))));
}

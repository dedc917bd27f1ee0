import { describe, expect, it } from 'vitest';
import { isLoadNonce, loadProver, newLoadNonce } from './load-proof.js';
import { proveLoad } from './server/load-proof.js';

describe('the proof of a frame load', () => {
  it('is the same from the server (node:crypto) and from the host page (WebCrypto)', async () => {
    const key = 'k'.repeat(32);
    const nonce = newLoadNonce();
    expect(await loadProver(key)(nonce)).toBe(proveLoad(key, nonce));
    expect(proveLoad(key, nonce)).not.toBe(proveLoad('other-key', nonce));
  });

  it('is made only for nonces shaped as the host page makes them', () => {
    expect(isLoadNonce(newLoadNonce())).toBe(true);
    expect(newLoadNonce()).not.toBe(newLoadNonce());
    for (const bad of [null, undefined, '', 'short', 'x'.repeat(33), `${'x'.repeat(31)}!`, `${'x'.repeat(31)}"`])
      expect(isLoadNonce(bad), String(bad)).toBe(false);
  });
});

// The server's side of load-proof.ts: the proof of a load the host page named.
import { createHmac } from 'node:crypto';

/** HMAC-SHA256 of `nonce` under the session's frame key, base64url: what the host page's loadProver computes. */
export const proveLoad = (frameKey: string, nonce: string): string =>
  createHmac('sha256', frameKey).update(nonce).digest('base64url');

/**
 * The loads whose frame document was served. A frame request naming a load
 * already served gets the stopped page: a step back or forward in the frame's
 * history re-requests an older load's URL with the host page's own Sec-Fetch-Site
 * (same-origin), and would otherwise run the extension again, so it could leave
 * toward a host once per step (found by a security review). Load nonces are
 * random: only a URL the host loaded names one, so the ledger keeps the newest
 * 100,000, far more than a session loads.
 */
export class LoadLedger {
  private readonly served = new Set<string>();
  constructor(private readonly limit = 100_000) {}

  /** True the first time `nonce` is claimed, false ever after. */
  claim(nonce: string): boolean {
    if (this.served.has(nonce)) return false;
    this.served.add(nonce);
    if (this.served.size > this.limit) this.served.delete(this.served.values().next().value as string);
    return true;
  }
}

// The sandbox's connect-src, in jsdom: while a view is mounted, fetch,
// XMLHttpRequest, WebSocket, EventSource and navigator.sendBeacon (channels.ts)
// reach only the origins capabilities.network declares, by the same verdict the
// preview's network log explains. A refused request fails the way a
// Content-Security-Policy makes it fail (fetch rejects with a TypeError, an XHR
// fires "error") and is listed on the view's `blocked`. The guard is put
// in place when @extkit/testing is imported, before the extension's entry is, so
// a fetch the extension (or a library it uses) keeps a reference to is held too;
// with no view mounted it passes requests through.
import { installChannels } from './channels.js';
import { absolute, current, pushGuard, refuse, type NetworkGuard } from './guards.js';
import { installInterceptor, withRoute } from './intercept.js';
import { requestedByTest } from './owner.js';

export type { BlockedRequest, NetworkGuard } from './guards.js';

type Fetch = typeof fetch;
let original:
  | { fetch: Fetch | undefined; open: XMLHttpRequest['open'] | undefined; send: XMLHttpRequest['send'] | undefined }
  | undefined;
const xhrUrls = new WeakMap<XMLHttpRequest, string>();

const guardedFetch: Fetch = async (input, init) => {
  const guard = current();
  const asked = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!guard || requestedByTest(guard.dir)) {
    if (!original?.fetch) throw new TypeError('Failed to fetch: this environment has no fetch');
    return original.fetch(input, init);
  }
  let url: string;
  try {
    url = absolute(asked);
  } catch {
    throw new TypeError(`Failed to fetch: ${JSON.stringify(asked)} is not a URL`);
  }
  const blocked = refuse(guard, url);
  if (blocked)
    throw new TypeError(
      `Failed to fetch ${url}: refused by the sandbox's Content-Security-Policy (connect-src). ${blocked.fix}`,
    );
  if (guard.fetch) return guard.fetch(input, init);
  const next = original!.fetch;
  if (!next) throw new TypeError(`Failed to fetch ${url}: this environment has no fetch; pass render(id, { fetch })`);
  return withRoute(guard.route, () => next(input, init));
};

function install(): void {
  const g = globalThis as { fetch?: Fetch; XMLHttpRequest?: typeof XMLHttpRequest };
  if (original === undefined && g.fetch) installInterceptor();
  const proto = g.XMLHttpRequest?.prototype;
  // A second install (the test replaced fetch) keeps the XHR methods already guarded.
  const guardedXhr = original !== undefined && proto?.open !== original.open;
  original = {
    fetch: g.fetch,
    open: guardedXhr ? original!.open : proto?.open,
    send: guardedXhr ? original!.send : proto?.send,
  };
  g.fetch = guardedFetch;
  if (proto && original.open && original.send && !guardedXhr) {
    const { open, send } = original;
    proto.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
      xhrUrls.set(this, absolute(String(url)));
      return (open as (...a: unknown[]) => void).call(this, method, url, ...rest);
    };
    proto.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
      const guard = current();
      const url = xhrUrls.get(this);
      if (guard && url !== undefined && refuse(guard, url)) {
        setTimeout(() => {
          this.dispatchEvent(new ProgressEvent('error'));
          this.dispatchEvent(new ProgressEvent('loadend'));
        });
        return;
      }
      send.call(this, body);
    };
  }
}

/** Puts the guard in place, over whatever network the environment has now (a test's stubs included). */
export function installNetworkGuard(): void {
  const g = globalThis as { fetch?: Fetch; XMLHttpRequest?: typeof XMLHttpRequest };
  if (g.fetch !== guardedFetch) install();
  installChannels(() => original?.fetch);
}

/** Holds the page's network to `guard` until the returned release is called. */
export function guardNetwork(guard: NetworkGuard): () => void {
  installNetworkGuard();
  return pushGuard(guard);
}

// Window messages under jsdom, delivered as a browser delivers them. jsdom's
// postMessage carries neither event.source nor transferred ports, and its
// dispatchEvent makes every event untrusted (as a page's own would be); the
// bridge's frame side acts only on a trusted handshake.

/** A jsdom window: its own event constructors, which DOM's Window type does not list. */
export type JsdomWindow = Window & {
  Event: typeof Event;
  ErrorEvent: typeof ErrorEvent;
  MessageEvent: typeof MessageEvent;
};

/** Dispatches a trusted `message` event at `target` with its data, source and ports (real MessageChannel ports). */
export function deliver(target: Window, data: unknown, source: unknown, ports: readonly unknown[] = []): void {
  const event = new (target as JsdomWindow).MessageEvent('message', {
    data,
    source: source as Window,
    ports: ports as MessagePort[],
  });
  const impl = Object.getOwnPropertySymbols(event).find((s) => String(s) === 'Symbol(impl)')!;
  const eventImpl = (event as unknown as Record<symbol, { isTrusted: boolean }>)[impl]!;
  eventImpl.isTrusted = true;
  const targetImpl = (target as unknown as Record<symbol, { _dispatch(e: unknown): void } | undefined>)[impl];
  // vitest's global, which stands in for the test's own window, hides jsdom's: untrusted there (the host side does not ask).
  if (targetImpl) targetImpl._dispatch(eventImpl);
  else target.dispatchEvent(event);
}

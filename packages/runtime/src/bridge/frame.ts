// The frame side of the bridge: runs inside the sandboxed extension frame,
// says hello, takes the host's handshake and its port, and says what the
// bundle registered (ready); over the port, the surface the host names is
// mounted (frame-surface.ts) and what it sends goes out within the budget
// (frame-outbox.ts). It ships to the browser, so it stays small and dependency-free.
import { getRegistry } from '../registry.js';
import {
  KINDS,
  PROTOCOL_VERSION,
  isConnect,
  type FirstMount,
  type HelloMessage,
  type HostMessage,
  type Surface,
} from './protocol.js';
import { BRIDGE_BUDGET, clip } from './budget.js';
import { SLOT, frameOutbox, type Outgoing } from './frame-outbox.js';
import { frameSurface } from './frame-surface.js';

type Get = (this: unknown) => unknown;
type Call = (this: unknown, ...args: unknown[]) => unknown;

/** What the host is told instead of a message the browser could not copy. */
function unsendable(m: Outgoing, err: unknown): string {
  const what =
    m.type === 'emits'
      ? `ctx.emit (${m.events.map((e) => e.event).join(', ')})`
      : m.type === 'resize'
        ? 'ctx.setHeight'
        : m.type === 'call'
          ? `ctx.call('${m.prop}')`
          : `the ${m.type} message`;
  return `${what}: cannot be sent to the host and was dropped (${err instanceof Error ? err.message : String(err)}). Send plain data: no functions, DOM nodes or symbols.`;
}

/** The frame's side of the bridge, for what runs in the frame before the extension (the preview's sandbox). */
export interface FrameTransport {
  /** Sends the host what the frame's sandbox stopped, over the port the extension cannot reach (queued until the handshake). */
  sandbox(attempt: Record<string, unknown>): void;
}

/**
 * Starts the frame's transport: says hello to the parent window at once and waits for its `connect`
 * handshake; window messages that are not that handshake from the parent are ignored. The port starts
 * (`ready`) once the document's body is there (watchBody; at the latest at DOMContentLoaded); messages sent before
 * that are queued.
 * `options.load`: the proof of the load its host gave the document, said with the hello.
 * `options.mount`: what the host gave the document to mount with (FirstMount): the surface mounts as soon as the
 * document's body is there, before the handshake, when the bundle registered it by then.
 * Call it before the extension's code runs (the preview's frame does): the port is then out of the extension's reach.
 */
export function connectFrame(
  win: Window = window,
  options: { load?: string; mount?: FirstMount } = {},
): FrameTransport {
  const parent = win.parent;
  if (!parent || parent === win) return { sandbox: () => undefined };
  // Captured now, before the extension runs: a connect it dispatches itself (isTrusted false) is ignored,
  // the real one is stopped here, and the port is used through these, so replacing
  // MessagePort's or MessageEvent's members later neither hands it the port nor sees what crosses it.
  const { apply, defineProperty, getOwnPropertyDescriptor: describe } = Reflect;
  const g = win as unknown as Record<string, { prototype: object }>;
  const getter = (iface: string, name: string): Get => describe(g[iface]!.prototype, name)!.get as Get;
  const eventData = getter('MessageEvent', 'data');
  const eventSource = getter('MessageEvent', 'source');
  const eventPorts = getter('MessageEvent', 'ports');
  const stopImmediately = describe(g['Event']!.prototype, 'stopImmediatePropagation')!.value as Call;
  const portProto = (g['MessagePort'] ?? MessagePort).prototype; // jsdom's windows have none
  const portPost = describe(portProto, 'postMessage')!.value as Call;
  const portClose = describe(portProto, 'close')!.value as Call;
  const setOnMessage = describe(portProto, 'onmessage')!.set as Call;
  // A message on the port is read with this too: a getter the extension put on MessageEvent would be handed the event, whose target is the port.
  const portData: Get = g['MessagePort']
    ? eventData
    : function (this: unknown) {
        return (this as MessageEvent<unknown>).data;
      }; // jsdom: no MessagePort of the window's own
  const { messageBytes, errorChars, readyRegistrations } = BRIDGE_BUDGET;
  const later = g['setTimeout'] as unknown as Call;
  const min = Math.min;
  const floor = Math.floor;
  const MAX_SAFE = 9007199254740991;
  const RELIST_MS = 100;
  /** Appends without Array.prototype.push, which the extension may replace. */
  const append = <T>(list: T[], x: T): void =>
    void defineProperty(list, list.length, {
      __proto__: null,
      value: x,
      writable: true,
      enumerable: true,
      configurable: true,
    } as PropertyDescriptor);

  let port: MessagePort | undefined;
  /** Whether the body is there (the scripts before it have run), and whether the port is started: sends wait in `queue` until it is. */
  let parsed = win.document.readyState !== 'loading';
  let live = false;
  let queue: Outgoing[] = [];

  /** Posts `m`, or queues it before the handshake; false when the browser could not copy it, which is then reported instead. */
  const post = (m: Outgoing): boolean => {
    // Queued without Array.prototype.push, which the extension may replace: the sandbox's reports wait here too.
    if (!live || !port) return (append(queue, m), true);
    try {
      apply(portPost, port, [{ v: PROTOCOL_VERSION, ...m }]);
      return true;
    } catch (err) {
      if (m.type !== 'error')
        apply(portPost, port, [{ v: PROTOCOL_VERSION, type: 'error', message: clip(unsendable(m, err), errorChars) }]);
      return false;
    }
  };
  const out = frameOutbox(win, post, append);
  const { send, fail } = out;
  const surface = frameSurface(win, out);

  // In the capture phase, registered before the extension's code runs: this listener sees the handshake first, and keeps it.
  const onMessage = (event: MessageEvent): void => {
    if (!event.isTrusted || apply(eventSource, event, []) !== parent || !isConnect(apply(eventData, event, []))) return;
    const transferred = (apply(eventPorts, event, []) as readonly MessagePort[])[0];
    if (!transferred) return;
    apply(stopImmediately, event, []);
    if (port) apply(portClose, port, []);
    // A surface mounted first stays: the host's `mount` message confirms it. Any other connect starts afresh.
    surface.connected();
    port = transferred;
    live = false;
    start();
  };
  /**
   * The `ready` message: the registrations in order, as many as fit one message. The registry is the extension's to
   * change (a global), so it is read with a plain loop, each entry's fields once, and a hostile entry skips listing.
   */
  const ready = (): Outgoing => {
    const registrations: Surface[] = [];
    let bytes = 0;
    let total = 0;
    try {
      const all = getRegistry().registrations;
      const length: unknown = all.length;
      total = typeof length === 'number' ? length : 0;
      for (let i = 0; i < total; i++) {
        const r = all[i]!;
        const kind = r.kind;
        const id = r.id;
        let known = false;
        for (let k = 0; k < KINDS.length; k++) if (KINDS[k] === kind) known = true;
        if (!known || typeof id !== 'string') continue;
        bytes += kind.length + id.length + SLOT;
        if (registrations.length >= readyRegistrations || bytes > messageBytes) break;
        append(registrations, { kind, id });
      }
    } catch {
      // a getter that throws: what was listed so far stands
    }
    // The length is the extension's to claim (a proxy's 2^60): the count is one a host reads, a whole number it can hold exactly.
    const unlisted = min(floor(total - registrations.length), MAX_SAFE);
    return { type: 'ready', registrations, ...(unlisted > 0 ? { unlisted } : {}) };
  };
  /** Starts the port once it is ours and the body is there (the bundle has registered): `ready`, then what waited. */
  const start = (): void => {
    if (!port || !parsed || live) return;
    live = true;
    apply(setOnMessage, port, [
      (e: MessageEvent) => {
        const m = apply(portData, e, []) as HostMessage | undefined;
        if (m && m.v === PROTOCOL_VERSION) surface.receive(m);
      },
    ]);
    send(ready());
    // A registration made after `ready` (in a timer, on a click) is listed in a `ready` again: at most one every
    // RELIST_MS, however many the extension makes, so a loop of them costs the host a few messages a second.
    let relist = false;
    try {
      getRegistry().recorded = () => {
        if (relist) return;
        relist = true;
        apply(later, win, [
          () => {
            relist = false;
            send(ready());
          },
          RELIST_MS,
        ]);
      };
    } catch {
      // A registry the extension froze: its later registrations go unlisted, as before.
    }
    const queued = queue;
    queue = [];
    for (let i = 0; i < queued.length; i++) send(queued[i]!);
  };
  win.addEventListener('message', onMessage, true);
  win.addEventListener('error', (e: ErrorEvent) => fail(e.error ?? e.message));
  win.addEventListener('unhandledrejection', (e: PromiseRejectionEvent) => fail(e.reason));
  const given = options.mount;
  /** The body is there (the head's scripts have run): the first mount mounts, then the port starts. Once. */
  const begin = (): void => {
    if (parsed) return;
    parsed = true;
    try {
      if (given) surface.mountFirst(given);
    } finally {
      start();
    }
  };
  if (!parsed) {
    // Heard at the window in the capture phase, before any listener the extension adds, which could otherwise stop it.
    win.addEventListener('DOMContentLoaded', begin, { once: true, capture: true });
    watchBody(win, begin);
  }
  // Hello at once, before the extension's code runs, so it is the first window message this document sends its parent:
  // a host that reads only that one (the preview) never deserializes what the extension posts it.
  const message: HelloMessage = {
    extkit: 'hello',
    protocol: PROTOCOL_VERSION,
    ...(options.load === undefined ? {} : { load: options.load }),
  };
  parent.postMessage(message, '*');
  if (parsed && given) surface.mountFirst(given);
  return { sandbox: out.sandbox };
}

/**
 * Calls `then` once the parser has put the document's body in, at the end of that task: a document's scripts in its
 * head (the transport's, then the bundle's) have all run by then, and there is a body to mount in. Sooner than
 * DOMContentLoaded, which waits for the parser's next task: measured in Chromium 156, the other frames of the same
 * process ran their whole documents first on an edit's reload, 6 to 20 ms of the component's. The observer is this
 * transport's own (the extension cannot reach it), on the root's children only.
 */
function watchBody(win: Window, then: () => void): void {
  const g = win as unknown as { MutationObserver?: typeof MutationObserver };
  try {
    const Observer = g.MutationObserver;
    const root = win.document.documentElement;
    if (!Observer || !root) return;
    const disconnect = Observer.prototype.disconnect;
    // Read now, with disconnect: the callback runs after the bundle, which may have replaced Reflect.apply.
    const apply = Reflect.apply;
    const observer = new Observer(() => {
      let body: unknown = null;
      try {
        body = win.document.body;
      } catch {
        // a getter the extension broke: DOMContentLoaded goes on
      }
      if (!body) return;
      apply(disconnect, observer, []);
      then();
    });
    observer.observe(root, { childList: true });
  } catch {
    // No observer: DOMContentLoaded goes on.
  }
}

// The frame side of the bridge: runs inside the sandboxed extension frame,
// answers the host's handshake, mounts the registered surface the host names
// and carries props, config, events, size and function calls over the port.
// It ships to the browser, so it stays small and dependency-free.
import { getRegistrations, getRegistry } from '../registry.js';
import { PROTOCOL_VERSION, isConnect, type Emit, type FrameMessage, type HelloMessage, type HostMessage, type Surface } from './protocol.js';
import { bindingName } from './verdicts.js';

type Values = Record<string, unknown>;
type Listener = (values: Values) => void;
type DistributiveOmitV<T> = T extends unknown ? Omit<T, 'v'> : never;

type Get = (this: unknown) => unknown;
type Call = (this: unknown, ...args: unknown[]) => unknown;

/** What the host is told instead of a message the browser could not copy. */
function unsendable(m: DistributiveOmitV<FrameMessage>, err: unknown): string {
  const what = m.type === 'emits' ? `ctx.emit (${m.events.map((e) => e.event).join(', ')})` : m.type === 'resize' ? 'ctx.setHeight' : m.type === 'call' ? `ctx.call('${m.prop}')` : `the ${m.type} message`;
  return `${what}: cannot be sent to the host and was dropped (${err instanceof Error ? err.message : String(err)}). Send plain data: no functions, DOM nodes or symbols.`;
}

/** The frame's side of the bridge, for what runs in the frame before the extension (the preview's sandbox). */
export interface FrameTransport {
  /** Sends the host what the frame's sandbox stopped, over the port the extension cannot reach (queued until the handshake). */
  sandbox(attempt: Record<string, unknown>): void;
}

/**
 * Starts the frame's transport: says hello to the parent window once the
 * document is parsed and waits for its `connect` handshake; window messages that are not that handshake from
 * the parent are ignored. Messages sent before the handshake are queued.
 * `options.load`: the proof of the load its host gave the document, said with the hello.
 * Call it before the extension's code runs (the preview's frame does): the port is then out of the extension's reach.
 */
export function connectFrame(win: Window = window, options: { load?: string } = {}): FrameTransport {
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
  const portData: Get = g['MessagePort'] ? eventData : function (this: unknown) { return (this as MessageEvent).data; }; // jsdom: no MessagePort of the window's own
  let port: MessagePort | undefined;
  let queue: Array<DistributiveOmitV<FrameMessage>> = [];
  let cleanup: (() => void) | void;
  let root: HTMLElement | undefined;
  let props: Values = {};
  let config: Values = {};
  const propsListeners = new Set<Listener>();
  const configListeners = new Set<Listener>();
  const calls = new Map<number, [(v: unknown) => void, (e: Error) => void]>();
  let nextCall = 0;
  let emits: Emit[] = [];

  /** Posts `m`, or queues it before the handshake; false when the browser could not copy it (a function, a DOM node), which is then reported instead. */
  const post = (m: DistributiveOmitV<FrameMessage>): boolean => {
    // Queued without Array.prototype.push, which the extension may replace: the sandbox's reports wait here too.
    if (!port) return (defineProperty(queue, queue.length, { __proto__: null, value: m, writable: true, enumerable: true, configurable: true } as PropertyDescriptor), true);
    try {
      apply(portPost, port, [{ v: PROTOCOL_VERSION, ...m }]);
      return true;
    } catch (err) {
      if (m.type !== 'error') apply(portPost, port, [{ v: PROTOCOL_VERSION, type: 'error', message: unsendable(m, err) }]);
      return false;
    }
  };
  // Emits wait for the end of the task and leave as one message; any other message flushes them first, so order holds.
  const flush = (): void => {
    const events = emits;
    emits = [];
    if (events.length) post({ type: 'emits', events });
  };
  const send = (m: DistributiveOmitV<FrameMessage>): boolean => {
    flush();
    return post(m);
  };
  const emit = (event: string, detail?: unknown): void => {
    if (!emits.length) queueMicrotask(flush);
    emits.push({ event, detail });
  };
  const fail = (err: unknown): void => {
    const e = err instanceof Error ? err : new Error(String(err));
    send({ type: 'error', message: e.message, ...(e.stack ? { stack: e.stack } : {}) });
  };
  const subscribe = (set: Set<Listener>, cb: Listener) => (set.add(cb), () => void set.delete(cb));

  const mount = (surface: Surface): void => {
    const reg = getRegistry().registrations.find((r) => r.kind === surface.kind && r.id === surface.id);
    if (!reg) return fail(new Error(`The bundle registers no ${surface.kind} "${surface.id}"; the manifest declares it.`));
    root = win.document.createElement('div');
    win.document.body.append(root);
    const ctx = {
      root,
      surface,
      get props() {
        return props;
      },
      get config() {
        return config;
      },
      onProps: (cb: Listener) => subscribe(propsListeners, cb),
      onConfig: (cb: Listener) => subscribe(configListeners, cb),
      emit,
      setHeight: (height: number) => send({ type: 'resize', height }),
      call: (prop: string, ...args: unknown[]) =>
        new Promise((resolve, reject) => {
          const callId = ++nextCall;
          calls.set(callId, [resolve, reject]);
          if (send({ type: 'call', callId, prop, name: bindingName(props, prop), args })) return;
          calls.delete(callId);
          reject(new TypeError(`ctx.call('${prop}'): the arguments cannot be sent to the host; pass plain data (no functions or DOM nodes).`));
        }),
    };
    try {
      cleanup = reg.mount(ctx);
      send({ type: 'mounted', surface });
    } catch (err) {
      fail(err);
    }
  };

  const receive = (m: HostMessage): void => {
    if (m.type === 'mount') {
      props = m.props;
      config = m.config;
      mount(m.surface);
    } else if (m.type === 'props') {
      props = m.props;
      propsListeners.forEach((cb) => cb(props));
    } else if (m.type === 'config') {
      config = m.config;
      configListeners.forEach((cb) => cb(config));
    } else if (m.type === 'callResult') {
      const pending = calls.get(m.callId);
      calls.delete(m.callId);
      if (pending) m.ok ? pending[0](m.value) : pending[1](new Error(m.error));
    }
  };

  // In the capture phase, registered before the extension's code runs: this listener sees the handshake first, and keeps it.
  const onMessage = (event: MessageEvent): void => {
    if (!event.isTrusted || apply(eventSource, event, []) !== parent || !isConnect(apply(eventData, event, []))) return;
    const transferred = (apply(eventPorts, event, []) as readonly MessagePort[])[0];
    if (!transferred) return;
    apply(stopImmediately, event, []);
    if (port) apply(portClose, port, []);
    if (typeof cleanup === 'function') cleanup();
    root?.remove();
    port = transferred;
    apply(setOnMessage, port, [
      (e: MessageEvent) => {
        const m = apply(portData, e, []) as HostMessage | undefined;
        if (m && m.v === PROTOCOL_VERSION) receive(m);
      },
    ]);
    send({ type: 'ready', registrations: getRegistrations() });
    const queued = queue;
    queue = [];
    for (let i = 0; i < queued.length; i++) send(queued[i]!);
  };
  win.addEventListener('message', onMessage, true);
  win.addEventListener('error', (e: ErrorEvent) => fail(e.error ?? e.message));
  win.addEventListener('unhandledrejection', (e: PromiseRejectionEvent) => fail(e.reason));
  // Hello only once the document is parsed: the bundle has registered and body exists. Heard at the
  // window in the capture phase, before any listener the extension adds, which could otherwise stop it.
  const message: HelloMessage = { extkit: 'hello', protocol: PROTOCOL_VERSION, ...(options.load === undefined ? {} : { load: options.load }) };
  const hello = (): void => parent.postMessage(message, '*');
  if (win.document.readyState === 'loading') win.addEventListener('DOMContentLoaded', hello, { once: true, capture: true });
  else hello();
  return { sandbox: (attempt) => void send({ type: 'sandbox', attempt }) };
}

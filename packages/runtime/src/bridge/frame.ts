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

/**
 * Starts the frame's transport: says hello to the parent window once the
 * document is parsed and waits for its `connect` handshake; window messages that are not that handshake from
 * the parent are ignored. Messages sent before the handshake are queued.
 * `options.load`: the proof of the load its host gave the document, said with the hello.
 */
export function connectFrame(win: Window = window, options: { load?: string } = {}): void {
  const parent = win.parent;
  if (!parent || parent === win) return;
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

  const post = (m: DistributiveOmitV<FrameMessage>): void => {
    if (port) port.postMessage({ v: PROTOCOL_VERSION, ...m });
    else queue.push(m);
  };
  // Emits wait for the end of the task and leave as one message; any other message flushes them first, so order holds.
  const flush = (): void => {
    if (emits.length) post({ type: 'emits', events: emits });
    emits = [];
  };
  const send = (m: DistributiveOmitV<FrameMessage>): void => {
    flush();
    post(m);
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
          send({ type: 'call', callId, prop, name: bindingName(props, prop), args });
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

  win.addEventListener('message', (event: MessageEvent) => {
    const transferred = event.ports?.[0];
    if (event.source !== parent || !isConnect(event.data) || !transferred) return;
    port?.close();
    if (typeof cleanup === 'function') cleanup();
    root?.remove();
    port = transferred;
    port.onmessage = (e: MessageEvent) => {
      const m = e.data as HostMessage | undefined;
      if (m && m.v === PROTOCOL_VERSION) receive(m);
    };
    send({ type: 'ready', registrations: getRegistrations() });
    queue.forEach(send);
    queue = [];
  });
  win.addEventListener('error', (e: ErrorEvent) => fail(e.error ?? e.message));
  win.addEventListener('unhandledrejection', (e: PromiseRejectionEvent) => fail(e.reason));
  // Hello only once the document is parsed: the bundle has registered and body exists.
  const message: HelloMessage = { extkit: 'hello', protocol: PROTOCOL_VERSION, ...(options.load === undefined ? {} : { load: options.load }) };
  const hello = (): void => parent.postMessage(message, '*');
  if (win.document.readyState === 'loading') win.document.addEventListener('DOMContentLoaded', hello, { once: true });
  else hello();
}

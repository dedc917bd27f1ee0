// The frame side of the bridge: runs inside the sandboxed extension frame,
// answers the host's handshake, mounts the registered surface the host names
// and carries props, config, events, size and function calls over the port.
// It ships to the browser, so it stays small and dependency-free.
import { getRegistry } from '../registry.js';
import {
  KINDS,
  PROTOCOL_VERSION,
  isConnect,
  type Emit,
  type FirstMount,
  type FrameMessage,
  type HelloMessage,
  type HostMessage,
  type Surface,
} from './protocol.js';
import { BRIDGE_BUDGET, callCost, clip, emitCost, rateBudget, refusals, type Dropped } from './budget.js';
import { measurer } from './measure.js';
import { bindingName } from './verdicts.js';

type Values = Record<string, unknown>;
type Listener = (values: Values) => void;
type DistributiveOmitV<T> = T extends unknown ? Omit<T, 'v'> : never;

/** What a resize or a message with no size of its own counts against the byte budget. */
const SLOT = 8;

type Get = (this: unknown) => unknown;
type Call = (this: unknown, ...args: unknown[]) => unknown;

/** What the host is told instead of a message the browser could not copy. */
function unsendable(m: DistributiveOmitV<FrameMessage>, err: unknown): string {
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
 * (`ready`) once the document is parsed; messages sent before that are queued.
 * `options.load`: the proof of the load its host gave the document, said with the hello.
 * `options.mount`: what the host gave the document to mount with (FirstMount): the surface mounts as soon as the
 * document is parsed, before the handshake, when the bundle registered it by then.
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
  const { messageBytes, messageEmits, errorChars, readyRegistrations } = BRIDGE_BUDGET;
  const cloneOf = (g['structuredClone'] as unknown as Call | undefined) ?? (structuredClone as Call);
  const measure = measurer((v) => apply(cloneOf, undefined, [v]));
  const later = g['setTimeout'] as unknown as Call;
  const microtask = g['queueMicrotask'] as unknown as Call;
  const perf = g['performance'] as unknown as object | undefined;
  const perfNow = perf && (perf as { now?: Call }).now;
  const now = perfNow ? (): number => apply(perfNow, perf, []) as number : Date.now;
  const consoleOf = g['console'] as unknown as object | undefined;
  const consoleError = consoleOf && (consoleOf as { error?: Call }).error;
  const ErrorOf = Error;
  const max = Math.max;
  const min = Math.min;
  const floor = Math.floor;
  const MAX_SAFE = 9007199254740991;
  const RELIST_MS = 100;
  const TypeErrorOf = TypeError;
  const StringOf = String;
  const stringify = JSON.stringify;
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
  /** Whether the document is parsed, and whether the port is started: sends wait in `queue` until it is. */
  let parsed = win.document.readyState !== 'loading';
  let live = false;
  let queue: Array<DistributiveOmitV<FrameMessage>> = [];
  let cleanup: (() => void) | void;
  let root: HTMLElement | undefined;
  /** The surface mounted from options.mount before the handshake, until the host's own `mount` message arrives. */
  let first: Surface | undefined;
  let props: Values = {};
  let config: Values = {};
  const propsListeners = new Set<Listener>();
  const configListeners = new Set<Listener>();
  const calls = new Map<number, [(v: unknown) => void, (e: Error) => void]>();
  let nextCall = 0;
  /** The emits of the current message, at most messageEmits and messageBytes together. */
  let emits: Emit[] = [];
  let emitBytes = 0;
  let flushQueued = false;
  const rate = rateBudget(now);
  let dropped: Dropped = { emits: 0, errors: 0, reports: 0 };
  let heldHeight: number | undefined;
  let noticeArmed = false;

  /** Posts `m`, or queues it before the handshake; false when the browser could not copy it, which is then reported instead. */
  const post = (m: DistributiveOmitV<FrameMessage>): boolean => {
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
  // Emits leave at the end of the task, or as soon as a message is full; any other message flushes them first, so order holds.
  const flush = (): void => {
    const events = emits;
    emits = [];
    emitBytes = 0;
    if (events.length) post({ type: 'emits', events });
  };
  const send = (m: DistributiveOmitV<FrameMessage>): boolean => {
    flush();
    return post(m);
  };
  const admit = rate.admit;
  /** Tells the host, once at the end of the window, what was dropped in it (and the height held back). */
  const notice = (): void => {
    noticeArmed = false;
    const d = dropped;
    dropped = { emits: 0, errors: 0, reports: 0 };
    if (d.emits || d.errors || d.reports) send({ type: 'dropped', ...d });
    if (heldHeight !== undefined) send({ type: 'resize', height: heldHeight });
    heldHeight = undefined;
  };
  const armNotice = (): void => {
    if (noticeArmed) return;
    noticeArmed = true;
    apply(later, win, [notice, max(0, rate.windowEnds - now())]);
  };
  const drop = (kind: keyof Dropped): void => {
    dropped[kind]++;
    armNotice();
  };
  /**
   * Says why the frame did not send something: to the frame's own console, and to the host (within the budget).
   * The same refusal again in one window only counts as a dropped error, so a loop of them costs the host one message.
   */
  const refuse = (message: string): void => {
    const verdict = rate.refusal(message);
    if (verdict === 'repeat') return drop('errors');
    if (consoleError) apply(consoleError, consoleOf, [message]);
    if (verdict === 'over') return drop('errors');
    send({ type: 'error', message: clip(message, errorChars) });
  };
  const report = (message: string, stack?: string): void => {
    const m = clip(message, errorChars);
    const s = stack === undefined ? undefined : clip(stack, errorChars);
    if (!admit(m.length + (s?.length ?? 0))) return drop('errors');
    send({ type: 'error', message: m, ...(s === undefined ? {} : { stack: s }) });
  };
  const emit = (event: string, detail?: unknown): void => {
    if (rate.full()) return drop('emits');
    if (typeof event !== 'string') return refuse(refusals.emitNotString(event));
    const measured =
      detail === undefined ? ({ ok: true, value: undefined, bytes: 0 } as const) : measure(detail, messageBytes);
    if (!measured.ok) return refuse(refusals.emitNotCopyable(event, measured.why));
    const bytes = emitCost(event, measured.bytes);
    if (bytes > messageBytes) return refuse(refusals.emitTooLarge(event));
    if (!admit(bytes)) return drop('emits');
    if (emits.length >= messageEmits || emitBytes + bytes > messageBytes) flush();
    append(emits, { event, detail: measured.value });
    emitBytes += bytes;
    if (!flushQueued) {
      flushQueued = true;
      apply(microtask, win, [() => ((flushQueued = false), flush())]);
    }
  };
  const fail = (err: unknown): void => {
    let message: string;
    let stack: unknown;
    try {
      message = err instanceof ErrorOf ? StringOf(err.message) : StringOf(err);
      stack = err instanceof ErrorOf ? err.stack : undefined;
    } catch {
      message = 'an error the frame could not describe';
    }
    report(message, typeof stack === 'string' && stack ? stack : undefined);
  };
  const setHeight = (height: number): void => {
    if (admit(SLOT)) return void ((heldHeight = undefined), send({ type: 'resize', height }));
    heldHeight = height;
    armNotice();
  };
  const call = (prop: string, args: unknown[]): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const refused = (why: string): void => reject(new TypeErrorOf(refusals.callPrefix(prop) + why));
      // The prop and the binding's name cross with the arguments, so they are counted with them (and only a string prop is
      // sent: anything else would cross unmeasured). The name is read with String, which the extension may have replaced.
      if (typeof prop !== 'string') return refused(refusals.callPropNotString());
      const named: unknown = bindingName(props, prop);
      const name = typeof named === 'string' ? named : '';
      const measured = measure(args, messageBytes);
      if (!measured.ok) return refused(refusals.callNotCopyable(measured.why));
      const bytes = callCost(prop, name, measured.bytes);
      if (bytes > messageBytes) return refused(refusals.callTooLarge());
      if (!admit(bytes)) return refused(refusals.callOverRate());
      const callId = ++nextCall;
      calls.set(callId, [resolve, reject]);
      if (send({ type: 'call', callId, prop, name, args: measured.value as unknown[] })) return;
      calls.delete(callId);
      refused('the arguments cannot be sent to the host; pass plain data (no functions or DOM nodes).');
    });
  const sandbox = (attempt: Record<string, unknown>): void => {
    const measured = measure(attempt, messageBytes);
    if (!measured.ok || measured.bytes > messageBytes || !admit(measured.bytes)) return drop('reports');
    send({ type: 'sandbox', attempt: measured.value as Record<string, unknown> });
  };
  const subscribe = (set: Set<Listener>, cb: Listener) => (set.add(cb), () => void set.delete(cb));

  const mount = (surface: Surface): void => {
    const reg = getRegistry().registrations.find((r) => r.kind === surface.kind && r.id === surface.id);
    if (!reg)
      return fail(new Error(`The bundle registers no ${surface.kind} "${surface.id}"; the manifest declares it.`));
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
      setHeight,
      call: (prop: string, ...args: unknown[]) => call(prop, args),
    };
    try {
      cleanup = reg.mount(ctx);
      send({ type: 'mounted', surface });
    } catch (err) {
      fail(err);
    }
  };

  /** Mounts the first mount's surface, unless the bundle has not registered it yet: the host's `mount` message then does. */
  const mountFirst = (given: FirstMount): void => {
    const { kind, id } = given.surface;
    try {
      if (!getRegistry().registrations.some((r) => r.kind === kind && r.id === id)) return;
    } catch {
      return; // a registry the extension broke: the host's mount reports it
    }
    first = { kind, id };
    props = given.props;
    config = given.config;
    mount(first);
  };
  /** Whether two sets of values differ as the host sent them (plain data); values that cannot be compared differ. */
  const differ = (a: Values, b: Values): boolean => {
    try {
      return stringify(a) !== stringify(b);
    } catch {
      return true;
    }
  };

  const receive = (m: HostMessage): void => {
    if (m.type === 'mount') {
      const mounted = first;
      first = undefined;
      if (mounted && mounted.kind === m.surface.kind && mounted.id === m.surface.id) {
        // The surface is already mounted, with what the host had when it loaded the frame: only what changed since goes on.
        const propsChanged = differ(props, m.props);
        const configChanged = differ(config, m.config);
        props = m.props;
        config = m.config;
        if (propsChanged) propsListeners.forEach((cb) => cb(props));
        if (configChanged) configListeners.forEach((cb) => cb(config));
        return;
      }
      if (mounted) {
        if (typeof cleanup === 'function') cleanup();
        root?.remove();
      }
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
    // A surface mounted first stays: the host's `mount` message confirms it. Any other connect starts afresh.
    if (!first) {
      if (typeof cleanup === 'function') cleanup();
      root?.remove();
    }
    port = transferred;
    live = false;
    start();
  };
  /**
   * The `ready` message: the registrations in order, as many as fit one message. The registry is the extension's to
   * change (a global), so it is read with a plain loop, each entry's fields once, and a hostile entry skips listing.
   */
  const ready = (): DistributiveOmitV<FrameMessage> => {
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
  /** Starts the port once it is ours and the document is parsed (the bundle has registered, body exists): `ready`, then what waited. */
  const start = (): void => {
    if (!port || !parsed || live) return;
    live = true;
    apply(setOnMessage, port, [
      (e: MessageEvent) => {
        const m = apply(portData, e, []) as HostMessage | undefined;
        if (m && m.v === PROTOCOL_VERSION) receive(m);
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
  // Heard at the window in the capture phase, before any listener the extension adds, which could otherwise stop it.
  const given = options.mount;
  if (!parsed)
    win.addEventListener(
      'DOMContentLoaded',
      () => {
        parsed = true;
        try {
          if (given) mountFirst(given);
        } finally {
          start();
        }
      },
      { once: true, capture: true },
    );
  // Hello at once, before the extension's code runs, so it is the first window message this document sends its parent:
  // a host that reads only that one (the preview) never deserializes what the extension posts it.
  const message: HelloMessage = {
    extkit: 'hello',
    protocol: PROTOCOL_VERSION,
    ...(options.load === undefined ? {} : { load: options.load }),
  };
  parent.postMessage(message, '*');
  if (parsed && given) mountFirst(given);
  return { sandbox };
}

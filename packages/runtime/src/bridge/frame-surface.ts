// The surface the frame mounts: the registration the host names, mounted with
// a context (props, config and their listeners, emit, setHeight, call), at
// once from the first mount the document was given, or on the host's `mount`.
import { getRegistry } from '../registry.js';
import type { FrameOutbox } from './frame-outbox.js';
import type { FirstMount, HostMessage, Surface } from './protocol.js';

type Values = Record<string, unknown>;
type Listener = (values: Values) => void;

export interface FrameSurface {
  /** Mounts the first mount's surface, unless the bundle has not registered it yet: the host's `mount` message then does. */
  mountFirst(given: FirstMount): void;
  /** A new connect: a surface mounted first stays (the host's `mount` message confirms it); any other is unmounted. */
  connected(): void;
  /** The host's `mount`, `props` and `config` messages. */
  receive(m: HostMessage): void;
}

/** The frame's surface, sending through `out`; reads JSON.stringify now (call it before the extension's code runs). */
export function frameSurface(win: Window, out: FrameOutbox): FrameSurface {
  const stringify = JSON.stringify;
  let cleanup: (() => void) | void;
  let root: HTMLElement | undefined;
  /** The surface mounted from options.mount before the handshake, until the host's own `mount` message arrives. */
  let first: Surface | undefined;
  let props: Values = {};
  let config: Values = {};
  const propsListeners = new Set<Listener>();
  const configListeners = new Set<Listener>();
  const subscribe = (set: Set<Listener>, cb: Listener) => (set.add(cb), () => void set.delete(cb));
  const unmount = (): void => {
    if (typeof cleanup === 'function') cleanup();
    root?.remove();
  };

  const mount = (surface: Surface): void => {
    const reg = getRegistry().registrations.find((r) => r.kind === surface.kind && r.id === surface.id);
    if (!reg)
      return out.fail(new Error(`The bundle registers no ${surface.kind} "${surface.id}"; the manifest declares it.`));
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
      emit: out.emit,
      setHeight: out.setHeight,
      call: (prop: string, ...args: unknown[]) => out.call(prop, args, props),
    };
    try {
      cleanup = reg.mount(ctx);
      out.send({ type: 'mounted', surface });
    } catch (err) {
      out.fail(err);
    }
  };

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
      if (mounted) unmount();
      props = m.props;
      config = m.config;
      mount(m.surface);
    } else if (m.type === 'props') {
      props = m.props;
      propsListeners.forEach((cb) => cb(props));
    } else if (m.type === 'config') {
      config = m.config;
      configListeners.forEach((cb) => cb(config));
    } else if (m.type === 'callResult') out.answer(m);
  };
  const connected = (): void => {
    if (!first) unmount();
  };
  return { mountFirst, connected, receive };
}

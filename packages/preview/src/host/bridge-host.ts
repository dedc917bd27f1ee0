// The host side of the bridge for one extension frame (runs in the host page).
// It connects only a frame whose own window says hello (event.source checked),
// talks to it on the transferred port only, forwards declared props, accepts
// declared events and answers function-binding calls.
import {
  PROTOCOL_VERSION,
  isHello,
  parseFrameMessage,
  type ConnectMessage,
  type HostMessage,
  type Surface,
} from '@extkit/runtime';

type Values = Record<string, unknown>;
type DistributiveOmitV<T> = T extends unknown ? Omit<T, 'v'> : never;

/** What the manifest lets through the bridge for this surface. */
export interface Declared {
  props: readonly string[];
  events: readonly string[];
  /** The prop that carries a function name (contributes.site.functionBindings), if any; forwarded only when declared, like any prop. */
  bindingProp?: string | undefined;
}

/** A call the extension made through `ctx.call(prop, ...args)`. */
export interface BindingCall {
  prop: string;
  name: string;
  args: unknown[];
}

export interface BridgeHostOptions {
  frame: HTMLIFrameElement;
  surface: Surface;
  declared: Declared;
  props: Values;
  config: Values;
  /** How long to wait for the frame's hello after (re)loading it; default 5000 ms. */
  handshakeTimeoutMs?: number;
  onReady?(registrations: Surface[]): void;
  onMounted?(): void;
  /** Every event the frame emits; `accepted` is false for an undeclared one, which goes no further. */
  onEvent?(event: string, detail: unknown, accepted: boolean): void;
  /** Props the host holds that are not declared, so were not forwarded. */
  onDroppedProps?(names: string[]): void;
  onResize?(height: number): void;
  /** Answers a function-binding call; a throw or rejection answers with an error. */
  onCall?(call: BindingCall): unknown;
  onError?(message: string, stack?: string): void;
  onTimeout?(): void;
}

export interface BridgeHost {
  setProps(props: Values): void;
  setConfig(config: Values): void;
  /** Navigates the frame (e.g. to a rebuilt document) and waits for a new handshake. */
  load(src: string): void;
  close(): void;
}

/** The most a frame may ask to be, in CSS pixels. */
export const MAX_FRAME_HEIGHT = 10_000;

/** Splits props into those the bridge forwards and the names it drops. */
export function forwardedProps(props: Values, declared: Declared): { forwarded: Values; dropped: string[] } {
  const forwarded: Values = {};
  const dropped: string[] = [];
  for (const [name, value] of Object.entries(props)) {
    if (declared.props.includes(name)) forwarded[name] = value;
    else dropped.push(name);
  }
  return { forwarded, dropped };
}

/** Attaches the host side of the bridge to one iframe; see BridgeHostOptions. */
export function attachBridge(o: BridgeHostOptions): BridgeHost {
  const win = o.frame.ownerDocument.defaultView;
  if (!win) throw new Error('attachBridge: the frame is not in a window');
  let port: MessagePort | undefined;
  let props = o.props;
  let config = o.config;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const post = (m: DistributiveOmitV<HostMessage>): void => port?.postMessage({ v: PROTOCOL_VERSION, ...m });
  const forward = (): Values => {
    const { forwarded, dropped } = forwardedProps(props, o.declared);
    o.onDroppedProps?.(dropped);
    return forwarded;
  };
  const armTimer = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => o.onTimeout?.(), o.handshakeTimeoutMs ?? 5000);
  };

  const answer = async (callId: number, prop: string, args: unknown[]): Promise<void> => {
    if (prop !== o.declared.bindingProp) {
      post({ type: 'callResult', callId, ok: false, error: `"${prop}" is not this component's function binding.` });
      return;
    }
    try {
      const value = await o.onCall?.({ prop, name: String(props[prop] ?? ''), args });
      post({ type: 'callResult', callId, ok: true, value });
    } catch (err) {
      post({ type: 'callResult', callId, ok: false, error: err instanceof Error ? err.message : String(err) });
    }
  };

  const receive = (data: unknown): void => {
    const m = parseFrameMessage(data);
    if (!m) return o.onError?.('The frame sent a message outside the bridge protocol; it was ignored.');
    switch (m.type) {
      case 'ready':
        return o.onReady?.(m.registrations);
      case 'mounted':
        return o.onMounted?.();
      case 'emit':
        return o.onEvent?.(m.event, m.detail, o.declared.events.includes(m.event));
      case 'resize':
        return o.onResize?.(Math.min(Math.max(0, Math.round(m.height)), MAX_FRAME_HEIGHT));
      case 'call':
        return void answer(m.callId, m.prop, m.args);
      case 'error':
        return o.onError?.(m.message, m.stack);
    }
  };

  const onWindowMessage = (event: MessageEvent): void => {
    const frameWindow = o.frame.contentWindow;
    if (!frameWindow || event.source !== frameWindow || !isHello(event.data)) return;
    clearTimeout(timer);
    port?.close();
    const channel = new MessageChannel();
    port = channel.port1;
    port.onmessage = (e: MessageEvent) => receive(e.data);
    const connect: ConnectMessage = { extkit: 'connect', protocol: PROTOCOL_VERSION };
    frameWindow.postMessage(connect, '*', [channel.port2]);
    post({ type: 'mount', surface: o.surface, props: forward(), config });
  };

  win.addEventListener('message', onWindowMessage);
  armTimer();
  return {
    setProps(next) {
      props = next;
      post({ type: 'props', props: forward() });
    },
    setConfig(next) {
      config = next;
      post({ type: 'config', config });
    },
    load(src) {
      port?.close();
      port = undefined;
      armTimer();
      o.frame.src = src;
    },
    close() {
      clearTimeout(timer);
      port?.close();
      win.removeEventListener('message', onWindowMessage);
    },
  };
}

// The host side of the bridge for one extension frame (runs in the host page).
// It connects only a frame whose own window says hello (event.source checked),
// talks to it on the transferred port only, forwards declared props, accepts
// declared events and answers function-binding calls. What it lets through is
// decided by the runtime's bridge verdicts, shared with @extkit/testing.
// Given a prover, it connects per load only the hello proven for that load (load-proof.ts).
import {
  PROTOCOL_VERSION,
  acceptsEvent,
  bindingName,
  callRefusal,
  forwardedProps,
  frameHeight,
  isHello,
  parseFrameMessage,
  type ConnectMessage,
  type Declared,
  type Dropped,
  type HostMessage,
  type Surface,
} from '@extkit/runtime/bridge';
import { LOAD_PARAM, newLoadNonce } from '../load-proof.js';
import { firstMountFragment } from '../first-mount.js';
import { isSandboxAttempt, type SandboxAttempt } from '../sandbox/attempt.js';
import { isDevReport, type DevReport } from '../devlog/report.js';

type Values = Record<string, unknown>;
type DistributiveOmitV<T> = T extends unknown ? Omit<T, 'v'> : never;

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
  /** The frame's registrations, as many as one message carries; `unlisted` counts the rest (BRIDGE_BUDGET.readyRegistrations). */
  onReady?(registrations: Surface[], unlisted: number): void;
  onMounted?(): void;
  /** Every event the frame emits; `accepted` is false for an undeclared one, which goes no further. */
  onEvent?(event: string, detail: unknown, accepted: boolean): void;
  /** Props the host holds that are not declared, so were not forwarded. */
  onDroppedProps?(names: string[]): void;
  onResize?(height: number): void;
  /** What the frame dropped over its bridge budget in the window that just ended (BRIDGE_BUDGET), told once a window. */
  onDropped?(dropped: Dropped): void;
  /** Answers a function-binding call; a throw or rejection answers with an error. */
  onCall?(call: BindingCall): unknown;
  onError?(message: string, stack?: string): void;
  /** What the frame's sandbox stopped, sent by its lockdown over the port (checked field by field). */
  onAttempt?(attempt: SandboxAttempt): void;
  /** A request the frame made or a console error or warning, in development (devlog/report.ts; checked field by field). */
  onDevReport?(report: DevReport): void;
  onTimeout?(): void;
  /**
   * Proves each load (load-proof.ts): `load(src)` names the load with a fresh nonce in
   * the URL, and only one hello carrying its proof connects. Without it, any hello
   * from the frame's window connects.
   */
  prove?(nonce: string): Promise<string>;
  /** The frame's document connected (after its hello, proven when `prove` is given). */
  onConnect?(): void;
}

export interface BridgeHost {
  setProps(props: Values): void;
  setConfig(config: Values): void;
  /**
   * Navigates the frame (e.g. to a rebuilt document) and waits for a new handshake. `current`: the props and
   * settings the host holds now (a change may not have been set yet), which the new document mounts with.
   */
  load(src: string, current?: { props: Values; config: Values }): void;
  /**
   * Ends the frame's document now and leaves it a new browsing context that holds nothing, which the next load()
   * navigates without making another (the host page's share of a load: 10 to 25 ms in Chromium 156).
   */
  end(): void;
  close(): void;
}

/**
 * The window messages a bridge of this page matched to its own frame, which no other bridge then looks at. Reading a
 * frame's contentWindow while the frame still holds its initial empty document (its navigation has not committed)
 * makes Chromium build a script context for that document, which the navigation then throws away: 3 to 7 ms each in
 * Chromium 156, on the host page's main thread. On an edit every frame reloads at once, so without this the first
 * frame's hello had every other bridge build one, and its connect waited for them.
 */
const taken = new WeakSet<Event>();

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
    const refused = callRefusal(o.declared, prop);
    if (refused !== undefined) {
      post({ type: 'callResult', callId, ok: false, error: refused });
      return;
    }
    try {
      const value = await o.onCall?.({ prop, name: bindingName(props, prop), args });
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
        return o.onReady?.(m.registrations, m.unlisted ?? 0);
      case 'mounted':
        return o.onMounted?.();
      case 'emits':
        for (const e of m.events) o.onEvent?.(e.event, e.detail, acceptsEvent(o.declared, e.event));
        return;
      case 'resize':
        return o.onResize?.(frameHeight(m.height));
      case 'dropped':
        return o.onDropped?.({ emits: m.emits, errors: m.errors, reports: m.reports });
      case 'call':
        return void answer(m.callId, m.prop, m.args);
      case 'error':
        return o.onError?.(m.message, m.stack);
      case 'sandbox':
        if (isDevReport(m.attempt)) return o.onDevReport?.(m.attempt);
        return isSandboxAttempt(m.attempt)
          ? o.onAttempt?.(m.attempt)
          : o.onError?.("The frame sent a sandbox report outside the lockdown's shape; it was ignored.");
    }
  };

  /** The frame is a new browsing context that end() left empty: the next load navigates it as it is. */
  let ended = false;
  /** Takes the frame out of the page and puts it back: a new browsing context, loading `src` or nothing. */
  const renew = (src: string | undefined): void => {
    const parent = o.frame.parentNode;
    const next = o.frame.nextSibling;
    o.frame.remove();
    if (src === undefined) o.frame.removeAttribute('src');
    else o.frame.src = src;
    parent?.insertBefore(o.frame, next);
  };

  /** The latest load's proof, until a hello carrying it connects; `heard` once the load's first window message was read. */
  let pending: { proof: Promise<string>; known?: string; heard: boolean; used: boolean } | undefined;

  // A window message is read (its data deserialized, on this page's main thread) only from the frame, and only while
  // this host waits for the hello of its latest load: the frame can post its parent anything, as large as it likes.
  // Proving loads, it reads one message per load, the first its document sends: the transport's hello, which it
  // posts before the extension's code runs (and load() gives each load a new browsing context, so nothing the
  // previous document posted can come first).
  const onWindowMessage = (event: MessageEvent): void => {
    if (taken.has(event)) return;
    // Not waiting for a hello: nothing to read, and no reason to touch the frame's window.
    if (o.prove ? pending === undefined || pending.heard : port !== undefined) return;
    const frameWindow = o.frame.contentWindow;
    if (!frameWindow || event.source !== frameWindow) return;
    taken.add(event);
    if (!o.prove) {
      if (port === undefined && isHello(event.data)) connect(frameWindow);
      return;
    }
    const claim = pending;
    if (!claim || claim.heard) return;
    claim.heard = true;
    const data: unknown = event.data;
    if (!isHello(data) || data.load === undefined) return;
    const given = data.load;
    // Usually the proof is known by the time the document says hello, and the frame connects in this task.
    if (claim.known !== undefined) return void (given === claim.known && ((claim.used = true), connect(frameWindow)));
    void claim.proof.then((proof) => {
      if (claim.used || claim !== pending || given !== proof) return;
      claim.used = true;
      connect(frameWindow);
    });
  };

  const connect = (frameWindow: Window): void => {
    clearTimeout(timer);
    port?.close();
    const channel = new MessageChannel();
    port = channel.port1;
    port.onmessage = (e: MessageEvent) => receive(e.data);
    const connect: ConnectMessage = { extkit: 'connect', protocol: PROTOCOL_VERSION };
    frameWindow.postMessage(connect, '*', [channel.port2]);
    post({ type: 'mount', surface: o.surface, props: forward(), config });
    o.onConnect?.();
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
    load(src, current) {
      if (current) ({ props, config } = current);
      port?.close();
      port = undefined;
      armTimer();
      if (o.prove) {
        const nonce = newLoadNonce();
        const claim: NonNullable<typeof pending> = { proof: o.prove(nonce), heard: false, used: false };
        void claim.proof.then(
          (proof) => (claim.known = proof),
          () => undefined,
        );
        pending = claim;
        src += `${src.includes('?') ? '&' : '?'}${LOAD_PARAM}=${nonce}`;
      }
      // What the mount message will carry, for the document to mount with as soon as it is parsed (first-mount.ts).
      src += firstMountFragment({ surface: o.surface, props: forwardedProps(props, o.declared).forwarded, config });
      // A new browsing context for each load: the previous document ends now, and what it posted but this page has not
      // yet handled comes from a window that is no longer the frame's, so it is never read. One that end() left holds
      // nothing that ran, so it is navigated as it is.
      if (ended) o.frame.src = src;
      else renew(src);
      ended = false;
    },
    end() {
      clearTimeout(timer);
      port?.close();
      port = undefined;
      pending = undefined;
      renew(undefined);
      ended = true;
    },
    close() {
      clearTimeout(timer);
      port?.close();
      win.removeEventListener('message', onWindowMessage);
    },
  };
}

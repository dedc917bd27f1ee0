// @vitest-environment jsdom
// Both ends of the bridge under jsdom: the host side (attachBridge) against the
// runtime's real frame side (connectFrame). jsdom's postMessage carries neither
// event.source nor transferred ports, so `wire` delivers window messages the
// way a browser does (source and ports); the ports are real MessageChannel ports.
import { getRegistry } from '@extkit/runtime';
import { BRIDGE_BUDGET, connectFrame } from '@extkit/runtime/bridge';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attachBridge, type BridgeHost, type BridgeHostOptions } from './bridge-host.js';
import { deliver } from '../../../../test/helpers/window-message.js';

function wire(frame: HTMLIFrameElement): Window {
  const frameWindow = frame.contentWindow!;
  // jsdom's frame.parent is a proxy that is not the test's window object.
  Object.defineProperty(frameWindow, 'parent', { value: window, configurable: true });
  const posted = vi.fn((data: unknown, _origin: string, transfer?: unknown[]) =>
    setTimeout(() => deliver(frameWindow, data, window, transfer)),
  );
  frameWindow.postMessage = posted as unknown as Window['postMessage'];
  window.postMessage = ((data: unknown, _origin: string, transfer?: unknown[]) =>
    setTimeout(() => deliver(window, data, frameWindow, transfer))) as unknown as Window['postMessage'];
  return frameWindow;
}

const until = async (check: () => boolean, ms = 2000): Promise<void> => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
};

let frame: HTMLIFrameElement;
let bridge: BridgeHost | undefined;
const seen = { props: [] as unknown[], config: [] as unknown[], events: [] as Array<[string, unknown, boolean]> };

beforeEach(() => {
  getRegistry().registrations.length = 0;
  getRegistry().registrations.push({
    kind: 'component',
    id: 'acme.demo.card',
    mount: (ctx) => {
      seen.props.push(ctx.props);
      seen.config.push(ctx.config);
      ctx.onProps((p: unknown) => seen.props.push(p));
      ctx.root.textContent = 'card';
      ctx.emit('clicked', { n: 1 });
      ctx.emit('secret-exfil', { n: 2 });
      ctx.setHeight(99_999);
    },
  });
  seen.props = [];
  seen.config = [];
  seen.events = [];
  frame = document.createElement('iframe');
  document.body.append(frame);
});
afterEach(() => {
  bridge?.close();
  bridge = undefined;
  frame.remove();
});

function attach(extra: Partial<BridgeHostOptions> = {}): BridgeHost {
  bridge = attachBridge({
    frame,
    surface: { kind: 'component', id: 'acme.demo.card' },
    declared: { props: ['title', 'onSave'], events: ['clicked'], bindingProp: 'onSave' },
    props: { title: 'Hello', internalToken: 's3cret', onSave: 'saveCard' },
    config: { color: 'red' },
    onEvent: (e, d, ok) => seen.events.push([e, d, ok]),
    ...extra,
  });
  return bridge;
}

describe('the bridge', () => {
  it('forwards declared props only, and only the config the host holds', async () => {
    const frameWindow = wire(frame);
    const dropped: string[][] = [];
    attach({ onDroppedProps: (names) => dropped.push(names) });
    connectFrame(frameWindow);
    await until(() => seen.props.length === 1);
    expect(seen.props[0]).toEqual({ title: 'Hello', onSave: 'saveCard' });
    expect(seen.config[0]).toEqual({ color: 'red' });
    expect(dropped[0]).toEqual(['internalToken']);
    expect(frameWindow.document.body.textContent).toBe('card');

    bridge!.setProps({ title: 'Changed', role: 'admin' });
    await until(() => seen.props.length === 2);
    expect(seen.props[1]).toEqual({ title: 'Changed' });
  });

  it('accepts declared events and marks undeclared ones as dropped', async () => {
    const frameWindow = wire(frame);
    const heights: number[] = [];
    attach({ onResize: (h) => heights.push(h) });
    connectFrame(frameWindow);
    await until(() => seen.events.length === 2 && heights.length === 1);
    expect(seen.events).toEqual([
      ['clicked', { n: 1 }, true],
      ['secret-exfil', { n: 2 }, false],
    ]);
    expect(heights).toEqual([10_000]);
  });

  it('ignores a hello from a window that is not the frame', async () => {
    const frameWindow = wire(frame);
    attach();
    const other = document.createElement('iframe');
    document.body.append(other);
    deliver(window, { extkit: 'hello', protocol: 1 }, other.contentWindow);
    deliver(window, { extkit: 'hello', protocol: 1 }, null);
    await new Promise((r) => setTimeout(r, 20));
    expect(frameWindow.postMessage).not.toHaveBeenCalled();
    other.remove();
  });

  it('reads no window message from the frame once it connected: the frame can post its parent anything, of any size', async () => {
    const frameWindow = wire(frame);
    attach();
    connectFrame(frameWindow);
    await until(() => seen.events.length === 2);
    const data = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')!;
    let reads = 0;
    Object.defineProperty(MessageEvent.prototype, 'data', {
      ...data,
      get(this: MessageEvent) {
        if (this.source === frameWindow) reads++;
        return data.get!.call(this);
      },
    });
    try {
      deliver(window, { extkit: 'hello', protocol: 1 }, frameWindow);
      deliver(window, { pad: 'x'.repeat(1 << 20) }, frameWindow);
      await new Promise((r) => setTimeout(r, 20));
    } finally {
      Object.defineProperty(MessageEvent.prototype, 'data', data);
    }
    expect(reads).toBe(0);
  });

  it("leaves the other frames' windows alone when one frame's hello arrives", async () => {
    const frameWindow = wire(frame);
    attach();
    // Reading a frame's window before its document committed makes Chromium build a script context for it.
    const other = document.createElement('iframe');
    document.body.append(other);
    let reads = 0;
    Object.defineProperty(other, 'contentWindow', { get: () => (reads++, null) });
    const second = attachBridge({
      frame: other,
      surface: { kind: 'slot', id: 'orders.sidebar' },
      declared: { props: [], events: [] },
      props: {},
      config: {},
    });
    connectFrame(frameWindow);
    await until(() => seen.props.length === 1);
    expect(reads).toBe(0);
    second.close();
    other.remove();
  });

  it('puts what the new document mounts with in its URL: declared props only, as the host holds them at the load', () => {
    attach().load('/__extkit/frame/component%3Aacme.demo.card?r=2', {
      props: { title: 'Now', internalToken: 's3cret', onSave: 'saveCard' },
      config: { color: 'blue' },
    });
    const { search, hash } = new URL(frame.src);
    expect(search).toBe('?r=2');
    expect(hash.startsWith('#mount=')).toBe(true);
    expect(JSON.parse(decodeURIComponent(hash.slice('#mount='.length)))).toEqual({
      surface: { kind: 'component', id: 'acme.demo.card' },
      props: { title: 'Now', onSave: 'saveCard' },
      config: { color: 'blue' },
    });
  });

  it('hands on what the frame dropped over its budget, told once a window', async () => {
    getRegistry().registrations[0]!.mount = (ctx) => {
      for (let n = 0; n < BRIDGE_BUDGET.sendsPerInterval + 500; n++) ctx.emit('clicked', { n });
    };
    const dropped: unknown[] = [];
    const frameWindow = wire(frame);
    attach({ onDropped: (d) => dropped.push(d) });
    connectFrame(frameWindow);
    await until(() => dropped.length === 1, BRIDGE_BUDGET.intervalMs + 2000);
    expect(dropped).toEqual([{ emits: 500, errors: 0, reports: 0 }]);
    expect(seen.events).toHaveLength(BRIDGE_BUDGET.sendsPerInterval);
  });

  it('never acts on protocol messages that arrive as window messages', async () => {
    const frameWindow = wire(frame);
    attach();
    deliver(window, { v: 1, type: 'emits', events: [{ event: 'clicked' }] }, frameWindow);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen.events).toEqual([]);
  });

  it('the frame ignores a connect that does not come from its parent', async () => {
    const frameWindow = wire(frame);
    connectFrame(frameWindow);
    const { port1, port2 } = new MessageChannel();
    const received: unknown[] = [];
    port1.onmessage = (e) => received.push(e.data);
    deliver(frameWindow, { extkit: 'connect', protocol: 1 }, frameWindow, [port2]);
    deliver(frameWindow, { extkit: 'connect', protocol: 2 }, window, [port2]);
    await new Promise((r) => setTimeout(r, 20));
    expect(received).toEqual([]);
    port1.close();
  });

  it('reports a handshake that never comes', async () => {
    wire(frame);
    const timedOut = vi.fn();
    attach({ handshakeTimeoutMs: 30, onTimeout: timedOut });
    await until(() => timedOut.mock.calls.length === 1);
    expect(seen.props).toEqual([]);
  });

  it('answers a function-binding call with the developer-set result, and refuses other props', async () => {
    getRegistry().registrations[0]!.mount = (ctx) => {
      void ctx.call('onSave', 1, 'two').then((v) => seen.events.push(['result', v, true]));
      void ctx.call('title').catch((e: Error) => seen.events.push(['refused', e.message, false]));
    };
    const frameWindow = wire(frame);
    const calls: unknown[] = [];
    attach({ onCall: (c) => (calls.push(c), { saved: true }) });
    connectFrame(frameWindow);
    await until(() => seen.events.length === 2);
    expect(calls).toEqual([{ prop: 'onSave', name: 'saveCard', args: [1, 'two'] }]);
    expect(seen.events).toContainEqual(['result', { saved: true }, true]);
    expect(seen.events).toContainEqual(['refused', '"title" is not this component\'s function binding.', false]);
  });

  it('reports a surface the bundle never registered', async () => {
    const frameWindow = wire(frame);
    const errors: string[] = [];
    attach({ surface: { kind: 'slot', id: 'orders.sidebar' }, onError: (m) => errors.push(m) });
    connectFrame(frameWindow);
    await until(() => errors.length === 1);
    expect(errors[0]).toBe('The bundle registers no slot "orders.sidebar"; the manifest declares it.');
  });

  it("takes what the frame's sandbox stopped from the port, queued before the handshake, and checks its shape", async () => {
    const frameWindow = wire(frame);
    const attempts: unknown[] = [];
    const errors: string[] = [];
    attach({ onAttempt: (a) => attempts.push(a), onError: (m) => errors.push(m) });
    const transport = connectFrame(frameWindow);
    const attempt = { extkit: 'sandbox', protocol: 1, api: 'dns-prefetch', targets: ['http://x.example'] };
    transport.sandbox(attempt);
    transport.sandbox({ extkit: 'sandbox', protocol: 1, api: 'fetch', targets: [] });
    await until(() => attempts.length === 1 && errors.length === 1);
    expect(attempts).toEqual([attempt]);
    expect(errors).toEqual(["The frame sent a sandbox report outside the lockdown's shape; it was ignored."]);
  });
});

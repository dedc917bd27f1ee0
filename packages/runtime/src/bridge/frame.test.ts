// @vitest-environment jsdom
// The frame side alone: it answers only its parent's handshake, and what it
// sends before the handshake (an error thrown while the bundle loads) waits for the port.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRegistry } from '../registry.js';
import { connectFrame } from './frame.js';
import { parseFrameMessage } from './protocol.js';
import { deliver, type JsdomWindow } from '../../../../test/helpers/window-message.js';

const frames: HTMLIFrameElement[] = [];
function frameWindow(): { win: Window; hellos: unknown[] } {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  frames.push(frame);
  const win = frame.contentWindow!;
  const hellos: unknown[] = [];
  const parent = { postMessage: (data: unknown) => hellos.push(data) };
  Object.defineProperty(win, 'parent', { value: parent, configurable: true });
  return { win, hellos };
}
afterEach(() => frames.splice(0).forEach((f) => f.remove()));

const received = (port: MessagePort): unknown[] => {
  const list: unknown[] = [];
  port.onmessage = (e) => list.push(e.data);
  return list;
};
const tick = () => new Promise((r) => setTimeout(r, 20));

describe('connectFrame', () => {
  it('says hello to its parent and answers only the parent\'s connect', async () => {
    getRegistry().registrations.length = 0;
    const { win, hellos } = frameWindow();
    connectFrame(win);
    expect(hellos).toEqual([{ extkit: 'hello', protocol: 1 }]);

    const stranger = new MessageChannel();
    const fromStranger = received(stranger.port1);
    deliver(win, { extkit: 'connect', protocol: 1 }, win, [stranger.port2]);
    deliver(win, { v: 1, type: 'mount', surface: { kind: 'shell', id: 'shell' }, props: {}, config: {} }, win.parent);
    await tick();
    expect(fromStranger).toEqual([]);

    const host = new MessageChannel();
    const fromFrame = received(host.port1);
    deliver(win, { extkit: 'connect', protocol: 1 }, win.parent, [host.port2]);
    await vi.waitFor(() => expect(fromFrame).toEqual([{ v: 1, type: 'ready', registrations: [] }]));
    expect(fromStranger).toEqual([]);
    stranger.port1.close();
    host.port1.close();
  });

  it('keeps what it sends before the handshake until the port arrives', async () => {
    const { win } = frameWindow();
    connectFrame(win);
    const error = new (win as JsdomWindow).ErrorEvent('error', { message: 'boom', error: new Error('boom') });
    win.dispatchEvent(error);
    const host = new MessageChannel();
    const fromFrame = received(host.port1);
    deliver(win, { extkit: 'connect', protocol: 1 }, win.parent, [host.port2]);
    await vi.waitFor(() => expect(fromFrame.map((m) => parseFrameMessage(m)?.type)).toEqual(['ready', 'error']));
    host.port1.close();
  });
  it('sends the emits of one task as one message, in order, flushed before any other message', async () => {
    getRegistry().registrations.length = 0;
    getRegistry().registrations.push({
      kind: 'component',
      id: 'acme.demo.card',
      mount: (ctx) => {
        for (let n = 1; n <= 3; n++) ctx.emit('tick', { n });
        ctx.setHeight(40);
        ctx.emit('done');
        setTimeout(() => ctx.emit('later'));
      },
    });
    const { win } = frameWindow();
    connectFrame(win);
    const host = new MessageChannel();
    const fromFrame = received(host.port1);
    deliver(win, { extkit: 'connect', protocol: 1 }, win.parent, [host.port2]);
    host.port1.postMessage({ v: 1, type: 'mount', surface: { kind: 'component', id: 'acme.demo.card' }, props: {}, config: {} });
    await vi.waitFor(() => expect(fromFrame.length).toBeGreaterThanOrEqual(6));
    expect(fromFrame.slice(1)).toEqual([
      { v: 1, type: 'emits', events: [{ event: 'tick', detail: { n: 1 } }, { event: 'tick', detail: { n: 2 } }, { event: 'tick', detail: { n: 3 } }] },
      { v: 1, type: 'resize', height: 40 },
      { v: 1, type: 'emits', events: [{ event: 'done', detail: undefined }] },
      { v: 1, type: 'mounted', surface: { kind: 'component', id: 'acme.demo.card' } },
      { v: 1, type: 'emits', events: [{ event: 'later', detail: undefined }] },
    ]);
    host.port1.close();
  });
});

describe('connectFrame, against code in the frame', () => {
  const handshake = (win: Window): { host: MessageChannel; fromFrame: unknown[] } => {
    const host = new MessageChannel();
    const fromFrame = received(host.port1);
    deliver(win, { extkit: 'connect', protocol: 1 }, win.parent, [host.port2]);
    return { host, fromFrame };
  };

  it('ignores a connect the frame\'s own code dispatches, even naming the parent as its source', async () => {
    getRegistry().registrations.length = 0;
    const { win } = frameWindow();
    connectFrame(win);
    const forged = new MessageChannel();
    const fromForged = received(forged.port1);
    win.dispatchEvent(new (win as JsdomWindow).MessageEvent('message', { data: { extkit: 'connect', protocol: 1 }, source: win.parent, ports: [forged.port2] }));
    const { host, fromFrame } = handshake(win);
    await vi.waitFor(() => expect(fromFrame).toEqual([{ v: 1, type: 'ready', registrations: [] }]));
    expect(fromForged).toEqual([]);
    forged.port1.close();
    host.port1.close();
  });

  it('keeps the handshake\'s port from listeners and replaced built-ins the extension installs after it', async () => {
    getRegistry().registrations.length = 0;
    const { win } = frameWindow();
    connectFrame(win);
    const caught: string[] = [];
    const w = win as JsdomWindow & { onmessage: unknown };
    for (const capture of [true, false]) w.addEventListener('message', () => caught.push(`listener, capture ${capture}`), capture);
    w.onmessage = () => caught.push('onmessage');
    const eventProto = w.MessageEvent.prototype;
    const ports = Object.getOwnPropertyDescriptor(eventProto, 'ports')!;
    const portProto = MessagePort.prototype;
    const saved = { onmessage: Object.getOwnPropertyDescriptor(portProto, 'onmessage')!, postMessage: portProto.postMessage };
    Object.defineProperty(eventProto, 'ports', { ...ports, get(this: MessageEvent) { caught.push('MessageEvent ports'); return ports.get!.call(this); } });
    try {
      const { host, fromFrame } = handshake(win);
      // Replaced once the handshake's port is known to the test, so only the frame's use of it counts.
      Object.defineProperty(portProto, 'onmessage', { ...saved.onmessage, set(this: MessagePort, v: unknown) { if (this === host.port2) caught.push('MessagePort onmessage'); saved.onmessage.set!.call(this, v); } });
      portProto.postMessage = function (this: MessagePort, ...args: unknown[]) {
        if (this === host.port2) caught.push('MessagePort postMessage');
        return (saved.postMessage as (...a: unknown[]) => void).apply(this, args);
      } as typeof portProto.postMessage;
      host.port1.postMessage({ v: 1, type: 'props', props: {} });
      await vi.waitFor(() => expect(fromFrame).toEqual([{ v: 1, type: 'ready', registrations: [] }]));
      deliver(win, { extkit: 'connect', protocol: 1 }, win.parent, [new MessageChannel().port2]);
      await tick();
      expect(caught).toEqual([]);
      host.port1.close();
    } finally {
      Object.defineProperty(eventProto, 'ports', ports);
      Object.defineProperty(portProto, 'onmessage', saved.onmessage);
      portProto.postMessage = saved.postMessage;
    }
  });

  it('reports what the browser cannot copy instead of sending it, and goes on', async () => {
    let call: Promise<unknown> | undefined;
    getRegistry().registrations.length = 0;
    getRegistry().registrations.push({
      kind: 'component',
      id: 'acme.demo.card',
      mount: (ctx) => {
        ctx.emit('saved', { at: () => 1 });
        ctx.emit('opened', { n: 1 });
        setTimeout(() => {
          ctx.emit('closed', { n: 2 });
          call = ctx.call('onSave', () => 1).catch((err: unknown) => err);
        });
      },
    });
    const { win } = frameWindow();
    connectFrame(win);
    const { host, fromFrame } = handshake(win);
    host.port1.postMessage({ v: 1, type: 'mount', surface: { kind: 'component', id: 'acme.demo.card' }, props: { onSave: 'save' }, config: {} });
    await vi.waitFor(() => expect(fromFrame.length).toBeGreaterThanOrEqual(5));
    const types = fromFrame.map((m) => parseFrameMessage(m));
    expect(types.map((m) => m?.type)).toEqual(['ready', 'error', 'mounted', 'emits', 'error']);
    expect((types[1] as { message: string }).message).toMatch(/^ctx\.emit \(saved, opened\): cannot be sent to the host and was dropped \(.+\)\. Send plain data/);
    expect(types[3]).toEqual({ v: 1, type: 'emits', events: [{ event: 'closed', detail: { n: 2 } }] });
    expect((types[4] as { message: string }).message).toMatch(/^ctx\.call\('onSave'\): cannot be sent/);
    expect(String(await call)).toMatch(/^TypeError: ctx\.call\('onSave'\): the arguments cannot be sent to the host/);
    host.port1.close();
  });
});

describe('parseFrameMessage', () => {
  it('accepts well-formed messages of this protocol version and nothing else', () => {
    expect(parseFrameMessage({ v: 1, type: 'emits', events: [{ event: 'saved', detail: 1 }, { event: 'opened' }] })).toBeDefined();
    expect(parseFrameMessage({ v: 2, type: 'emits', events: [{ event: 'saved' }] })).toBeUndefined();
    expect(parseFrameMessage({ v: 1, type: 'emits', events: [{ event: 'saved' }, { event: 7 }] })).toBeUndefined();
    expect(parseFrameMessage({ v: 1, type: 'emits', events: { event: 'saved' } })).toBeUndefined();
    // An artifact built before emits were batched still speaks: its single emit reads as a batch of one.
    expect(parseFrameMessage({ v: 1, type: 'emit', event: 'saved', detail: 2 })).toEqual({ v: 1, type: 'emits', events: [{ event: 'saved', detail: 2 }] });
    expect(parseFrameMessage({ v: 1, type: 'emit', event: 7 })).toBeUndefined();
    expect(parseFrameMessage({ v: 1, type: 'resize', height: Number.NaN })).toBeUndefined();
    expect(parseFrameMessage({ v: 1, type: 'ready', registrations: [{ kind: 'widget', id: 'x' }] })).toBeUndefined();
    expect(parseFrameMessage({ v: 1, type: 'call', callId: 1, prop: 'onSave', name: 'save', args: [] })).toBeDefined();
    expect(parseFrameMessage({ v: 1, type: 'call', callId: 1.5, prop: 'onSave', name: 'save', args: [] })).toBeUndefined();
    expect(parseFrameMessage(null)).toBeUndefined();
  });
});

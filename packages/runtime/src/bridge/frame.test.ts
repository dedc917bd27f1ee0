// @vitest-environment jsdom
// The frame side alone: it answers only its parent's handshake, and what it
// sends before the handshake (an error thrown while the bundle loads) waits for the port.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRegistry } from '../registry.js';
import { connectFrame } from './frame.js';
import { parseFrameMessage } from './protocol.js';

/** A jsdom window: its own event constructors, which DOM's Window type does not list. */
type JsdomWindow = Window & { Event: typeof Event; ErrorEvent: typeof ErrorEvent };

function deliver(target: Window, data: unknown, source: unknown, ports: readonly unknown[] = []): void {
  const event = new (target as JsdomWindow).Event('message');
  Object.defineProperties(event, { data: { value: data }, source: { value: source }, ports: { value: ports } });
  target.dispatchEvent(event);
}

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

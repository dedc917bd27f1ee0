// @vitest-environment jsdom
// The frame side alone: it answers only its parent's handshake, and what it
// sends before the handshake (an error thrown while the bundle loads) waits for the port.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getRegistry, record } from '../registry.js';
import { connectFrame } from './frame.js';
import { parseFrameMessage } from './protocol.js';
import { BRIDGE_BUDGET } from './budget.js';
import type { registerComponent } from '../register.js';
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
  it("says hello to its parent and answers only the parent's connect", async () => {
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
  it('mounts the first mount it was given before the handshake; the mount message then passes on only what changed', async () => {
    const seen: Array<[string, unknown]> = [];
    getRegistry().registrations.length = 0;
    getRegistry().registrations.push({
      kind: 'component',
      id: 'acme.demo.card',
      mount: (ctx) => {
        seen.push(['mount', { props: ctx.props, config: ctx.config }]);
        ctx.onProps((p) => seen.push(['props', p]));
        ctx.onConfig((c) => seen.push(['config', c]));
        ctx.emit('mounted', { n: 1 });
      },
    });
    const { win } = frameWindow();
    const surface = { kind: 'component', id: 'acme.demo.card' } as const;
    connectFrame(win, { mount: { surface, props: { title: 'first' }, config: { tone: 'warm' } } });
    expect(seen).toEqual([['mount', { props: { title: 'first' }, config: { tone: 'warm' } }]]);
    expect(win.document.body.children).toHaveLength(1);

    const host = new MessageChannel();
    const fromFrame = received(host.port1);
    deliver(win, { extkit: 'connect', protocol: 1 }, win.parent, [host.port2]);
    await vi.waitFor(() =>
      expect(fromFrame.map((m) => parseFrameMessage(m)?.type)).toEqual(['ready', 'emits', 'mounted']),
    );
    // The host's mount: the same settings, props changed since the load. Mounted once, told of the props once.
    host.port1.postMessage({ v: 1, type: 'mount', surface, props: { title: 'second' }, config: { tone: 'warm' } });
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    await tick();
    expect(seen).toEqual([
      ['mount', { props: { title: 'first' }, config: { tone: 'warm' } }],
      ['props', { title: 'second' }],
    ]);
    expect(win.document.body.children).toHaveLength(1);
    expect(fromFrame.filter((m) => parseFrameMessage(m)?.type === 'mounted')).toHaveLength(1);
    host.port1.close();
  });

  it('leaves a first mount the bundle has not registered yet to the mount message', async () => {
    getRegistry().registrations.length = 0;
    const { win } = frameWindow();
    const surface = { kind: 'component', id: 'acme.demo.card' } as const;
    connectFrame(win, { mount: { surface, props: {}, config: {} } });
    const mounts: unknown[] = [];
    getRegistry().registrations.push({
      kind: 'component',
      id: 'acme.demo.card',
      mount: (ctx) => void mounts.push(ctx.props),
    });
    const host = new MessageChannel();
    const fromFrame = received(host.port1);
    deliver(win, { extkit: 'connect', protocol: 1 }, win.parent, [host.port2]);
    host.port1.postMessage({ v: 1, type: 'mount', surface, props: { late: true }, config: {} });
    await vi.waitFor(() => expect(mounts).toEqual([{ late: true }]));
    expect(fromFrame.map((m) => parseFrameMessage(m)?.type)).toEqual(['ready', 'mounted']);
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
    host.port1.postMessage({
      v: 1,
      type: 'mount',
      surface: { kind: 'component', id: 'acme.demo.card' },
      props: {},
      config: {},
    });
    await vi.waitFor(() => expect(fromFrame.length).toBeGreaterThanOrEqual(6));
    expect(fromFrame.slice(1)).toEqual([
      {
        v: 1,
        type: 'emits',
        events: [
          { event: 'tick', detail: { n: 1 } },
          { event: 'tick', detail: { n: 2 } },
          { event: 'tick', detail: { n: 3 } },
        ],
      },
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

  it("ignores a connect the frame's own code dispatches, even naming the parent as its source", async () => {
    getRegistry().registrations.length = 0;
    const { win } = frameWindow();
    connectFrame(win);
    const forged = new MessageChannel();
    const fromForged = received(forged.port1);
    win.dispatchEvent(
      new (win as JsdomWindow).MessageEvent('message', {
        data: { extkit: 'connect', protocol: 1 },
        source: win.parent,
        ports: [forged.port2],
      }),
    );
    const { host, fromFrame } = handshake(win);
    await vi.waitFor(() => expect(fromFrame).toEqual([{ v: 1, type: 'ready', registrations: [] }]));
    expect(fromForged).toEqual([]);
    forged.port1.close();
    host.port1.close();
  });

  it("keeps the handshake's port from listeners and replaced built-ins the extension installs after it", async () => {
    getRegistry().registrations.length = 0;
    const { win } = frameWindow();
    connectFrame(win);
    const caught: string[] = [];
    const w = win as JsdomWindow & { onmessage: unknown };
    for (const capture of [true, false])
      w.addEventListener('message', () => caught.push(`listener, capture ${capture}`), capture);
    w.onmessage = () => caught.push('onmessage');
    const eventProto = w.MessageEvent.prototype;
    const ports = Object.getOwnPropertyDescriptor(eventProto, 'ports')!;
    const portProto = MessagePort.prototype;
    const saved = {
      onmessage: Object.getOwnPropertyDescriptor(portProto, 'onmessage')!,
      postMessage: portProto.postMessage,
    };
    Object.defineProperty(eventProto, 'ports', {
      ...ports,
      get(this: MessageEvent) {
        caught.push('MessageEvent ports');
        return ports.get!.call(this);
      },
    });
    try {
      const { host, fromFrame } = handshake(win);
      // Replaced once the handshake's port is known to the test, so only the frame's use of it counts.
      Object.defineProperty(portProto, 'onmessage', {
        ...saved.onmessage,
        set(this: MessagePort, v: unknown) {
          if (this === host.port2) caught.push('MessagePort onmessage');
          saved.onmessage.set!.call(this, v);
        },
      });
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
    host.port1.postMessage({
      v: 1,
      type: 'mount',
      surface: { kind: 'component', id: 'acme.demo.card' },
      props: { onSave: 'save' },
      config: {},
    });
    await vi.waitFor(() => expect(fromFrame.length).toBeGreaterThanOrEqual(5));
    const types = fromFrame.map((m) => parseFrameMessage(m));
    // Measured (cloned) as it is emitted: only the emit that cannot be copied is dropped, the rest of its task goes on.
    expect(types.map((m) => m?.type)).toEqual(['ready', 'error', 'emits', 'mounted', 'emits']);
    expect((types[1] as { message: string }).message).toMatch(
      /^ctx\.emit\('saved'\): its detail cannot be sent to the host and was dropped: it cannot be copied \(.+\)\. Send plain data/,
    );
    expect(types[2]).toEqual({ v: 1, type: 'emits', events: [{ event: 'opened', detail: { n: 1 } }] });
    expect(types[4]).toEqual({ v: 1, type: 'emits', events: [{ event: 'closed', detail: { n: 2 } }] });
    await vi.waitFor(() => expect(call).toBeDefined());
    expect(String(await call)).toMatch(/^TypeError: ctx\.call\('onSave'\): the arguments cannot be sent to the host/);
    host.port1.close();
  });
});

describe("connectFrame, within the bridge's budget", () => {
  const { messageEmits, messageBytes, sendsPerInterval, intervalMs } = BRIDGE_BUDGET;
  /** Mounts a component whose mount runs `run(ctx)`, connected; the host's port and what it received. */
  // The frame's clock, as the transport reads it (captured when it starts): still unless a test moves it, so a loaded
  // machine cannot end a budget's window in the middle of a test's loop.
  let clock = 0;
  const mounted = (
    run: (ctx: Parameters<Parameters<typeof registerComponent>[1]>[0]) => void,
    before?: (win: Window) => void,
  ) => {
    getRegistry().registrations.length = 0;
    getRegistry().registrations.push({ kind: 'component', id: 'acme.demo.card', mount: run as never });
    const { win } = frameWindow();
    clock = 0;
    (win as unknown as { performance: { now: () => number } }).performance.now = () => clock;
    before?.(win);
    connectFrame(win);
    const host = new MessageChannel();
    const fromFrame = received(host.port1);
    deliver(win, { extkit: 'connect', protocol: 1 }, win.parent, [host.port2]);
    host.port1.postMessage({
      v: 1,
      type: 'mount',
      surface: { kind: 'component', id: 'acme.demo.card' },
      props: {},
      config: {},
    });
    return {
      win,
      host,
      fromFrame,
      of: (type: string) =>
        fromFrame.map((m) => parseFrameMessage(m)).filter((m) => m?.type === type) as Array<Record<string, unknown>>,
    };
  };
  const sizes = (emits: Array<Record<string, unknown>>) => emits.map((m) => (m['events'] as unknown[]).length);

  it("sends a task's emits in as many messages as they need, none over its count or its size", async () => {
    const { host, of } = mounted((ctx) => {
      for (let n = 0; n < 250; n++) ctx.emit('tick', { n });
      setTimeout(() => {
        for (let n = 0; n < 3; n++) ctx.emit('big', 'x'.repeat(30_000));
      });
    });
    await vi.waitFor(() => expect(sizes(of('emits'))).toEqual([messageEmits, messageEmits, 50, 2, 1]), {
      timeout: 10_000,
    });
    const ticks = of('emits')
      .slice(0, 3)
      .flatMap((m) => m['events'] as Array<{ detail: { n: number } }>);
    expect(ticks.map((e) => e.detail.n)).toEqual([...Array(250).keys()]);
    host.port1.close();
  });

  it("refuses a detail over one message, or one it cannot copy or size, before postMessage, and says so in the frame's console", async () => {
    const logged: unknown[] = [];
    const huge = new Uint8Array(500 * 2 ** 20);
    const { host, of } = mounted(
      (ctx) => {
        ctx.emit('huge', huge);
        ctx.emit('huge', huge);
        ctx.emit('symbol', { s: Symbol('s') });
        ctx.emit('edge', 'x'.repeat(messageBytes));
        ctx.emit('fine', { n: 1 });
      },
      (w) =>
        ((w as unknown as { console: { error: (m: unknown) => void } }).console = {
          error: (m: unknown) => logged.push(m),
        } as never),
    );
    await vi.waitFor(() => expect(of('mounted')).toHaveLength(1), { timeout: 10_000 });
    expect(of('emits')[0]!['events']).toEqual([{ event: 'fine', detail: { n: 1 } }]);
    const errors = of('error').map((m) => m['message']);
    expect(errors).toEqual([
      expect.stringMatching(
        /^ctx\.emit\('huge'\): its detail is over the 64 KB one bridge message carries, so it was dropped\./,
      ),
      expect.stringMatching(
        /^ctx\.emit\('symbol'\): its detail cannot be sent to the host and was dropped: it cannot be copied/,
      ),
      expect.stringMatching(/^ctx\.emit\('edge'\): its detail is over the 64 KB/),
    ]);
    expect(logged).toEqual(errors);
    // The same refusal again in the same window is only counted, told with the window's notice.
    await vi.waitFor(
      () => expect(of('dropped')).toEqual([{ v: 1, type: 'dropped', emits: 0, errors: 1, reports: 0 }]),
      { timeout: intervalMs + 5000 },
    );
    host.port1.close();
  });

  it("counts a call's prop and its binding's name with its arguments, and sends no prop that is not a string", async () => {
    const results: unknown[] = [];
    const buffer = new ArrayBuffer(1 << 20);
    const { host, of } = mounted((ctx) =>
      ctx.onProps(() => {
        // A view on 1 MB weighs the megabyte its clone carries; a long prop, or a long name the props give it, cross with the call.
        for (const [prop, args] of [
          ['onSave', [new Uint8Array(buffer, 0, 1)]],
          ['p'.repeat(70_000), []],
          ['big', []],
          [buffer, []],
          ['onSave', [1]],
        ] as const) {
          ctx.call(prop as string, ...args).then(
            (v) => results.push(v),
            (e: unknown) => results.push(String(e)),
          );
        }
      }),
    );
    host.port1.postMessage({ v: 1, type: 'props', props: { big: 'n'.repeat(70_000), onSave: 'save' } });
    await vi.waitFor(() => expect(results).toHaveLength(4), { timeout: 10_000 });
    expect(results).toEqual([
      "TypeError: ctx.call('onSave'): the arguments are over the 64 KB one bridge message carries.",
      `TypeError: ctx.call('${'p'.repeat(60)}…'): the arguments are over the 64 KB one bridge message carries.`,
      "TypeError: ctx.call('big'): the arguments are over the 64 KB one bridge message carries.",
      "TypeError: ctx.call('[object ArrayBuffer]'): the prop to call is a string (the name of the component's function-binding prop); the call was not made.",
    ]);
    await vi.waitFor(() => expect(of('call')).toHaveLength(1), { timeout: 10_000 });
    expect(of('call')[0]).toMatchObject({ prop: 'onSave', args: [1] });
    host.port1.close();
  });

  it('sends what it measured: a getter in the detail runs once, during the copy', async () => {
    let reads = 0;
    const detail = {
      get x() {
        return reads++ === 0 ? 'small' : 'x'.repeat(1_000_000);
      },
    };
    const { host, of } = mounted((ctx) => ctx.emit('tick', detail));
    await vi.waitFor(() => expect(of('emits')).toHaveLength(1), { timeout: 10_000 });
    expect(of('emits')[0]!['events']).toEqual([{ event: 'tick', detail: { x: 'small' } }]);
    expect(reads).toBe(1);
    host.port1.close();
  });

  it('keeps to its rate budget: the rest is dropped in the frame and the host told how many, once a window', async () => {
    let emitLater: (() => void) | undefined;
    const { host, of } = mounted((ctx) => {
      for (let n = 0; n < 2500; n++) ctx.emit('tick', { n });
      emitLater = () => ctx.emit('after', null);
    });
    await vi.waitFor(() => expect(sizes(of('emits')).reduce((a, b) => a + b, 0)).toBe(sendsPerInterval), {
      timeout: 10_000,
    });
    expect(sizes(of('emits'))).toEqual(Array(sendsPerInterval / messageEmits).fill(messageEmits));
    await vi.waitFor(
      () => expect(of('dropped')).toEqual([{ v: 1, type: 'dropped', emits: 1500, errors: 0, reports: 0 }]),
      { timeout: intervalMs + 5000 },
    );
    // A new window: the frame sends again.
    clock += intervalMs;
    emitLater!();
    await vi.waitFor(() => expect(of('emits').at(-1)!['events']).toEqual([{ event: 'after', detail: null }]), {
      timeout: 10_000,
    });
    host.port1.close();
  });

  it("holds its budget when the frame's code replaces the clock, the timers, the clone and Array.prototype.push after it started", async () => {
    const originals = { push: Array.prototype.push, clone: globalThis.structuredClone };
    const caught: string[] = [];
    let flood: (() => void) | undefined;
    const { win, host, of } = mounted(
      (ctx) =>
        (flood = () => {
          for (let n = 0; n < 1500; n++) ctx.emit('tick', { n });
        }),
    );
    await vi.waitFor(() => expect(of('mounted')).toHaveLength(1), { timeout: 10_000 });
    const w = win as unknown as Record<string, unknown> & { performance: { now: () => number } };
    let fake = 0;
    try {
      w.performance.now = () => (fake += 2 * intervalMs);
      for (const name of ['setTimeout', 'queueMicrotask', 'structuredClone']) w[name] = () => void caught.push(name);
      globalThis.structuredClone = () => (caught.push('structuredClone'), 'tiny');
      Array.prototype.push = function (this: unknown[], ...items: unknown[]) {
        if (items.some((x) => typeof x === 'object' && x !== null && 'event' in x)) caught.push('push');
        return originals.push.apply(this, items);
      };
      flood!();
    } finally {
      Array.prototype.push = originals.push;
      globalThis.structuredClone = originals.clone;
    }
    await vi.waitFor(
      () => expect(of('dropped')).toEqual([{ v: 1, type: 'dropped', emits: 500, errors: 0, reports: 0 }]),
      { timeout: intervalMs + 5000 },
    );
    expect(sizes(of('emits')).reduce((a, b) => a + b, 0)).toBe(sendsPerInterval);
    expect(caught).toEqual([]);
    host.port1.close();
  });
});

describe('parseFrameMessage', () => {
  it('accepts well-formed messages of this protocol version and nothing else', () => {
    expect(
      parseFrameMessage({ v: 1, type: 'emits', events: [{ event: 'saved', detail: 1 }, { event: 'opened' }] }),
    ).toBeDefined();
    expect(parseFrameMessage({ v: 2, type: 'emits', events: [{ event: 'saved' }] })).toBeUndefined();
    expect(parseFrameMessage({ v: 1, type: 'emits', events: [{ event: 'saved' }, { event: 7 }] })).toBeUndefined();
    expect(parseFrameMessage({ v: 1, type: 'emits', events: { event: 'saved' } })).toBeUndefined();
    // An artifact built before emits were batched still speaks: its single emit reads as a batch of one.
    expect(parseFrameMessage({ v: 1, type: 'emit', event: 'saved', detail: 2 })).toEqual({
      v: 1,
      type: 'emits',
      events: [{ event: 'saved', detail: 2 }],
    });
    expect(parseFrameMessage({ v: 1, type: 'emit', event: 7 })).toBeUndefined();
    expect(parseFrameMessage({ v: 1, type: 'resize', height: Number.NaN })).toBeUndefined();
    expect(parseFrameMessage({ v: 1, type: 'ready', registrations: [{ kind: 'widget', id: 'x' }] })).toBeUndefined();
    expect(parseFrameMessage({ v: 1, type: 'call', callId: 1, prop: 'onSave', name: 'save', args: [] })).toBeDefined();
    expect(
      parseFrameMessage({ v: 1, type: 'call', callId: 1.5, prop: 'onSave', name: 'save', args: [] }),
    ).toBeUndefined();
    expect(parseFrameMessage(null)).toBeUndefined();
    expect(
      parseFrameMessage({ v: 1, type: 'emits', events: Array(BRIDGE_BUDGET.messageEmits + 1).fill({ event: 'x' }) }),
    ).toBeUndefined();
    expect(parseFrameMessage({ v: 1, type: 'dropped', emits: 3, errors: 0, reports: 1 })).toBeDefined();
    expect(parseFrameMessage({ v: 1, type: 'dropped', emits: -1, errors: 0, reports: 0 })).toBeUndefined();
    expect(parseFrameMessage({ v: 1, type: 'dropped', emits: 1 })).toBeUndefined();
    const many = Array.from({ length: BRIDGE_BUDGET.readyRegistrations }, (_, i) => ({
      kind: 'component',
      id: `a.b.c${i}`,
    }));
    expect(parseFrameMessage({ v: 1, type: 'ready', registrations: many, unlisted: 5 })).toBeDefined();
    expect(parseFrameMessage({ v: 1, type: 'ready', registrations: [...many, many[0]] })).toBeUndefined();
    expect(parseFrameMessage({ v: 1, type: 'ready', registrations: [], unlisted: -1 })).toBeUndefined();
  });
});

describe("connectFrame's ready, whatever the extension registered", () => {
  const readyOf = async (
    fill: () => void,
  ): Promise<{ registrations: Array<{ kind: string; id: string }>; unlisted?: number }> => {
    getRegistry().registrations.length = 0;
    fill();
    const { win } = frameWindow();
    connectFrame(win);
    const host = new MessageChannel();
    const fromFrame = received(host.port1);
    deliver(win, { extkit: 'connect', protocol: 1 }, win.parent, [host.port2]);
    await vi.waitFor(() => expect(fromFrame).toHaveLength(1));
    host.port1.close();
    getRegistry().registrations.length = 0;
    const m = parseFrameMessage(fromFrame[0]);
    expect(m?.type).toBe('ready');
    return m as never;
  };
  const mount = () => undefined;

  it('lists them again after a registration made later (a timer, a click), once however many come at once', async () => {
    getRegistry().registrations.length = 0;
    record({ kind: 'component', id: 'acme.x.card', mount });
    const { win } = frameWindow();
    connectFrame(win);
    const host = new MessageChannel();
    const fromFrame = received(host.port1);
    deliver(win, { extkit: 'connect', protocol: 1 }, win.parent, [host.port2]);
    await vi.waitFor(() => expect(fromFrame).toHaveLength(1));
    for (let i = 0; i < 50; i++) record({ kind: 'component', id: `acme.x.late-${i}`, mount });
    await vi.waitFor(() => expect(fromFrame).toHaveLength(2));
    await new Promise((r) => setTimeout(r, 250));
    host.port1.close();
    getRegistry().registrations.length = 0;
    delete getRegistry().recorded;
    expect(fromFrame).toHaveLength(2);
    const again = parseFrameMessage(fromFrame[1]) as { type: string; registrations: Array<{ id: string }> };
    expect(again.type).toBe('ready');
    expect(again.registrations.map((r) => r.id)).toEqual([
      'acme.x.card',
      ...Array.from({ length: 50 }, (_, i) => `acme.x.late-${i}`),
    ]);
  });

  it('lists the registrations in order, as many as one message carries, and counts the rest', async () => {
    const few = await readyOf(() =>
      getRegistry().registrations.push(
        { kind: 'component', id: 'acme.x.card', mount },
        { kind: 'shell', id: 'shell', mount },
      ),
    );
    expect(few).toEqual({
      v: 1,
      type: 'ready',
      registrations: [
        { kind: 'component', id: 'acme.x.card' },
        { kind: 'shell', id: 'shell' },
      ],
    });

    // Short entries stop at the count: a slot with an id of three characters counts 4 + 3 + 8 bytes.
    const many = await readyOf(() => {
      for (let i = 0; i < 10_000; i++)
        getRegistry().registrations.push({ kind: 'slot', id: i.toString(36).padStart(3, '0'), mount });
    });
    expect(many.registrations).toHaveLength(BRIDGE_BUDGET.readyRegistrations);
    expect(many.registrations.at(-1)).toEqual({ kind: 'slot', id: (4095).toString(36) });
    expect(many.unlisted).toBe(10_000 - BRIDGE_BUDGET.readyRegistrations);
    // Longer ones stop at the message's bytes: 'component' (9) + 'acme.x.c1234' (12) + 8 = 29 bytes each.
    const wide = await readyOf(() => {
      for (let i = 1000; i < 9000; i++)
        getRegistry().registrations.push({ kind: 'component', id: `acme.x.c${i}`, mount });
    });
    expect(wide.registrations).toHaveLength(Math.floor(BRIDGE_BUDGET.messageBytes / 29));
    expect(wide.unlisted).toBe(8000 - Math.floor(BRIDGE_BUDGET.messageBytes / 29));

    const long = await readyOf(() => {
      for (let i = 0; i < 3; i++)
        getRegistry().registrations.push({ kind: 'component', id: `${i}`.repeat(30_000), mount });
    });
    expect(long.registrations.map((r) => r.id.length)).toEqual([30_000, 30_000]);
    expect(long.unlisted).toBe(1);
  });

  it('skips entries the extension forged into the registry, and stops at one whose getter throws', async () => {
    const forged = await readyOf(() => {
      const list = getRegistry().registrations as unknown[];
      list.push(
        { kind: 'widget', id: 'x' },
        { kind: 'component', id: 7 },
        { kind: 'component', id: 'acme.x.ok', mount },
      );
      list.push(
        Object.defineProperty({}, 'kind', {
          get: () => {
            throw new Error('no');
          },
        }),
        { kind: 'slot', id: 'after' },
      );
    });
    expect(forged.registrations).toEqual([{ kind: 'component', id: 'acme.x.ok' }]);
    expect(forged.unlisted).toBe(4);
  });

  it('counts no more unlisted than a host can read, whatever length the registry claims', async () => {
    const registry = getRegistry();
    const real = registry.registrations;
    try {
      const claimed = await readyOf(() => {
        real.push({ kind: 'component', id: 'acme.x.ok', mount });
        registry.registrations = new Proxy(real, { get: (t, k) => (k === 'length' ? 2 ** 60 : Reflect.get(t, k)) });
      });
      expect(claimed.registrations).toEqual([{ kind: 'component', id: 'acme.x.ok' }]);
      expect(claimed.unlisted).toBe(Number.MAX_SAFE_INTEGER);
      registry.registrations = real;
      const odd = await readyOf(() => {
        real.push({ kind: 'component', id: 'acme.x.ok', mount });
        registry.registrations = new Proxy(real, {
          get: (t, k) =>
            k === 'length'
              ? {
                  valueOf: () => {
                    throw new Error('no');
                  },
                }
              : Reflect.get(t, k),
        });
      });
      expect(odd).toEqual({ v: 1, type: 'ready', registrations: [] });
    } finally {
      registry.registrations = real;
    }
  });
});

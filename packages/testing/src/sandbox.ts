// The sandbox attribute's refusals, in jsdom: while a view is mounted, what a frame
// with sandbox="allow-scripts" is refused in Chromium is refused here with Chromium's
// answers, by the runtime's one table (SANDBOX_RULES in @extkit/runtime/bridge):
// form submission (requestSubmit, submit(), a submit button: no submit event, no
// validation), window.open and links to a new window (null, nothing), alert,
// confirm, prompt and print (undefined, false, null, undefined), top.location and
// links to _top (a SecurityError, nothing), <a download> (nothing) and
// requestPointerLock (a rejected promise and pointerlockerror). Each attempt lands
// on the view's `refused`. Installed when @extkit/testing is imported; with no
// view mounted, jsdom's own behaviour stands.
import {
  MODAL_ANSWERS,
  POINTER_LOCK_MESSAGE,
  activationRefusal,
  openRefusal,
  sandboxRefusal,
  storageMessage,
  topNavigationMessage,
  type ModalName,
  type SandboxChannel,
} from '@extkit/runtime/bridge';
import { absolute, current } from './guards.js';
import { requestedByTest } from './owner.js';

type Fn = (this: unknown, ...args: unknown[]) => unknown;
/** The environment's globals the harness reads (jsdom's, under vitest). */
interface Env {
  document?: Document;
  window?: object;
  open?: Fn;
  DOMException: typeof DOMException;
  Event: typeof Event;
  FormData: typeof FormData;
  HTMLFormElement?: typeof HTMLFormElement;
  HTMLButtonElement: typeof HTMLButtonElement;
  HTMLInputElement: typeof HTMLInputElement;
  Element?: typeof Element;
}
const g = globalThis as unknown as Env & Record<string, unknown>;
let installed = false;

/** A URL or name as the browser reads it: the string it converts to. */
const text = (value: unknown): string => (typeof value === 'string' ? value : `${value as string}`);

/** Lists the refusal on the mounted view; false when no view is mounted (jsdom's behaviour then stands). */
function refuse(channel: SandboxChannel, via: string, target: string | null): boolean {
  const guard = current();
  if (!guard) return false;
  guard.refused.push(sandboxRefusal(channel, via, target));
  return true;
}

const domError = (message: string, name: string): Error => new g.DOMException(message, name);

/** jsdom's implementation object behind a DOM wrapper (its activation behaviour lives there, not on the wrapper). */
function implProto(wrapper: object): Record<string, unknown> | undefined {
  const symbol = Object.getOwnPropertySymbols(wrapper).find((s) => s.description === 'impl');
  const impl = symbol && (wrapper as Record<symbol, object>)[symbol];
  return impl ? (Object.getPrototypeOf(impl) as Record<string, unknown>) : undefined;
}

/** Wraps `proto[name]`: `instead` answers while a view is mounted and it refuses, else the original runs. */
function wrap(
  proto: object | undefined,
  name: string,
  instead: (original: Fn | undefined) => (this: never, ...args: never[]) => unknown,
): void {
  const bag = proto as Record<string, unknown> | undefined;
  const original = bag?.[name];
  if (!bag || (typeof original !== 'function' && original !== undefined)) return;
  bag[name] = instead(original as Fn | undefined);
}

function lockForms(): void {
  const Form = g.HTMLFormElement;
  if (!Form) return;
  const isSubmitter = (el: unknown): boolean => {
    const e = el as HTMLButtonElement | HTMLInputElement;
    return (
      (e instanceof g.HTMLButtonElement && e.type === 'submit') ||
      (e instanceof g.HTMLInputElement && (e.type === 'submit' || e.type === 'image'))
    );
  };
  wrap(
    Form.prototype,
    'requestSubmit',
    (original) =>
      function (this: HTMLFormElement, submitter?: HTMLElement | null) {
        // Chromium checks the submitter and the connection before the sandbox, as here.
        if (submitter !== undefined && submitter !== null) {
          if (!isSubmitter(submitter))
            throw new TypeError(
              "Failed to execute 'requestSubmit' on 'HTMLFormElement': The specified element is not a submit button.",
            );
          if ((submitter as HTMLButtonElement).form !== this)
            throw domError(
              "Failed to execute 'requestSubmit' on 'HTMLFormElement': The specified element is not owned by this form element.",
              'NotFoundError',
            );
        }
        if (!this.isConnected) return;
        if (refuse('form', 'form.requestSubmit()', this.getAttribute('action') ?? '')) return;
        (original as (s?: HTMLElement | null) => void).call(this, submitter);
      },
  );
  wrap(
    Form.prototype,
    'submit',
    (original) =>
      function (this: HTMLFormElement) {
        if (this.isConnected && refuse('form', 'form.submit()', this.getAttribute('action') ?? '')) {
          // Chromium builds the form's data (firing formdata) before the sandbox refuses the navigation.
          const event = new g.Event('formdata', { bubbles: true });
          Object.defineProperty(event, 'formData', { value: new g.FormData(this) });
          this.dispatchEvent(event);
          return;
        }
        (original as () => void).call(this);
      },
  );
  // A submit button's activation (a click, Enter in a field) goes straight to jsdom's form implementation.
  const form = g.document?.createElement('form');
  wrap(
    form && implProto(form),
    '_doRequestSubmit',
    (original) =>
      function (this: { _localName: string; getAttributeNS(ns: null, n: string): string | null }, submitter: unknown) {
        const via = submitter ? 'a submit button' : 'Enter in a field (implicit submission)';
        if (refuse('form', via, this.getAttributeNS(null, 'action') ?? '')) return;
        (original as (s: unknown) => void).call(this, submitter);
      },
  );
}

function lockLinks(): void {
  for (const tag of ['a', 'area']) {
    const el = g.document?.createElement(tag);
    wrap(
      el && implProto(el),
      '_followAHyperlink',
      (original) =>
        function (this: object) {
          // The wrapper of this implementation: the element a user clicked.
          const wrapper = Object.getOwnPropertySymbols(this)
            .filter((s) => s.description === 'wrapper')
            .map((s) => (this as Record<symbol, Element>)[s])[0];
          const refusal = wrapper ? activationRefusal(wrapper) : null;
          if (refusal && refuse(refusal.channel, refusal.via, refusal.target)) return;
          (original as () => void).call(this);
        },
    );
  }
}

function lockWindow(): void {
  const original = g.open;
  g.open = function open(this: unknown, url?: unknown, target: unknown = '_blank', ...rest: unknown[]) {
    const channel = openRefusal(text(target));
    const via = channel === 'popup' ? 'window.open()' : `window.open(url, ${JSON.stringify(text(target))})`;
    const href = url === undefined || url === '' ? 'about:blank' : absolute(text(url));
    if (channel && refuse(channel, via, href)) return null;
    return original?.call(this, url, target, ...rest);
  };
  for (const name of Object.keys(MODAL_ANSWERS) as ModalName[]) {
    const originalModal = g[name] as Fn | undefined;
    g[name] = {
      [name](this: unknown, ...args: unknown[]) {
        if (refuse('modal', `${name}()`, null)) return MODAL_ANSWERS[name];
        return originalModal?.apply(this, args);
      },
    }[name];
  }
  lockTop();
}

/** `top` and `parent`: while a view is mounted, the host's window as the frame sees it, cross-origin. */
function lockTop(): void {
  const crossOrigin = (what: string): Error =>
    domError(
      `Failed to ${what} from 'Window': Blocked a frame with origin "null" from accessing a cross-origin frame.`,
      'SecurityError',
    );
  const navigate = (how: 'href' | 'assign' | 'replace', url: unknown, via: string): never => {
    const href = absolute(text(url));
    refuse('top-navigation', via, href);
    throw domError(topNavigationMessage(how, href), 'SecurityError');
  };
  const location = (who: string) =>
    Object.freeze({
      set href(url: unknown) {
        navigate('href', url, `${who}.location`);
      },
      assign: (url: unknown) => navigate('assign', url, `${who}.location.assign()`),
      replace: (url: unknown) => navigate('replace', url, `${who}.location.replace()`),
    });
  const host = (who: string): object => {
    const loc = location(who);
    const proxy: object = new Proxy(Object.create(null) as object, {
      get(_, key) {
        if (key === 'location') return loc;
        if (key === 'then' || typeof key === 'symbol') return undefined;
        if (key === 'window' || key === 'self' || key === 'frames' || key === 'top' || key === 'parent') return proxy;
        if (key === 'closed') return false;
        if (key === 'length') return 0;
        if (key === 'opener') return null;
        if (key === 'postMessage' || key === 'focus' || key === 'blur' || key === 'close') return () => undefined;
        throw crossOrigin(`read a named property '${key}'`);
      },
      set(_, key, value) {
        if (key === 'location') navigate('href', value, `${who}.location`);
        throw crossOrigin(`set a named property '${String(key)}'`);
      },
    });
    return proxy;
  };
  const targets = new Set<object>([g, g.window ?? g]);
  for (const win of targets) {
    for (const who of ['top', 'parent']) {
      const own = Object.getOwnPropertyDescriptor(win, who);
      if (own && !own.configurable) continue;
      const { get: getter, set: setter } = (own ?? {}) as { get?: Fn; set?: (this: void, v: unknown) => void };
      const real = own && ('value' in own ? (): unknown => own.value : (): unknown => getter?.call(win));
      const stand = host(who);
      Object.defineProperty(win, who, {
        configurable: true,
        enumerable: own?.enumerable ?? true,
        get: () => (current() ? stand : real?.()),
        set: setter ? (v: unknown): void => void Reflect.apply(setter, win, [v]) : () => undefined,
      });
    }
  }
}

function lockPointer(): void {
  wrap(
    g.Element?.prototype,
    'requestPointerLock',
    (original) =>
      function (this: unknown) {
        if (!refuse('pointer-lock', 'element.requestPointerLock()', null) && original) return original.call(this);
        if (!(this instanceof g.Element!)) throw new TypeError('Illegal invocation');
        const doc = this.ownerDocument;
        setTimeout(() => doc.dispatchEvent(new g.Event('pointerlockerror', { bubbles: true })));
        const refused = Promise.reject(domError(POINTER_LOCK_MESSAGE, 'SecurityError'));
        // Chromium leaves an unawaited rejection to the console; here it must not fail the run either.
        refused.catch(() => undefined);
        return refused;
      },
  );
}

/** Storage, with the frame's opaque origin (no allow-same-origin): localStorage, sessionStorage, cookies, IndexedDB. */
function lockStorage(): void {
  // The test's own reads (setup, assertions) see jsdom's storage, as its own requests see the network.
  const held = (): boolean => {
    const guard = current();
    return guard !== undefined && !requestedByTest(guard.dir);
  };
  const deny = (what: Parameters<typeof storageMessage>[0], via: string): never => {
    refuse('storage', via, null);
    throw domError(storageMessage(what), 'SecurityError');
  };
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    const own = Object.getOwnPropertyDescriptor(g, name);
    if (!own?.configurable) continue;
    const { get: getter } = own as { get?: Fn };
    const read = (): unknown => (getter ? getter.call(g) : own.value);
    Object.defineProperty(g, name, {
      configurable: true,
      enumerable: own.enumerable ?? true,
      get: () => (held() ? deny(name, name) : read()),
    });
  }
  const docProto = (g['Document'] as { prototype: object } | undefined)?.prototype;
  const cookie = docProto && Object.getOwnPropertyDescriptor(docProto, 'cookie');
  if (cookie?.get && cookie.set && cookie.configurable) {
    const { get, set } = cookie as { get: Fn; set: Fn };
    Object.defineProperty(docProto, 'cookie', {
      configurable: true,
      enumerable: cookie.enumerable ?? true,
      get(this: unknown) {
        return held() ? deny('cookie', 'document.cookie') : get.call(this);
      },
      set(this: unknown, value: unknown) {
        if (held()) deny('set cookie', 'document.cookie');
        set.call(this, value);
      },
    });
  }
  // jsdom has no IndexedDB; the frame's answers to indexedDB.open() while a view is mounted.
  if (g['indexedDB'] === undefined)
    Object.defineProperty(g, 'indexedDB', {
      configurable: true,
      get: () => (held() ? Object.freeze({ open: (): never => deny('indexedDB', 'indexedDB.open()') }) : undefined),
    });
}

/** Puts the sandbox attribute's refusals in place, once per environment. */
export function installSandbox(): void {
  if (installed || typeof g.document === 'undefined') return;
  installed = true;
  lockForms();
  lockLinks();
  lockWindow();
  lockPointer();
  lockStorage();
}

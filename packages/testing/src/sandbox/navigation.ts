// Leaving the frame, refused: links to a new window, to _top or with download, window.open(), and
// `top` and `parent`, which stand for the host's window, cross-origin.
import { activationRefusal, openRefusal, topNavigationMessage } from '@extkit/runtime/bridge';
import { absolute, current } from '../guards.js';
import { domError, g, implProto, refuse, text, wrap, type Fn } from './globals.js';

/** Links and areas that would open a new window, navigate the top or download: nothing happens. */
export function lockLinks(): void {
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

/** window.open(): null and no window (no allow-popups), or no navigation of the top. */
export function lockOpen(): void {
  const original = g.open;
  g.open = function open(this: unknown, url?: unknown, target: unknown = '_blank', ...rest: unknown[]) {
    const channel = openRefusal(text(target));
    const via = channel === 'popup' ? 'window.open()' : `window.open(url, ${JSON.stringify(text(target))})`;
    const href = url === undefined || url === '' ? 'about:blank' : absolute(text(url));
    if (channel && refuse(channel, via, href)) return null;
    return original?.call(this, url, target, ...rest);
  };
}

/** `top` and `parent`: while a view is mounted, the host's window as the frame sees it, cross-origin. */
export function lockTop(): void {
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

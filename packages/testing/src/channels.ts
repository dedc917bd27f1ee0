// WebSocket, EventSource and navigator.sendBeacon under the sandbox's connect-src,
// with the same verdict as fetch (guards.ts) and failing the way Chromium fails them
// in the preview's frame (checked there, Chromium 156): a refused WebSocket is CLOSED
// from its construction and fires "error" (no "close"), its send() only grows
// bufferedAmount; a refused EventSource fires "error" and turns CLOSED; a refused
// beacon still returns true. jsdom has a WebSocket but neither EventSource nor
// sendBeacon: the harness supplies them (EventSource from the `eventsource` package,
// loaded on first use), sending declared origins to render()'s `fetch`.
import { createRequire } from 'node:module';
import { absolute, current, refuse, track, type NetworkGuard } from './guards.js';
import { routedFetch } from './intercept.js';

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment --
   The guard wraps whatever globals the environment has (jsdom's, Node's, a test's stub): they are untyped by nature. */
type Ctor = new (...args: any[]) => object;
type Fetch = typeof fetch;
const g = globalThis as unknown as Record<string, any>;
const guarded = new WeakSet<object>();
/** The largest beacon body Chromium queues; a larger one makes sendBeacon return false. */
const BEACON_QUOTA = 64 * 1024;

const domError = (message: string, name: string): Error =>
  typeof g.DOMException === 'function' ? new g.DOMException(message, name) : new Error(message);

/** The URL a WebSocket connects to, as its constructor computes it: resolved, http(s) made ws(s); else the constructor's SyntaxError. */
export function socketUrl(url: string): string {
  const fail = (why: string): Error => domError(`Failed to construct 'WebSocket': ${why}`, 'SyntaxError');
  let parsed: URL;
  try {
    parsed = new URL(absolute(url));
  } catch {
    throw fail(`The URL '${url}' is invalid.`);
  }
  if (parsed.protocol === 'http:') parsed.protocol = 'ws:';
  else if (parsed.protocol === 'https:') parsed.protocol = 'wss:';
  if (parsed.protocol !== 'ws:' && parsed.protocol !== 'wss:')
    throw fail(
      `The URL's scheme must be either 'http', 'https', 'ws', or 'wss'. '${parsed.protocol.slice(0, -1)}' is not allowed.`,
    );
  if (parsed.hash !== '' || url.endsWith('#'))
    throw fail(
      `The URL contains a fragment identifier ('${parsed.hash}'). Fragment identifiers are not allowed in WebSocket URLs.`,
    );
  return parsed.href;
}

/** The bytes a body takes, for the beacon quota; undefined when it cannot be told without reading it. */
function bodySize(data: unknown): number | undefined {
  if (data === undefined || data === null) return 0;
  if (typeof data === 'string') return new TextEncoder().encode(data).byteLength;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength;
  if (typeof (data as Blob).size === 'number') return (data as Blob).size;
  if (data instanceof URLSearchParams) return new TextEncoder().encode(data.toString()).byteLength;
  return undefined;
}

/** The stand-ins for refused connections, built on the environment's EventTarget (jsdom's), once. */
function refusedClasses(Target: typeof EventTarget) {
  class Refused extends Target {
    onopen: ((e: Event) => unknown) | null = null;
    onmessage: ((e: Event) => unknown) | null = null;
    onerror: ((e: Event) => unknown) | null = null;
    onclose: ((e: Event) => unknown) | null = null;
    constructor(
      readonly url: string,
      public readyState: number,
      closed: number,
    ) {
      super();
      setTimeout(() => {
        if (this.readyState === closed && readyState !== closed) return; // close() came first: no event
        this.readyState = closed;
        this.dispatchEvent(new g.Event('error'));
      });
    }
    override dispatchEvent(event: Event): boolean {
      const delivered = super.dispatchEvent(event);
      const handler = (this as unknown as Record<string, unknown>)[`on${event.type}`];
      if (typeof handler === 'function') handler.call(this, event);
      return delivered;
    }
  }
  class RefusedWebSocket extends Refused {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSING = 2;
    readonly CLOSED = 3;
    readonly protocol = '';
    readonly extensions = '';
    binaryType: 'blob' | 'arraybuffer' = 'blob';
    bufferedAmount = 0;
    constructor(url: string) {
      super(url, 3, 3);
    }
    send(data: unknown): void {
      this.bufferedAmount += bodySize(data) ?? 0;
    }
    close(): void {}
  }
  class RefusedEventSource extends Refused {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSED = 2;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSED = 2;
    constructor(
      url: string,
      readonly withCredentials: boolean,
    ) {
      super(url, 0, 2);
    }
    close(): void {
      this.readyState = 2;
    }
  }
  return { RefusedWebSocket, RefusedEventSource };
}
let refused: ReturnType<typeof refusedClasses> | undefined;
const stand = (): ReturnType<typeof refusedClasses> =>
  (refused ??= refusedClasses(g.EventTarget as typeof EventTarget));

/**
 * `Original` behind the guard: while a view is mounted, `check` may answer with a refused
 * stand-in; otherwise the original connects, and the view closes it when it unmounts.
 */
function guardConstructor(
  Original: Ctor,
  name: string,
  check: (guard: NetworkGuard, args: unknown[]) => object | undefined,
  isRefused: (v: unknown) => boolean,
): Ctor {
  const Guarded = function (this: unknown, ...args: unknown[]): object {
    if (!new.target)
      throw new TypeError(
        `Failed to construct '${name}': Please use the 'new' operator, this DOM object constructor cannot be called as a function.`,
      );
    const guard = current();
    const instead = guard && check(guard, args);
    if (instead) return instead;
    const connection = Reflect.construct(
      Original,
      args,
      (new.target as unknown) === Guarded ? Original : new.target,
    ) as { close(): void };
    if (guard) track(guard, connection);
    return connection;
  } as unknown as Ctor;
  Object.defineProperty(Guarded, 'name', { value: name });
  Guarded.prototype = Original.prototype;
  Object.setPrototypeOf(Guarded, Original);
  Object.defineProperty(Guarded, Symbol.hasInstance, { value: (v: unknown) => v instanceof Original || isRefused(v) });
  guarded.add(Guarded);
  return Guarded;
}

const guardWebSocket = (Original: Ctor): Ctor =>
  guardConstructor(
    Original,
    'WebSocket',
    (guard, [url]) => {
      const target = socketUrl(String(url));
      return refuse(guard, target) ? new (stand().RefusedWebSocket)(target) : undefined;
    },
    (v) => refused !== undefined && v instanceof refused.RefusedWebSocket,
  );

/** EventSource for environments without one (jsdom): the `eventsource` package, fetching through the view's `fetch`. */
function suppliedEventSource(fallbackFetch: () => Fetch | undefined): Ctor {
  let Loaded: Ctor | undefined;
  const Supplied = function (url: string | URL, init?: { withCredentials?: boolean }): object {
    Loaded ??= (createRequire(import.meta.url)('eventsource') as { EventSource: Ctor }).EventSource;
    const guard = current();
    const via = guard?.fetch ?? routedFetch(guard?.route, fallbackFetch());
    return new Loaded(absolute(String(url)), {
      withCredentials: init?.withCredentials === true,
      ...(via ? { fetch: via } : {}),
    });
  } as unknown as Ctor;
  Object.assign(Supplied, { CONNECTING: 0, OPEN: 1, CLOSED: 2 });
  Object.defineProperty(Supplied, Symbol.hasInstance, {
    value: (v: unknown) => Loaded !== undefined && v instanceof Loaded,
  });
  return Supplied;
}

const guardEventSource = (Original: Ctor): Ctor =>
  guardConstructor(
    Original,
    'EventSource',
    (guard, [url, init]) => {
      let target: string;
      try {
        target = absolute(String(url));
      } catch {
        throw domError(
          `Failed to construct 'EventSource': Cannot open an EventSource to '${String(url)}'. The URL is invalid.`,
          'SyntaxError',
        );
      }
      const withCredentials = (init as { withCredentials?: boolean } | undefined)?.withCredentials === true;
      return refuse(guard, target) ? new (stand().RefusedEventSource)(target, withCredentials) : undefined;
    },
    (v) => refused !== undefined && v instanceof refused.RefusedEventSource,
  );

/** navigator.sendBeacon held to connect-src; a declared origin gets a keepalive POST through the view's `fetch`. */
function guardedBeacon(
  original: ((url: string | URL, data?: unknown) => boolean) | undefined,
  fallbackFetch: () => Fetch | undefined,
) {
  const beacon = function sendBeacon(this: unknown, url: string | URL, data?: unknown): boolean {
    let target: string;
    try {
      target = absolute(String(url));
    } catch {
      throw new TypeError(
        `Failed to execute 'sendBeacon' on 'Navigator': The URL argument is ill-formed or unsupported.`,
      );
    }
    if (!/^https?:/.test(target))
      throw new TypeError(`Failed to execute 'sendBeacon' on 'Navigator': Beacons are only supported over HTTP(S).`);
    const size = bodySize(data);
    if (size !== undefined && size > BEACON_QUOTA) return false;
    const guard = current();
    if (guard && refuse(guard, target)) return true;
    if (!guard?.fetch && !guard?.route && original) return original.call(this, url, data);
    const via = guard?.fetch ?? routedFetch(guard?.route, fallbackFetch());
    if (!via) return false;
    via(target, {
      method: 'POST',
      body: (data ?? null) as BodyInit | null,
      keepalive: true,
      credentials: 'include',
    }).catch(() => {});
    return true;
  };
  guarded.add(beacon);
  return beacon;
}

/** Replaces a global, also one msw's interceptors defined read-only (configurable, not writable). */
function setGlobal(name: string, value: unknown): void {
  const own = Object.getOwnPropertyDescriptor(g, name);
  if (!own || own.writable || own.set) g[name] = value;
  else if (own.configurable) Object.defineProperty(g, name, { ...own, value });
}

/** Puts WebSocket, EventSource and navigator.sendBeacon behind the guard, over what the environment has now (a test's stub included). */
export function installChannels(fallbackFetch: () => Fetch | undefined): void {
  if (typeof g.WebSocket === 'function' && !guarded.has(g.WebSocket))
    setGlobal('WebSocket', guardWebSocket(g.WebSocket as Ctor));
  if (typeof g.EventSource === 'function' ? !guarded.has(g.EventSource) : typeof g.document === 'object') {
    setGlobal(
      'EventSource',
      guardEventSource(
        typeof g.EventSource === 'function' ? (g.EventSource as Ctor) : suppliedEventSource(fallbackFetch),
      ),
    );
  }
  const nav = g.navigator as { sendBeacon?: (url: string | URL, data?: unknown) => boolean } | undefined;
  if (nav && !guarded.has(nav.sendBeacon ?? {})) {
    const original = typeof nav.sendBeacon === 'function' ? nav.sendBeacon.bind(nav) : undefined;
    Object.defineProperty(nav, 'sendBeacon', {
      value: guardedBeacon(original, fallbackFetch),
      configurable: true,
      writable: true,
    });
  }
}

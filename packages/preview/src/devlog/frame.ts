// Runs in every extension frame before the extension's bundle, in development only: each request
// the frame makes (fetch, XMLHttpRequest, EventSource) is reported to the host page with how it
// ended, and, while routing is on, a request under the project's API base is sent to the emulator
// instead (@extkit/runtime/routing decides; the extension's code and manifest are the published
// ones). console.error and console.warn are reported too. Hand-written rather than through
// @mswjs/interceptors: XMLHttpRequest is rewritten at open() and keeps the browser's own
// semantics (progress, upload, timeout, abort, sync, responseType), where an interceptor would
// answer it from a fetch Response; EventSource, which no interceptor covers, is rewritten alike.
import { routeRequest, type ApiBase, type RouteDecision } from '@extkit/runtime/routing';
import { observeConsole } from './console.js';
import { MAX_REPORT_TEXT, clip, type ConsoleReport, type RequestReport } from './report.js';

/** The API base and the emulator's, while routing is on. */
export interface FrameRouting {
  api: ApiBase;
  emulator: ApiBase;
}

type Report = (report: RequestReport | ConsoleReport) => void;
type Fn = (this: unknown, ...args: unknown[]) => unknown;
type Outcome = Pick<RequestReport, 'status' | 'error' | 'type' | 'code' | 'remaining' | 'retryAfter' | 'replayed'>;

/** The failure words the browser gives no more of ("Failed to fetch"), with what it can mean here. */
export const FAILED_REQUEST =
  'no response: the server is unreachable, or it answered without CORS headers for this frame (origin "null")';
/** The reason when the frame's own policy refused the request (a securitypolicyviolation for it came first). */
export const CSP_REFUSED =
  "refused by the sandbox's connect-src: its origin is not in capabilities.network (the Network tab has the fix)";
/** How long after a connect-src violation a failure of the same URL is put down to it. */
const VIOLATION_WINDOW_MS = 2000;

/** Installs the request log (and the router, when `routing` is given) and the console log in the frame's window. */
export function observeFrame(win: Window, routing: FrameRouting | undefined, report: Report): void {
  const { apply } = Reflect;
  const g = win as unknown as Record<string, unknown>;
  const perf = g['performance'] as { now(): number } | undefined;
  const now = perf ? perf.now.bind(perf) : Date.now;
  const URLOf = g['URL'] as typeof URL;
  const setTimeoutOf = (g['setTimeout'] as typeof setTimeout).bind(win);
  const decide = (url: string): RouteDecision =>
    routing ? routeRequest(url, routing.api, routing.emulator) : { kind: 'passed' };
  const absolute = (url: unknown): string => {
    try {
      return new URLOf(String(url), win.document.baseURI).href;
    } catch {
      return String(url);
    }
  };
  const send = (
    api: RequestReport['api'],
    method: string,
    url: string,
    decision: RouteDecision,
    start: number,
    outcome: Outcome,
    end = now(),
  ): void => {
    const r: RequestReport = {
      extkit: 'dev',
      protocol: 1,
      kind: 'request',
      api,
      method: method.toUpperCase().slice(0, 20),
      url: clip(url),
      routed: decision.kind === 'routed' ? clip(decision.url) : null,
      status: outcome.status,
      ms: Math.round((end - start) * 10) / 10,
    };
    if (decision.kind === 'refused') r.refused = clip(decision.reason);
    for (const key of ['error', 'type', 'code', 'remaining', 'retryAfter'] as const) {
      const v = outcome[key];
      if (typeof v === 'string' && v !== '') r[key] = clip(v).slice(0, key === 'error' ? MAX_REPORT_TEXT : 100);
    }
    if (outcome.replayed) r.replayed = true;
    report(r);
  };
  const headersOutcome = (get: (name: string) => string | null, status: number): Outcome => ({
    status,
    remaining: get('RateLimit-Remaining') ?? get('X-RateLimit-Remaining') ?? undefined,
    retryAfter: get('Retry-After') ?? undefined,
    replayed: get('Idempotent-Replayed') === 'true',
  });
  /** The error envelope's type and code ({error: {type, code}}), when the body is one. */
  const envelope = (body: unknown): Pick<Outcome, 'type' | 'code'> => {
    const e = (body as { error?: { type?: unknown; code?: unknown } } | null)?.error;
    return {
      type: typeof e?.type === 'string' ? e.type : undefined,
      code: typeof e?.code === 'string' ? e.code : undefined,
    };
  };
  // A connect-src refusal fires securitypolicyviolation in this document before the request fails: remembered by URL
  // (and origin: Chromium may report only that), so the failure says why rather than "Failed to fetch".
  const violations = new Map<string, number>();
  win.document.addEventListener(
    'securitypolicyviolation',
    (e: SecurityPolicyViolationEvent) => {
      if (e.effectiveDirective !== 'connect-src') return;
      if (violations.size > 200) violations.clear();
      violations.set(e.blockedURI, now());
    },
    true,
  );
  const refusedByCsp = (url: string): boolean => {
    let origin = url;
    try {
      origin = new URLOf(url).origin;
    } catch {
      // not a URL: looked up as it is
    }
    const at = violations.get(url) ?? violations.get(origin) ?? violations.get(`${origin}/`);
    return at !== undefined && now() - at < VIOLATION_WINDOW_MS;
  };
  /** Reports a request that got no response, a moment later: the violation event, if any, is dispatched as its own task. */
  const failed = (
    api: RequestReport['api'],
    method: string,
    url: string,
    decision: RouteDecision,
    start: number,
  ): void => {
    const ended = now();
    setTimeoutOf(() => {
      const r = refusedByCsp(decision.kind === 'routed' ? decision.url : url) ? CSP_REFUSED : FAILED_REQUEST;
      send(api, method, url, decision, start, { status: null, error: r }, ended);
    }, 50);
  };
  const refusedError = (decision: RouteDecision): Error =>
    new TypeError(`extkit dev: ${decision.kind === 'refused' ? decision.reason : 'refused'}`);

  // fetch: the request is made once (a body stream can be read once), then sent as it is or to the emulator.
  const fetchOf = g['fetch'] as Fn | undefined;
  const RequestOf = g['Request'] as typeof Request | undefined;
  if (fetchOf && RequestOf) {
    const fetch = function fetch(this: unknown, input: unknown, init?: unknown): Promise<Response> {
      let request: Request;
      try {
        request = new RequestOf(input as RequestInfo, init as RequestInit);
      } catch {
        return apply(fetchOf, win, [input, init]) as Promise<Response>; // the browser's own TypeError
      }
      const start = now();
      const decision = decide(request.url);
      if (decision.kind === 'refused') {
        send('fetch', request.method, request.url, decision, start, { status: null, error: decision.reason });
        return Promise.reject(refusedError(decision));
      }
      // A routed request is made anew with its body read whole: Chromium sends a body taken from another Request as
      // a stream, which it uploads over HTTP/2 only, so a PATCH to the emulator (HTTP/1.1) failed with "Failed to fetch".
      const target: Promise<Request> =
        decision.kind !== 'routed'
          ? Promise.resolve(request)
          : (request.body === null ? Promise.resolve(undefined) : request.arrayBuffer()).then(
              (body) =>
                new RequestOf(decision.url, {
                  method: request.method,
                  headers: request.headers,
                  body,
                  mode: request.mode,
                  credentials: request.credentials,
                  cache: request.cache,
                  redirect: request.redirect,
                  referrerPolicy: request.referrerPolicy,
                  integrity: request.integrity,
                  keepalive: request.keepalive,
                  signal: request.signal,
                }),
            );
      return target
        .then((sent) => apply(fetchOf, win, [sent]) as Promise<Response>)
        .then(
          (response) => {
            const outcome = headersOutcome((n) => response.headers.get(n), response.status);
            const json = (response.headers.get('content-type') ?? '').includes('json');
            if (response.status < 400 || !json) send('fetch', request.method, request.url, decision, start, outcome);
            else
              response
                .clone()
                .json()
                .then(
                  (body: unknown) =>
                    send('fetch', request.method, request.url, decision, start, { ...outcome, ...envelope(body) }),
                  () => send('fetch', request.method, request.url, decision, start, outcome),
                );
            return response;
          },
          (err: unknown) => {
            const aborted = (err as { name?: unknown } | null)?.name === 'AbortError';
            if (aborted)
              send('fetch', request.method, request.url, decision, start, {
                status: null,
                error: 'aborted by the caller (AbortController or a timeout)',
              });
            else failed('fetch', request.method, request.url, decision, start);
            throw err;
          },
        );
    };
    g['fetch'] = fetch;
  }

  // XMLHttpRequest: the URL is rewritten when it is opened; the outcome is read at loadend.
  const XhrOf = g['XMLHttpRequest'] as typeof XMLHttpRequest | undefined;
  if (XhrOf) {
    const proto = XhrOf.prototype;
    const open = Reflect.getOwnPropertyDescriptor(proto, 'open')?.value as Fn;
    const sendXhr = Reflect.getOwnPropertyDescriptor(proto, 'send')?.value as Fn;
    const opened = new WeakMap<object, { method: string; url: string; decision: RouteDecision }>();
    proto.open = function (this: XMLHttpRequest, ...args: unknown[]): void {
      const method = String(args[0]);
      const url = absolute(args[1]);
      const decision = decide(url);
      opened.set(this, { method, url, decision });
      const target =
        decision.kind === 'routed' ? decision.url : decision.kind === 'refused' ? 'about:blank#refused' : args[1];
      apply(open, this, [args[0], target, ...args.slice(2)]);
    };
    proto.send = function (this: XMLHttpRequest, body?: unknown): void {
      const o = opened.get(this);
      if (o?.decision.kind === 'refused') {
        send('xhr', o.method, o.url, o.decision, now(), { status: null, error: o.decision.reason });
        throw refusedError(o.decision);
      }
      if (o) {
        const start = now();
        this.addEventListener(
          'loadend',
          () => {
            if (this.status === 0) {
              failed('xhr', o.method, o.url, o.decision, start);
              return;
            }
            let body: unknown;
            try {
              body = this.responseType === 'json' ? this.response : JSON.parse(this.responseText);
            } catch {
              body = undefined;
            }
            const outcome = headersOutcome((n) => this.getResponseHeader(n), this.status);
            send(
              'xhr',
              o.method,
              o.url,
              o.decision,
              start,
              this.status >= 400 ? { ...outcome, ...envelope(body) } : outcome,
            );
          },
          { once: true },
        );
      }
      apply(sendXhr, this, [body]);
    };
  }

  // EventSource: the URL is rewritten when it is made; its first open or error is reported.
  const EventSourceOf = g['EventSource'] as typeof EventSource | undefined;
  if (EventSourceOf) {
    const Routed = class EventSource extends EventSourceOf {
      constructor(url: string | URL, init?: EventSourceInit) {
        const wanted = absolute(url);
        const decision = decide(wanted);
        if (decision.kind === 'refused') {
          send('eventsource', 'GET', wanted, decision, now(), { status: null, error: decision.reason });
          throw refusedError(decision);
        }
        super(decision.kind === 'routed' ? decision.url : url, init);
        const start = now();
        let told = false;
        const tell = (outcome: Outcome): void => {
          if (!told) send('eventsource', 'GET', wanted, decision, start, outcome);
          told = true;
        };
        this.addEventListener('open', () => tell({ status: 200 }));
        this.addEventListener('error', () => {
          if (!told) failed('eventsource', 'GET', wanted, decision, start);
          told = true;
        });
      }
    };
    g['EventSource'] = Routed;
  }

  observeConsole(win, report);
}

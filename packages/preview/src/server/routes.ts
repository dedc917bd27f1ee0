// The preview server's routes. Every request passes the Host check first.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Session } from '../session/session.js';
import type { ClientAssets } from '../session/client-assets.js';
import type { BlockedRequest, PreviewState } from '../types.js';
import { parseCspReport } from './csp-report.js';
import { BASE_STYLE } from './base-style.js';
import { HOST_CSP, frameCsp, scriptHash } from './csp.js';
import { frameDocument, hostDocument, inlineSafe } from './documents.js';
import { checkHost } from './host-header.js';
import { REPORT_PATH, checkReport } from './report-gate.js';
import { LOAD_PARAM, isLoadNonce } from '../load-proof.js';
import { proveLoad, type LoadLedger } from './load-proof.js';
import { devConnectSrc } from '@extkit/runtime/routing';
import { handleDevApi, isDevApi } from './dev-api.js';
import { BASE_HEADERS, send } from './send.js';

const MAX_REPORT_BYTES = 64 * 1024;

export interface RouteContext {
  port: number;
  /** This session's secret in the frames' report-uri (see report-gate.ts). */
  reportSecret: string;
  /** This session's key for the proofs of frame loads, given to the host page only (load-proof.ts). */
  frameKey: string;
  /** The loads whose frame document was served: each is served into a frame once. */
  loads: LoadLedger;
  session: Session;
  assets: ClientAssets;
  /** Host pages listening for state and blocked requests (server-sent events). */
  streams: Set<ServerResponse>;
  /** The frame document's scripts and their CSP hashes, for the bundle they were made from. */
  framed?: {
    bundle: string;
    scripts: string[];
    csp: (reportUri: string, network: readonly string[], styled: boolean) => string;
  };
}

/**
 * Makes the frames' inlined scripts and policy hashes for the session's current bundle, if it has not been: called
 * as each new state goes out, so the frames' requests that follow find them made.
 */
export function prepareFrames(ctx: RouteContext): void {
  if (ctx.session.bundle !== null) frameParts(ctx, `http://127.0.0.1:${ctx.port}`, ctx.session.bundle);
}

/** The frame's inlined scripts and policy for the current bundle, made once per build rather than per frame request. */
function frameParts(ctx: RouteContext, origin: string, bundle: string): NonNullable<RouteContext['framed']> {
  if (ctx.framed?.bundle !== bundle) {
    const scripts = [
      inlineSafe(ctx.assets.bridge),
      inlineSafe(
        `${bundle}\n//# sourceURL=${origin}/__extkit/bundle.js\n//# sourceMappingURL=${origin}/__extkit/bundle.js.map\n`,
      ),
    ];
    const hashes = scripts.map(scriptHash);
    const styleHashes = [scriptHash(BASE_STYLE)];
    ctx.framed = {
      bundle,
      scripts,
      csp: (reportUri, network, styled) =>
        frameCsp({ origin, network, reportUri, scriptHashes: hashes, styleHashes: styled ? styleHashes : [] }),
    };
  }
  return ctx.framed;
}

/** Sends one server-sent event to every host page. */
export function broadcast(
  streams: Set<ServerResponse>,
  event: 'state' | 'blocked',
  data: PreviewState | BlockedRequest,
): void {
  const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  for (const res of streams) res.write(frame);
}

export function handle(req: IncomingMessage, res: ServerResponse, ctx: RouteContext): void {
  const origin = `http://127.0.0.1:${ctx.port}`;
  const host = checkHost(req.headers.host, ctx.port);
  if (host === 'refuse')
    return send(
      res,
      403,
      'text/plain',
      `extkit dev answers only to ${origin}; this request named host ${JSON.stringify(req.headers.host ?? '')}.\n`,
    );
  if (host === 'redirect')
    return void res.writeHead(307, { ...BASE_HEADERS, location: origin + (req.url ?? '/') }).end();

  const url = parseRequestUrl(req.url, origin);
  if (!url) return send(res, 400, 'text/plain', 'Malformed URL.\n');
  const state = ctx.session.state;
  const method = req.method ?? 'GET';
  if (method === 'POST' && (url.path.startsWith(REPORT_PATH) || url.path === '/__extkit/csp-report')) {
    const verdict = checkReport(url.path, req.headers['content-type'], ctx.reportSecret);
    if (!verdict.ok)
      return void req.resume().on('end', () => send(res, verdict.status, 'text/plain', `${verdict.reason}\n`));
    const surface = url.query.get('surface') ?? '';
    if (!state.surfaces.some((s) => s.key === surface))
      return void req.resume().on('end', () => send(res, 400, 'text/plain', 'Refused: no such surface.\n'));
    return receiveReport(req, res, ctx, surface);
  }
  if (isDevApi(url.path)) return handleDevApi(req, res, url.path, origin, ctx.session);
  if (method !== 'GET' && method !== 'HEAD') return send(res, 405, 'text/plain', 'Method not allowed.\n');

  // A frame navigation the host page did not start: the extension sent its frame somewhere (see framedByExtension).
  if (framedByExtension(req.headers['sec-fetch-dest'], req.headers['sec-fetch-site'])) return stopped(res);

  switch (url.path) {
    case '/':
      return send(
        res,
        200,
        'text/html',
        hostDocument(`${state.extension?.name ?? 'extension'} · extkit dev`, ctx.frameKey),
        { 'content-security-policy': HOST_CSP },
      );
    case '/favicon.ico':
      return send(res, 204, 'image/x-icon', '');
    case '/__extkit/host.js':
      return send(res, 200, 'text/javascript', ctx.assets.host);
    case '/__extkit/state':
      return send(res, 200, 'application/json', JSON.stringify(state));
    case '/__extkit/events':
      // A HEAD gets the stream's headers and no stream: it would never be written to, and never close.
      if (method === 'HEAD')
        return void res.writeHead(200, { ...BASE_HEADERS, 'content-type': 'text/event-stream' }).end();
      res.writeHead(200, { ...BASE_HEADERS, 'content-type': 'text/event-stream', connection: 'keep-alive' });
      res.write(`event: state\ndata: ${JSON.stringify(state)}\n\n`);
      ctx.streams.add(res);
      req.on('close', () => ctx.streams.delete(res));
      return;
    case '/__extkit/bundle.js.map':
      if (state.blocked || ctx.session.bundle === null)
        return send(res, 409, 'text/plain', `${state.blocked?.message ?? 'No build.'}\n`);
      return send(res, 200, 'application/json', ctx.session.bundleMap);
  }
  if (url.path.startsWith('/__extkit/frame/')) {
    const key = url.path.slice('/__extkit/frame/'.length);
    if (!state.surfaces.some((s) => s.key === key))
      return send(res, 404, 'text/plain', `No surface ${JSON.stringify(key)} is declared.\n`);
    if (state.blocked || ctx.session.bundle === null)
      return send(res, 409, 'text/plain', `${state.blocked?.message ?? 'No build.'}\n`);
    const nonce = url.query.get(LOAD_PARAM);
    const dest = req.headers['sec-fetch-dest'];
    const framed = isFrameDest(dest);
    // Only into a frame: opened on its own (a new tab, a link, another page's <object>), no frame-src holds its navigations.
    // A request without Sec-Fetch-Dest (not a browser) still gets the frame.
    if (dest !== undefined && !framed) return notAFrame(res, origin);
    // Into a frame, only a load the host page named and that was not served yet (a history step re-requests old ones).
    if (framed && !(isLoadNonce(nonce) && ctx.loads.claim(nonce))) return stopped(res);
    const reportUri = `${origin}${REPORT_PATH}${ctx.reportSecret}?surface=${encodeURIComponent(key)}`;
    const { scripts, csp } = frameParts(ctx, origin, ctx.session.bundle);
    // ?base=off: the bare frame, without the base style (the host page's switch).
    const styled = url.query.get('base') !== 'off';
    const proof = isLoadNonce(nonce) ? proveLoad(ctx.frameKey, nonce) : undefined;
    // While routing is on, the emulator's origin joins the declared ones (docs/api.md); otherwise exactly capabilities.network.
    const routing = state.routing ? { api: state.routing.api, emulator: state.routing.emulator } : undefined;
    const network = routing
      ? devConnectSrc(state.declared.network, new URL(routing.emulator).origin)
      : state.declared.network;
    return send(res, 200, 'text/html', frameDocument(scripts, styled ? BASE_STYLE : undefined, proof, routing), {
      'content-security-policy': csp(reportUri, network, styled),
    });
  }
  return send(res, 404, 'text/plain', 'Not found.\n');
}

/**
 * True for a navigation of a frame that the frame itself started (the browser's Sec-Fetch-* headers, which no
 * page can set: the host page's loads are same-origin; a sandboxed frame's own navigations, reloads and meta
 * refreshes come from its opaque origin, so cross-site). The kit's policy, measured in Chromium 156: an extension
 * that sends its frame to a host makes the browser resolve the name and connect before frame-src refuses it; if
 * it then sends the frame to a URL of this server that commits nothing (a 204) or reloads itself, its code
 * survives, or runs again, to repeat it. Every such navigation gets the stopped page instead, which commits and
 * runs nothing, so each load of the extension gets one navigation. (A browser that sends no Sec-Fetch-* headers
 * gets the earlier behaviour.)
 */
const framedByExtension = (dest: string | string[] | undefined, site: string | string[] | undefined): boolean =>
  isFrameDest(dest) && site !== undefined && site !== 'same-origin';
const isFrameDest = (dest: string | string[] | undefined): boolean => dest === 'iframe' || dest === 'frame';

/*
 * A request of a frame document that a browser means for anything but a frame (a tab of its own: Chromium's "Open
 * frame in new tab", a link, a typed URL; an <object> or <embed>) gets the inert page. The kit's policy, found by a
 * security review in Chromium 156: the extension's navigations are held only by the host page's frame-src, so
 * opened top-level the extension sent full HTTP requests, data in their URLs, to any host, and navigated back to
 * its own URL to run again (69 requests in 4 s).
 */

/** What a frame navigated away from the extension holds: a document that commits and runs nothing. */
const STOPPED_PAGE =
  '<!doctype html><meta charset="utf-8"><title>stopped</title><p>The extension navigated its frame away; the preview stopped it. Reload the frame from the preview.</p>\n';
const INERT_CSP = "default-src 'none'; base-uri 'none'; form-action 'none'";
function stopped(res: ServerResponse): void {
  send(res, 200, 'text/html', STOPPED_PAGE, { 'content-security-policy': INERT_CSP });
}

/** What a frame URL opened outside a frame gets: a pointer to the preview, and nothing that runs. */
function notAFrame(res: ServerResponse, origin: string): void {
  send(
    res,
    403,
    'text/html',
    `<!doctype html><meta charset="utf-8"><title>extkit dev: a frame of the preview</title><p>This address is one frame of the extkit preview. The extension runs only inside the preview's frames, where the preview holds its navigations; opened on its own it does not run. <a href="${origin}/">Open the preview</a>.</p>\n`,
    { 'content-security-policy': INERT_CSP },
  );
}

function receiveReport(req: IncomingMessage, res: ServerResponse, ctx: RouteContext, surface: string): void {
  let body = '';
  let tooBig = false;
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => {
    if (body.length + chunk.length > MAX_REPORT_BYTES) tooBig = true;
    else body += chunk;
  });
  req.on('end', () => {
    const entry = tooBig ? undefined : parseCspReport(body, surface, ctx.session.state.declared.network);
    if (entry) broadcast(ctx.streams, 'blocked', entry);
    send(
      res,
      tooBig ? 413 : entry ? 204 : 400,
      'text/plain',
      tooBig ? 'Report too large.\n' : entry ? '' : 'Not a CSP report.\n',
    );
  });
}

/**
 * The request's URL with its path decoded, or null when it is malformed
 * (a bad percent-escape such as `%E0%A4%A`, or a target that is not a path).
 */
export function parseRequestUrl(
  target: string | undefined,
  origin: string,
): { path: string; query: URLSearchParams } | null {
  if (!target?.startsWith('/') || target.startsWith('//')) return null;
  try {
    const url = new URL(target, origin);
    const path = decodeURIComponent(url.pathname);
    return path.includes('\0') ? null : { path, query: url.searchParams };
  } catch {
    return null;
  }
}

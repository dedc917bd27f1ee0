// The preview server's routes. Every request passes the Host check first.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Session } from '../session/session.js';
import type { ClientAssets } from '../session/client-assets.js';
import type { BlockedRequest, PreviewState } from '../types.js';
import { parseCspReport } from './csp-report.js';
import { HOST_CSP, frameCsp, scriptHash } from './csp.js';
import { frameDocument, hostDocument, inlineSafe } from './documents.js';
import { checkHost } from './host-header.js';

const MAX_REPORT_BYTES = 64 * 1024;

export interface RouteContext {
  port: number;
  session: Session;
  assets: ClientAssets;
  /** Host pages listening for state and blocked requests (server-sent events). */
  streams: Set<ServerResponse>;
  /** The frame document's scripts and their CSP hashes, for the bundle they were made from. */
  framed?: { bundle: string; scripts: string[]; csp: (reportUri: string, network: readonly string[]) => string };
}

/** The frame's inlined scripts and policy for the current bundle, made once per build rather than per frame request. */
function frameParts(ctx: RouteContext, origin: string, bundle: string): NonNullable<RouteContext['framed']> {
  if (ctx.framed?.bundle !== bundle) {
    const scripts = [
      inlineSafe(ctx.assets.bridge),
      inlineSafe(`${bundle}\n//# sourceURL=${origin}/__extkit/bundle.js\n//# sourceMappingURL=${origin}/__extkit/bundle.js.map\n`),
    ];
    const hashes = scripts.map(scriptHash);
    ctx.framed = { bundle, scripts, csp: (reportUri, network) => frameCsp({ origin, network, reportUri, scriptHashes: hashes }) };
  }
  return ctx.framed;
}

/** Sends one server-sent event to every host page. */
export function broadcast(streams: Set<ServerResponse>, event: 'state' | 'blocked', data: PreviewState | BlockedRequest): void {
  const frame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  for (const res of streams) res.write(frame);
}

export function handle(req: IncomingMessage, res: ServerResponse, ctx: RouteContext): void {
  const origin = `http://127.0.0.1:${ctx.port}`;
  const host = checkHost(req.headers.host, ctx.port);
  if (host === 'refuse') return send(res, 403, 'text/plain', `extkit dev answers only to ${origin}; this request named host ${JSON.stringify(req.headers.host ?? '')}.\n`);
  if (host === 'redirect') return void res.writeHead(307, { location: origin + (req.url ?? '/') }).end();

  const url = new URL(req.url ?? '/', origin);
  const state = ctx.session.state;
  const method = req.method ?? 'GET';
  if (method === 'POST' && url.pathname === '/__extkit/csp-report') return receiveReport(req, res, ctx, url.searchParams.get('surface') ?? '');
  if (method !== 'GET' && method !== 'HEAD') return send(res, 405, 'text/plain', 'Method not allowed.\n');

  switch (url.pathname) {
    case '/':
      return send(res, 200, 'text/html', hostDocument(`${state.extension?.name ?? 'extension'} · extkit dev`), { 'content-security-policy': HOST_CSP });
    case '/favicon.ico':
      return send(res, 204, 'image/x-icon', '');
    case '/__extkit/host.js':
      return send(res, 200, 'text/javascript', ctx.assets.host);
    case '/__extkit/state':
      return send(res, 200, 'application/json', JSON.stringify(state));
    case '/__extkit/events':
      // A HEAD gets the stream's headers and no stream: it would never be written to, and never close.
      if (method === 'HEAD') return void res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }).end();
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(`event: state\ndata: ${JSON.stringify(state)}\n\n`);
      ctx.streams.add(res);
      req.on('close', () => ctx.streams.delete(res));
      return;
    case '/__extkit/bundle.js.map':
      if (state.blocked || ctx.session.bundle === null) return send(res, 409, 'text/plain', `${state.blocked?.message ?? 'No build.'}\n`);
      return send(res, 200, 'application/json', ctx.session.bundleMap);
  }
  if (url.pathname.startsWith('/__extkit/frame/')) {
    const key = decodeURIComponent(url.pathname.slice('/__extkit/frame/'.length));
    if (!state.surfaces.some((s) => s.key === key)) return send(res, 404, 'text/plain', `No surface ${JSON.stringify(key)} is declared.\n`);
    if (state.blocked || ctx.session.bundle === null) return send(res, 409, 'text/plain', `${state.blocked?.message ?? 'No build.'}\n`);
    const reportUri = `${origin}/__extkit/csp-report?surface=${encodeURIComponent(key)}`;
    const { scripts, csp } = frameParts(ctx, origin, ctx.session.bundle);
    return send(res, 200, 'text/html', frameDocument(scripts), { 'content-security-policy': csp(reportUri, state.declared.network) });
  }
  return send(res, 404, 'text/plain', 'Not found.\n');
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
    send(res, 204, 'text/plain', '');
  });
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': `${type}; charset=utf-8`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(body);
}

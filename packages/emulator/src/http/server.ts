// The emulator's HTTP front: CORS, then faults, then the file URLs, the marketplace,
// the admin surface and the API pipeline. Each refusal ends its request.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { matchOperation } from '@extkit/api';
import type { AdminApi } from '../admin/api.js';
import { adminTable } from '../admin/routes.js';
import { fromLoopback, handleAdmin, loopbackOnly } from '../admin/surface.js';
import type { Engine } from '../engine/engine.js';
import type { Faults } from '../faults/faults.js';
import { answerCors } from './cors.js';
import { ApiError } from './errors.js';
import type { RequestLogEntry } from './pipeline.js';

export interface FrontDeps {
  engine: Engine;
  pipeline: (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
    fault?: string,
  ) => Promise<void>;
  admin: AdminApi;
  faults: Faults;
  now: () => number;
  log: (entry: RequestLogEntry) => void;
}

/** A stored file's URLs (`url` and `cdnUrl` of a media object): part of the API, not the admin surface. */
const mediaPath = /^\/__emulator\/(files|cdn)\/([^/]+)$/;

/** A stored file's bytes: by its download URL (token checked) or its public CDN URL (private files have none). */
async function serveFile(
  engine: Engine,
  via: 'files' | 'cdn',
  id: string,
  token: string | null,
): Promise<{ contentType: string; bytes: Buffer }> {
  const [row] = await engine.query<{ body: Record<string, unknown> | string }>(
    "select body from objects where kind = 'media' and id = $1 and not deleted",
    [id],
  );
  const body = row
    ? typeof row.body === 'string'
      ? (JSON.parse(row.body) as Record<string, unknown>)
      : row.body
    : null;
  const allowed = body && (via === 'files' ? token !== null && token === body.__token : body.private !== true);
  if (!body || !allowed) throw new ApiError(404, 'not_found', 'No such file');
  return {
    contentType: typeof body.contentType === 'string' ? body.contentType : 'application/octet-stream',
    bytes: Buffer.from(typeof body.__data === 'string' ? body.__data : '', 'base64'),
  };
}

/** The marketplace's own paths (staff ones on the admin surface); listing-versions stays a catalog operation. */
function marketplacePath(path: string): { admin: boolean; rest: string } | null {
  if (path.startsWith('/__emulator/marketplace/'))
    return { admin: true, rest: path.slice('/__emulator/marketplace'.length) };
  if (path.startsWith('/api/marketplace/') && path !== '/api/marketplace/listing-versions')
    return { admin: false, rest: path.slice('/api/marketplace'.length) };
  return null;
}

/** The listener of the emulator's node:http server. */
export function requestListener(deps: FrontDeps): RequestListener {
  const { engine, pipeline, admin, faults } = deps;
  return (req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1');
    } catch {
      res
        .writeHead(400, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { type: 'bad_request', message: 'The request target is not a URL' } }));
      return;
    }
    const path = url.pathname;
    const query = url.searchParams;
    const adminPath = path === '/__emulator' || path.startsWith('/__emulator/');
    // The admin surface stays loopback-only and same-origin: no CORS there, no faults (a file's URLs are the API's).
    const apiPath = !adminPath || mediaPath.test(path);
    if (apiPath && answerCors(req, res)) return;
    const fail = (error: unknown): void => {
      const e =
        error instanceof ApiError
          ? error
          : new ApiError(500, 'internal_error', 'The emulator failed; this is a bug in extkit');
      if (!(error instanceof ApiError)) console.error('[extkit emulator]', error);
      if (!res.headersSent)
        res.writeHead(e.status, { 'content-type': 'application/json', ...e.headers }).end(JSON.stringify(e.body));
    };
    const route = (fault?: string): void => {
      const file = mediaPath.exec(path);
      if (file && req.method === 'GET') {
        serveFile(engine, file[1] as 'files' | 'cdn', decodeURIComponent(file[2]!), query.get('token'))
          .then((f) =>
            res
              .writeHead(200, {
                'content-type': f.contentType,
                'content-length': f.bytes.length,
                'x-content-type-options': 'nosniff',
                'content-security-policy': "default-src 'none'",
              })
              .end(f.bytes),
          )
          .catch(fail);
        return;
      }
      const market = marketplacePath(path);
      if (market) {
        if (market.admin && !fromLoopback(req)) return fail(loopbackOnly());
        // The marketplace (and the manifest and bundler packages it checks with) loads with its first request.
        import('../marketplace/routes.js')
          .then(({ answerMarketplace, adminRoutes, apiRoutes }) =>
            answerMarketplace(market.admin ? adminRoutes : apiRoutes, engine, req, market.rest, query, deps.now()),
          )
          .then((r) => {
            if (!r) return pipeline(req, res, path, query, fault);
            res
              .writeHead(r.status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
              .end(JSON.stringify(r.body));
          })
          .catch(fail);
        return;
      }
      if (adminPath) {
        handleAdmin(adminTable, admin, req, path.slice('/__emulator'.length), query)
          .then((r) =>
            res
              .writeHead(r.status, {
                'content-type': r.contentType ?? 'application/json',
                'cache-control': 'no-store',
                ...r.headers,
              })
              .end(r.text ?? JSON.stringify(r.body)),
          )
          .catch(fail);
        return;
      }
      pipeline(req, res, path, query, fault).catch(fail);
    };
    // Faults come before every other rule: no key, no budget, no meter.
    const method = req.method ?? 'GET';
    const fault = apiPath ? faults.take(method, path) : null;
    if (!fault) return route();
    const started = performance.now();
    faults
      .apply(fault, req, res)
      .then((outcome) => {
        if (outcome === 'through') return route(fault.id);
        deps.log({
          at: new Date(deps.now()).toISOString(),
          method,
          path,
          status: outcome === 'answered' ? fault.status! : 0,
          operation: matchOperation(method, path).operation?.id ?? null,
          org: null,
          ms: Math.round((performance.now() - started) * 100) / 100,
          fault: fault.id,
        });
      })
      .catch(fail);
  };
}

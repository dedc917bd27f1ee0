// The host page's development endpoints: keep the settings panel's values (PUT /__extkit/settings),
// map a stack to the sources (POST /__extkit/stack), and drive the emulator the frames are routed
// to through its admin surface (/__extkit/emulator/...: keys, reset, clock, plan, faults). Only the
// host page calls them: a same-origin request with JSON, as the browser sends it (Origin and
// Sec-Fetch-Site, which no other page can forge); anything else is refused before it is read.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Session } from '../session/session.js';
import { localValuesProblem, type LocalValues } from '../session/local-settings.js';
import { mapStack } from './stack.js';
import { send } from './send.js';

const MAX_BODY = 256 * 1024;
/** What the host page may ask of the emulator's admin surface, by path under /__extkit/emulator/ and method. */
const EMULATOR_PATHS: Readonly<Record<string, readonly string[]>> = {
  keys: ['POST'],
  reset: ['POST'],
  clock: ['POST'],
  plan: ['POST'],
  faults: ['GET', 'POST', 'DELETE'],
  '': ['GET'],
};

/** True when this request is one of these endpoints (answered by handleDevApi). */
export const isDevApi = (path: string): boolean =>
  path === '/__extkit/settings' || path === '/__extkit/stack' || path.startsWith('/__extkit/emulator');

export function handleDevApi(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  origin: string,
  session: Session,
): void {
  const method = req.method ?? 'GET';
  const refuse = (status: number, why: string): void =>
    void req.resume().on('end', () => send(res, status, 'text/plain', `${why}\n`));
  const site = req.headers['sec-fetch-site'];
  if (req.headers.origin !== origin || (site !== undefined && site !== 'same-origin'))
    return refuse(403, 'Refused: only the preview page calls this.');
  if (method !== 'GET' && !String(req.headers['content-type'] ?? '').startsWith('application/json'))
    return refuse(415, 'Refused: send JSON.');
  readBody(req, (body, tooBig) => {
    if (tooBig) return send(res, 413, 'text/plain', 'Too large.\n');
    let data: unknown = {};
    try {
      if (body !== '') data = JSON.parse(body) as unknown;
    } catch {
      return send(res, 400, 'text/plain', 'Not JSON.\n');
    }
    if (path === '/__extkit/settings') {
      if (method !== 'PUT') return send(res, 405, 'text/plain', 'PUT the values.\n');
      const values = (data as { values?: unknown }).values;
      const problem = localValuesProblem(values);
      if (problem) return send(res, 400, 'text/plain', `Not saved: ${problem}.\n`);
      try {
        session.saveLocalSettings(values as LocalValues);
      } catch (err) {
        return send(res, 500, 'text/plain', `Not saved: ${(err as Error).message}\n`);
      }
      return send(res, 204, 'text/plain', '');
    }
    if (path === '/__extkit/stack') {
      const stack = (data as { stack?: unknown }).stack;
      if (method !== 'POST' || typeof stack !== 'string') return send(res, 400, 'text/plain', 'POST {stack}.\n');
      return send(res, 200, 'application/json', JSON.stringify({ stack: mapStack(stack, session.bundleMap) }));
    }
    return void relay(res, method, path.slice('/__extkit/emulator'.length).replace(/^\//, ''), body, session);
  });
}

/** Sends the request on to the emulator's admin surface and its answer back, as it is. */
async function relay(res: ServerResponse, method: string, sub: string, body: string, session: Session): Promise<void> {
  const admin = session.state.routing?.admin;
  if (!admin) return send(res, 409, 'text/plain', 'No emulator: start the preview with extkit dev --emulator.\n');
  if (!EMULATOR_PATHS[sub]?.includes(method)) return send(res, 404, 'text/plain', 'Not an emulator control.\n');
  try {
    const answer = await fetch(sub === '' ? admin : `${admin}/${sub}`, {
      method,
      ...(method === 'GET' ? {} : { body: body || '{}', headers: { 'content-type': 'application/json' } }),
      signal: AbortSignal.timeout(10_000),
    });
    send(res, answer.status, answer.headers.get('content-type')?.split(';')[0] ?? 'text/plain', await answer.text());
  } catch (err) {
    send(res, 502, 'text/plain', `The emulator at ${admin} did not answer: ${(err as Error).message}\n`);
  }
}

function readBody(req: IncomingMessage, done: (body: string, tooBig: boolean) => void): void {
  let body = '';
  let tooBig = false;
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => {
    if (body.length + chunk.length > MAX_BODY) tooBig = true;
    else body += chunk;
  });
  req.on('end', () => done(tooBig ? '' : body, tooBig));
}

// One request through the rules of document 000, each step reading its own table:
// route (operations), auth and rate limits (limits), plan gates (plans), metering,
// scopes, shapes (shapes), idempotency, then the handler in one transaction.
// Here: the route (open or keyed), admission, the answer written and logged; the steps
// after admission live in request-checks.ts, gates.ts and dispatch.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matchOperation } from '@extkit/api';
import { bearerKey } from '../rules/auth.js';
import { failure, type Answer } from './answer.js';
import { readBody } from './body.js';
import { dispatch, type RunDeps } from './dispatch.js';
import { ApiError } from './errors.js';
import { passGates, planOf, templateOf } from './gates.js';
import { checked } from './request-checks.js';
import { maskKey } from '../page/client/mask-key.js';

export interface PipelineDeps extends RunDeps {
  now(): number;
  /** Anonymous paths outside the key rules (openapi.json, marketplace, inbound hooks). */
  open: Record<
    string,
    (req: {
      params: Record<string, string>;
      headers: IncomingMessage['headers'];
      raw: Buffer;
      query: URLSearchParams;
    }) => Promise<{ status: number; body: unknown; headers?: Record<string, string> }>
  >;
  log(entry: RequestLogEntry): void;
}

export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  status: number;
  operation: string | null;
  org: string | null;
  ms: number;
  /** The fault (`emu.faults`) that answered, dropped (status 0) or delayed this request. */
  fault?: string;
  /** The key it carried, shortened (`sk_emu_abc…wxyz`): enough to tell keys apart in the log, not to use one. */
  key?: string;
}

export function createPipeline(
  deps: PipelineDeps,
): (
  req: IncomingMessage,
  res: ServerResponse,
  pathname: string,
  query: URLSearchParams,
  fault?: string,
) => Promise<void> {
  return async (req, res, pathname, query, fault) => {
    const started = performance.now();
    const method = req.method ?? 'GET';
    let org: string | null = null;
    let opId: string | null = null;
    let answer: Answer;
    try {
      const raw = await readBody(req);
      const routed = matchOperation(method, pathname);
      opId = routed.operation?.id ?? null;
      if (routed.operation && routed.operation.auth !== 'key') {
        const open = deps.open[routed.operation.id];
        if (!open) throw new ApiError(404, 'not_found', 'No such endpoint');
        const r = await open({ params: routed.params, headers: req.headers, raw, query });
        answer = { status: r.status, body: r.body, headers: r.headers ?? {} };
      } else {
        answer = await keyed(deps, req, raw, pathname, query, routed, (o) => (org = o));
      }
    } catch (error) {
      answer = failure(error);
    }
    const text = answer.raw ?? JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...answer.headers,
    });
    res.end(text);
    deps.log({
      at: new Date(deps.now()).toISOString(),
      method,
      path: pathname,
      status: answer.status,
      operation: opId,
      org,
      ms: Math.round((performance.now() - started) * 100) / 100,
      ...(fault !== undefined ? { fault } : {}),
      ...(bearerKey(req.headers.authorization) ? { key: maskKey(bearerKey(req.headers.authorization)!) } : {}),
    });
  };
}

/** A request under the key rules: checked, admitted (key, limits, meter, its key's claim: rules/admit.ts), gated, run. */
async function keyed(
  deps: PipelineDeps,
  req: IncomingMessage,
  raw: Buffer,
  pathname: string,
  query: URLSearchParams,
  routed: ReturnType<typeof matchOperation>,
  setOrg: (org: string) => void,
): Promise<Answer> {
  const now = deps.now();
  const method = req.method ?? 'GET';
  const address = req.socket.remoteAddress ?? 'unknown';
  const key = bearerKey(req.headers.authorization);
  if (key === null) return deps.admission.unknown(address, now, Boolean(req.headers.authorization));
  const template = templateOf(method, pathname);
  const gate = template ? planOf(template) : null;
  const request = routed.operation ? checked(deps.handlers, req, raw, query, routed.operation, routed.params) : null;
  const { caller, headers, claimed } = await deps.admission.admit({
    key,
    address,
    now,
    gate: gate ?? '',
    scope: routed.operation?.scope ?? '',
    slot: request?.slot ?? null,
  });
  setOrg(caller.org);
  try {
    const { op, params, checks } = passGates(method, pathname, routed, gate, request, caller);
    const body = await dispatch(deps, method, op, params, checks, caller, claimed, now);
    return { ...body, headers: { ...headers, ...body.headers } };
  } catch (error) {
    const a = failure(error);
    return { ...a, headers: { ...headers, ...a.headers } };
  }
}

// One request through the rules of document 000, each step reading its own table:
// route (operations), auth and rate limits (limits), plan gates (plans), metering,
// scopes, shapes (shapes), idempotency, then the handler in one transaction.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { allowedMethods, matchOperation, operations, shapeIssues, shapes, type Operation } from '@extkit/api';
import type { Ctx, EventValue, Handler } from '../context.js';
import type { Engine, Sql } from '../engine/engine.js';
import type { Admitter } from '../rules/admit.js';
import { bearerKey, type Caller } from '../rules/auth.js';
import { claim, release, remember, rememberFirst, remembered, type KeySlot } from '../rules/idempotency.js';
import { parseJson, readBody } from './body.js';
import { ApiError, invalid, planRequired } from './errors.js';

export interface PipelineDeps {
  engine: Engine;
  admission: Admitter;
  /** `http://127.0.0.1:<port>`. */
  origin(): string;
  now(): number;
  handlers: Record<string, Handler>;
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
  onEvents(org: string, events: { event: string; payload: Record<string, EventValue> }[]): void;
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

/** How the request log shows a key. */
export const maskKey = (key: string): string => (key.length > 16 ? `${key.slice(0, 10)}…${key.slice(-4)}` : key);

interface Answer {
  status: number;
  body: unknown;
  /** Sent verbatim (an idempotent replay's original body). */
  raw?: string;
  headers: Record<string, string>;
}

const planOf = (path: string): Operation['plan'] => operations.find((o) => o.path === path)?.plan ?? null;

/** The path template a pathname falls under, whatever the method. */
function templateOf(method: string, pathname: string): string | null {
  const m = matchOperation(method, pathname);
  if (m.operation) return m.operation.path;
  if (!m.allow) return null;
  return Object.keys(allowedMethods).find((t) => allowedMethods[t] === m.allow) ?? null;
}

/** The query as a plain object, empty values left out (an empty value means the filter is absent). */
const queryObject = (q: URLSearchParams): Record<string, string> =>
  Object.fromEntries([...q].filter(([, v]) => v !== ''));

const fieldsOf = (issues: { path: string; message: string }[]): Record<string, string> =>
  Object.fromEntries(issues.map((i) => [i.path.slice(1).replaceAll('/', '.'), i.message]));

const keyScope = (
  op: Operation,
  params: Record<string, string>,
  query: URLSearchParams,
  body: Record<string, unknown>,
): string =>
  op.keyed === 'dataset'
    ? (params.datasetId ?? '')
    : op.keyed === 'site'
      ? (params.siteId ?? query.get('siteId') ?? String(body.siteId ?? ''))
      : '';

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

function failure(error: unknown): Answer {
  if (error instanceof ApiError) return { status: error.status, body: error.body, headers: error.headers };
  console.error('[extkit emulator] internal error:', error);
  return {
    status: 500,
    body: {
      error: { type: 'internal_error', message: 'The emulator failed; this is a bug in extkit, please report it' },
    },
    headers: {},
  };
}

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
  const request = routed.operation ? checked(deps, req, raw, query, routed.operation, routed.params) : null;
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
    const body = await gateAndRun(deps, method, pathname, routed, gate, request, caller, claimed, now);
    return { ...body, headers: { ...headers, ...body.headers } };
  } catch (error) {
    const a = failure(error);
    return { ...a, headers: { ...headers, ...a.headers } };
  }
}

/** What a routed request is, read before admission (no caller needed): its body, the first refusal of its shape, its key slot. */
interface Checked {
  body: Record<string, unknown>;
  /** The first refusal of the request itself, thrown once the caller's checks pass. */
  refusal: ApiError | null;
  query: URLSearchParams;
  /** The Idempotency-Key to claim (the organization filled in by admission), when the request is sound. */
  slot: KeySlot | null;
}

function checked(
  deps: PipelineDeps,
  req: IncomingMessage,
  raw: Buffer,
  query: URLSearchParams,
  op: Operation,
  params: Record<string, string>,
): Checked {
  const method = req.method ?? 'GET';
  const refuse = (refusal: ApiError): Checked => ({ body: {}, refusal, slot: null, query });
  try {
    // PostgreSQL text holds no NUL character: an id carrying one names nothing, a value carrying one is refused.
    if (Object.values(params).some((v) => v.includes('\u0000')))
      return refuse(new ApiError(404, 'not_found', 'No such object'));
    const nulInQuery = [...query].filter(([, v]) => v.includes('\u0000')).map(([k]) => k);
    if (nulInQuery.length > 0) return refuse(invalid(Object.fromEntries(nulInQuery.map((k) => [k, nulMessage]))));
    const body =
      method === 'GET' || method === 'DELETE'
        ? {}
        : parseJson(raw, req.headers['content-type'], op.id.startsWith('records.'));
    const nulInBody = nulPaths(body, '');
    if (nulInBody.length > 0) return refuse(invalid(Object.fromEntries(nulInBody.map((k) => [k, nulMessage]))));
    const spec = (shapes as Record<string, Parameters<typeof shapeIssues>[1]>)[op.id];
    if (spec) {
      // A write's params are its body plus what the client sends in the query (a lead's siteId): the spec reads both.
      const fromQuery = Object.fromEntries(
        Object.entries(queryObject(query)).filter(([k]) => spec.keys?.includes(k) && body[k] === undefined),
      );
      const issues = shapeIssues(method === 'GET' ? queryObject(query) : { ...fromQuery, ...body }, spec);
      if (issues.length > 0) return refuse(invalid(fieldsOf(issues)));
    }
    if (!deps.handlers[op.id]) return refuse(new ApiError(404, 'not_found', `No such endpoint: ${method} ${op.path}`));
    const idempotencyKey = op.keyed ? req.headers['idempotency-key'] : undefined;
    const slot =
      typeof idempotencyKey === 'string' && idempotencyKey !== ''
        ? { org: '', op: op.id, scope: keyScope(op, params, query, body), key: idempotencyKey.slice(0, 255) }
        : null;
    return { body, refusal: null, slot, query };
  } catch (error) {
    if (error instanceof ApiError) return refuse(error);
    throw error;
  }
}

async function gateAndRun(
  deps: PipelineDeps,
  method: string,
  pathname: string,
  routed: ReturnType<typeof matchOperation>,
  gate: Operation['plan'],
  request: Checked | null,
  caller: Caller,
  claimed: boolean | null,
  now: number,
): Promise<Answer> {
  const { engine } = deps;
  if (!caller.plan.api)
    throw planRequired(undefined, 'Your plan does not include API access; the REST API starts on the Business plan');
  if (gate === 'crm' && !caller.plan.crm)
    throw planRequired('crm', 'Your plan does not include the CRM suite; contacts keep working');
  if (gate === 'commerce' && !caller.plan.commerce)
    throw planRequired('commerce', 'Your plan does not include commerce');
  // Metered by admission from here on.

  if (!routed.operation) {
    if (!routed.allow) throw new ApiError(404, 'not_found', `No such endpoint: ${method} ${pathname}`);
    // For CRM the scope is checked before the method (001 §1).
    if (gate === 'crm') requireScope(caller, method === 'GET' ? 'crm:read' : 'crm:write');
    throw new ApiError(
      405,
      'method_not_allowed',
      `${method} is not allowed on ${pathname}; allowed: ${routed.allow.join(', ')}`,
      { headers: { Allow: routed.allow.join(', ') } },
    );
  }
  const { operation: op, params } = routed;
  if (op.scope) requireScope(caller, op.scope);
  const checks = request!;
  if (checks.refusal) throw checks.refusal;
  const slot = checks.slot ? { ...checks.slot, org: caller.org } : null;
  const flights = deps.admission.flights;
  if (slot && flights) {
    flights.take(slot);
    try {
      return await runHeld(deps, op, params, checks, caller, slot, now);
    } finally {
      flights.drop(slot);
    }
  }
  if (slot && !claimed) {
    const held = await claim(engine, slot, now);
    if (held) return replayed(held.replay);
  }
  // The meter may be written behind (the embedded engine): a read of it writes what is pending first.
  if (op.id === 'usage.retrieve') await deps.admission.flush();
  const events: Events = [];
  const run = async (sql: Sql): Promise<{ status: number; text: string }> => {
    const r = await runHandler(deps, op, params, checks, caller, sql, now, events);
    if (slot && r.status < 300) await remember(sql, slot, r.status, r.text, now);
    return r;
  };
  try {
    // A read answers from single statements and writes nothing: it needs no transaction (two round trips fewer).
    const result = method === 'GET' ? await run(engine) : await engine.transaction(run);
    // A refusal answered as a value (a conversion whose contact stands) commits its writes and gives the key back.
    if (slot && result.status >= 300) await release(engine, slot);
    if (events.length > 0) deps.onEvents(caller.org, events);
    return { status: result.status, body: null, raw: result.text, headers: {} };
  } catch (error) {
    if (slot) await release(engine, slot);
    throw error;
  }
}

type Events = { event: string; payload: Record<string, EventValue> }[];

const replayed = (text: string): Answer => ({
  status: 200,
  body: null,
  raw: text,
  headers: { 'Idempotent-Replayed': 'true' },
});

async function runHandler(
  deps: PipelineDeps,
  op: Operation,
  params: Record<string, string>,
  checks: Checked,
  caller: Caller,
  sql: Sql,
  now: number,
  events: Events,
): Promise<{ status: number; text: string }> {
  const ctx: Ctx = {
    op,
    params,
    query: checks.query,
    body: checks.body,
    org: caller.org,
    plan: caller.plan,
    scopes: caller.scopes,
    sql,
    now,
    engine: deps.engine,
    origin: deps.origin(),
    emit: (event, payload) => events.push({ event, payload }),
  };
  const r = await deps.handlers[op.id]!(ctx);
  return { status: r.status ?? op.status, text: JSON.stringify(r.body) };
}

/** Thrown inside the handler's transaction to undo it: the key already has an answer, which is sent instead. */
class Replay extends Error {}

/**
 * A keyed write whose key this process holds in memory (an embedded store). No statement claims
 * the key: the handler runs, and its first answer is remembered in its own transaction. A key
 * that already has an answer is found there (the transaction is undone and the answer replayed),
 * or, when the handler refused, before the refusal is sent: a replay wins over what the request
 * would do now, as 000 §3 says (the original body, even after the object changed or went).
 */
async function runHeld(
  deps: PipelineDeps,
  op: Operation,
  params: Record<string, string>,
  checks: Checked,
  caller: Caller,
  slot: KeySlot,
  now: number,
): Promise<Answer> {
  const { engine } = deps;
  const events: Events = [];
  const run = async (sql: Sql): Promise<{ status: number; text: string }> => {
    const r = await runHandler(deps, op, params, checks, caller, sql, now, events);
    if (
      r.status < 300
        ? !(await rememberFirst(sql, slot, r.status, r.text, now))
        : (await remembered(sql, slot, now)) !== null
    )
      throw new Replay();
    return r;
  };
  try {
    const result = await engine.transaction(run);
    if (events.length > 0) deps.onEvents(caller.org, events);
    return { status: result.status, body: null, raw: result.text, headers: {} };
  } catch (error) {
    const replay = await remembered(engine, slot, now);
    if (replay !== null) return replayed(replay);
    throw error;
  }
}

const nulMessage = 'must not contain the NUL character (U+0000)';

/** Dotted paths of the strings (and keys) in a parsed body that hold a NUL character. */
function nulPaths(value: unknown, at: string): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [at || 'body'] : [];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => {
    const path = at ? `${at}.${k}` : k;
    return k.includes('\u0000') ? [path] : nulPaths(v, path);
  });
}

function requireScope(caller: Caller, scope: string): void {
  if (!caller.scopes.includes(scope))
    throw new ApiError(403, 'insufficient_scope', `This key lacks the ${scope} scope`, { code: scope });
}

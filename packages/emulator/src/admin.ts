// The admin surface beside the API, at /__emulator (loopback only): keys, plans, the
// clock, seeds and reset, outbound webhook registration, the request and delivery logs.
import type { IncomingMessage } from 'node:http';
import { ApiError, invalid } from './http/errors.js';
import { parseJson, readBody } from './http/body.js';
import type { PlanInput } from './rules/plans.js';
import type { SeedData } from './seed/load.js';

export interface AdminApi {
  summary(): Promise<unknown>;
  createKey(options: {
    scopes?: string[];
    plan?: PlanInput;
    org?: string;
  }): Promise<{ key: string; org: string; scopes: string[] }>;
  setPlan(plan: PlanInput, org?: string): Promise<unknown>;
  advance(ms: number): number;
  reset(seed?: string | SeedData): Promise<void>;
  registerWebhook(url: string, secret: string | null, org?: string): Promise<void>;
  registerHook(hostId: string, hookId: string, secret: string): void;
  takeDown(sha256: string): void;
  requests(): unknown[];
  deliveries(): unknown[];
  inbound(): unknown[];
}

const loopback = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** True for a request from this machine, addressed to a loopback host, from no foreign web origin. */
export function fromLoopback(req: IncomingMessage): boolean {
  if (!loopback.has(req.socket.remoteAddress ?? '')) return false;
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) return false;
  const origin = req.headers.origin;
  // A page on another local origin may send a simple request here; it has no business doing so.
  return origin === undefined || origin === `http://${req.headers.host}`;
}

const str = (v: unknown, key: string): string => {
  if (typeof v !== 'string' || v === '') throw invalid({ [key]: 'is required (a string)' });
  return v;
};

/** Answers one admin request; throws ApiError for a refusal. */
export async function handleAdmin(
  api: AdminApi,
  req: IncomingMessage,
  route: string,
): Promise<{ status: number; body: unknown }> {
  if (!fromLoopback(req))
    throw new ApiError(403, 'forbidden', 'The emulator admin surface answers loopback requests only', {
      code: 'loopback_only',
    });
  const method = req.method ?? 'GET';
  const raw = await readBody(req);
  if (method === 'GET') {
    if (route === '') return { status: 200, body: await api.summary() };
    if (route === '/requests') return { status: 200, body: { object: 'list', data: api.requests() } };
    if (route === '/deliveries') return { status: 200, body: { object: 'list', data: api.deliveries() } };
    if (route === '/inbound') return { status: 200, body: { object: 'list', data: api.inbound() } };
  }
  if (method === 'POST') {
    // JSON only: a cross-origin form cannot send application/json without a preflight.
    const body = parseJson(
      raw,
      req.headers['content-type'] ?? (raw.length === 0 ? 'application/json' : undefined),
      false,
    );
    switch (route) {
      case '/keys':
        return {
          status: 201,
          body: await api.createKey(body as { scopes?: string[]; plan?: PlanInput; org?: string }),
        };
      case '/plan':
        return { status: 200, body: await api.setPlan(body.plan as PlanInput, body.org as string | undefined) };
      case '/clock': {
        const ms = body.advanceMs;
        if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
          throw invalid({ advanceMs: 'must be a number of ms, 0 or more' });
        return { status: 200, body: { now: new Date(api.advance(ms)).toISOString() } };
      }
      case '/reset':
        await api.reset(body.seed as string | SeedData | undefined);
        return { status: 200, body: { reset: true } };
      case '/webhooks':
        await api.registerWebhook(
          str(body.url, 'url'),
          typeof body.secret === 'string' ? body.secret : null,
          body.org as string | undefined,
        );
        return { status: 200, body: { url: body.url } };
      case '/hooks':
        api.registerHook(str(body.hostId, 'hostId'), str(body.hookId, 'hookId'), str(body.secret, 'secret'));
        return { status: 200, body: { hostId: body.hostId, hookId: body.hookId } };
      case '/takedowns':
        api.takeDown(str(body.sha256, 'sha256').toLowerCase());
        return { status: 200, body: { sha256: body.sha256 } };
    }
  }
  throw new ApiError(404, 'not_found', `No such admin endpoint: ${method} /__emulator${route}`);
}

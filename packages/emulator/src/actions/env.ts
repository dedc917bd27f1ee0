// What an action runs with: the store, the clock and the webhook sender, and one
// organization's context built as a request's would be, so actions reuse the handlers' rules.
import type { Operation } from '@extkit/api';
import type { Ctx, EventValue } from '../context.js';
import type { Engine } from '../engine/engine.js';
import { ApiError, invalid } from '../http/errors.js';
import type { Plan } from '../rules/plans.js';

export type Events = { event: string; payload: Record<string, EventValue> }[];

export interface ActionEnv {
  engine: Engine;
  now(): number;
  /** `http://127.0.0.1:<port>`. */
  origin(): string;
  defaultOrg: string;
  /** Sends events to the organization's webhook, after the action's transaction committed. */
  onEvents(org: string, events: Events): void;
}

/** Actions are not operations of the catalog: their context names the platform side that performs them. */
const actionOp = (name: string): Operation =>
  ({
    id: `action.${name}`,
    method: 'POST',
    path: `/__emulator/actions/${name}`,
    auth: 'none',
    scope: null,
    plan: null,
    keyed: null,
    status: 200,
    list: false,
    doc: '',
  }) as unknown as Operation;

/** Runs `fn` in one transaction as organization `org` (default: the default organization); events are sent once it commits. */
export async function inOrg<T>(
  env: ActionEnv,
  name: string,
  org: unknown,
  body: Record<string, unknown>,
  fn: (ctx: Ctx) => Promise<T>,
): Promise<T> {
  if (org !== undefined && (typeof org !== 'string' || org === ''))
    throw invalid({ org: 'must be an organization id' });
  const id = org ?? env.defaultOrg;
  const [row] = await env.engine.query<{ plan: Plan | string }>('select plan from orgs where id = $1', [id]);
  if (!row) throw new ApiError(404, 'not_found', `No such organization: ${id}`);
  const plan = typeof row.plan === 'string' ? (JSON.parse(row.plan) as Plan) : row.plan;
  const events: Events = [];
  const now = env.now();
  const result = await env.engine.transaction((sql) =>
    fn({
      op: actionOp(name),
      params: {},
      query: new URLSearchParams(),
      body,
      org: id,
      plan,
      scopes: [],
      sql,
      now,
      engine: env.engine,
      origin: env.origin(),
      emit: (event, payload) => events.push({ event, payload }),
    }),
  );
  if (events.length > 0) env.onEvents(id, events);
  return result;
}

/** Optional string member, or a 400 naming it. */
export function optString(body: Record<string, unknown>, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw invalid({ [key]: 'must be a string' });
  return v;
}

/** Required non-empty string member, or a 400 naming it. */
export function reqString(body: Record<string, unknown>, key: string): string {
  const v = optString(body, key);
  if (v === undefined || v.trim() === '') throw invalid({ [key]: 'is required (a string)' });
  return v;
}

/** Refuses members the action does not read: an action body is closed, as most write bodies are. */
export function closed(body: Record<string, unknown>, keys: string[]): void {
  const extra = Object.keys(body).filter((k) => !keys.includes(k) && k !== 'org');
  if (extra.length > 0) throw invalid(Object.fromEntries(extra.map((k) => [k, 'is not a member of this action'])));
}

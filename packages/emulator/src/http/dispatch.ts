// The handler run in its transaction, with the Idempotency-Key (000 §3): claimed in the store or
// held in memory, its first answer remembered, a repeat replayed; the events it emitted sent on.
import type { Operation } from '@extkit/api';
import type { Ctx, Handler } from '../context.js';
import type { Engine, Sql } from '../engine/engine.js';
import type { Admitter } from '../rules/admit.js';
import type { Caller } from '../rules/auth.js';
import { claim, release, remember, rememberFirst, remembered, type KeySlot } from '../rules/idempotency.js';
import type { Events } from '../webhooks.js';
import type { Answer } from './answer.js';
import type { Checked } from './request-checks.js';

/** What a run needs of the emulator. */
export interface RunDeps {
  engine: Engine;
  admission: Admitter;
  /** `http://127.0.0.1:<port>`. */
  origin(): string;
  handlers: Record<string, Handler>;
  onEvents(org: string, events: Events): void;
}

/** Runs a gated operation: once per Idempotency-Key, a read outside a transaction, a write inside one. */
export async function dispatch(
  deps: RunDeps,
  method: string,
  op: Operation,
  params: Record<string, string>,
  checks: Checked,
  caller: Caller,
  claimed: boolean | null,
  now: number,
): Promise<Answer> {
  const { engine } = deps;
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

const replayed = (text: string): Answer => ({
  status: 200,
  body: null,
  raw: text,
  headers: { 'Idempotent-Replayed': 'true' },
});

async function runHandler(
  deps: RunDeps,
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
  deps: RunDeps,
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

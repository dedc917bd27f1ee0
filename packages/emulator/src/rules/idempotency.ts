// The idempotency key lifecycle of 000 §3: unseen, in flight, remembered 30 days,
// released. On a shared store each move is one statement, so two processes on one database
// agree. An embedded store has one process: its keys in flight are held in memory, and only
// the remembered answer is written, in the handler's transaction.
import type { Sql } from '../engine/engine.js';
import { ApiError } from '../http/errors.js';
import { idempotencyMemoryMs, inFlightStaleMs } from './limits.js';

export interface KeySlot {
  org: string;
  op: string;
  /** '' for organization scope, else the dataset or site id. */
  scope: string;
  key: string;
}

const ids = (s: KeySlot): unknown[] => [s.org, s.op, s.scope, s.key];

const slotName = (s: KeySlot): string => JSON.stringify(ids(s));

const inFlight = (): ApiError =>
  new ApiError(409, 'conflict', 'A request with this Idempotency-Key is still in flight; retry once it has finished', {
    code: 'idempotency_in_progress',
  });

/**
 * Claims the key for this request. Answers the remembered body when the key replays,
 * null when the request may run; throws 409 `idempotency_in_progress` while another holds it.
 */
export async function claim(sql: Sql, slot: KeySlot, now: number): Promise<{ replay: string } | null> {
  const inserted = await sql.query(
    "insert into idempotency (org, op, scope, key, state, at) values ($1, $2, $3, $4, 'flight', $5) on conflict do nothing returning key",
    [...ids(slot), now],
  );
  if (inserted.length > 0) return null;
  const [held] = await sql.query<{ state: string; body: string | null; at: string | number }>(
    'select state, body, at from idempotency where org = $1 and op = $2 and scope = $3 and key = $4',
    ids(slot),
  );
  if (!held) return claim(sql, slot, now);
  const at = Number(held.at);
  if (held.state === 'done' && now - at < idempotencyMemoryMs) return { replay: held.body ?? '' };
  const expired = held.state === 'done' || now - at >= inFlightStaleMs;
  if (expired) {
    // Forgotten (30 days) or abandoned by a dead process: take it over, unless another request just did.
    const taken = await sql.query(
      "update idempotency set state = 'flight', status = null, body = null, at = $5 where org = $1 and op = $2 and scope = $3 and key = $4 and at = $6 and state = $7 returning key",
      [...ids(slot), now, held.at, held.state],
    );
    if (taken.length > 0) return null;
  }
  throw inFlight();
}

/** Remembers the first answer; runs in the handler's transaction, so the two commit together. */
export async function remember(sql: Sql, slot: KeySlot, status: number, body: string, now: number): Promise<void> {
  await sql.query(
    "update idempotency set state = 'done', status = $5, body = $6, at = $7 where org = $1 and op = $2 and scope = $3 and key = $4",
    [...ids(slot), status, body, now],
  );
}

/** Gives the key back after a failure: the same key may be retried. */
export async function release(sql: Sql, slot: KeySlot): Promise<void> {
  await sql.query(
    "delete from idempotency where org = $1 and op = $2 and scope = $3 and key = $4 and state = 'flight'",
    ids(slot),
  );
}

/** Keys in flight in this process, for a store only this process writes. */
export class Flights {
  readonly #held = new Set<string>();

  /** Holds the key for this request, or throws 409 `idempotency_in_progress` while another request holds it. */
  take(slot: KeySlot): void {
    const name = slotName(slot);
    if (this.#held.has(name)) throw inFlight();
    this.#held.add(name);
  }

  drop(slot: KeySlot): void {
    this.#held.delete(slotName(slot));
  }
}

/**
 * Remembers the first answer of a key held in memory, in the handler's transaction: false, with
 * nothing written, when the key already has an answer within its 30 days (the request is a replay).
 */
export async function rememberFirst(
  sql: Sql,
  slot: KeySlot,
  status: number,
  body: string,
  now: number,
): Promise<boolean> {
  const rows = await sql.query(
    `insert into idempotency (org, op, scope, key, state, status, body, at) values ($1, $2, $3, $4, 'done', $5, $6, $7)
     on conflict (org, op, scope, key) do update set state = 'done', status = excluded.status, body = excluded.body, at = excluded.at
     where idempotency.state <> 'done' or idempotency.at <= $8
     returning key`,
    [...ids(slot), status, body, now, now - idempotencyMemoryMs],
  );
  return rows.length > 0;
}

/** The answer a key remembers within its 30 days, or null. */
export async function remembered(sql: Sql, slot: KeySlot, now: number): Promise<string | null> {
  const [row] = await sql.query<{ body: string | null }>(
    "select body from idempotency where org = $1 and op = $2 and scope = $3 and key = $4 and state = 'done' and at > $5",
    [...ids(slot), now - idempotencyMemoryMs],
  );
  return row ? (row.body ?? '') : null;
}

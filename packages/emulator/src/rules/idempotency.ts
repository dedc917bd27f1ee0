// The idempotency key lifecycle of 000 §3: unseen, in flight, remembered 30 days,
// released. Each move is one statement, so two processes on one database agree.
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

/**
 * Claims the key for this request. Answers the remembered body when the key replays,
 * null when the request may run; throws 409 `idempotency_in_progress` while another holds it.
 */
export async function claim(sql: Sql, slot: KeySlot, now: number): Promise<{ replay: string } | null> {
  const inserted = await sql.query("insert into idempotency (org, op, scope, key, state, at) values ($1, $2, $3, $4, 'flight', $5) on conflict do nothing returning key", [...ids(slot), now]);
  if (inserted.length > 0) return null;
  const [held] = await sql.query<{ state: string; body: string | null; at: string | number }>('select state, body, at from idempotency where org = $1 and op = $2 and scope = $3 and key = $4', ids(slot));
  if (!held) return claim(sql, slot, now);
  const at = Number(held.at);
  if (held.state === 'done' && now - at < idempotencyMemoryMs) return { replay: held.body ?? '' };
  const expired = held.state === 'done' || now - at >= inFlightStaleMs;
  if (expired) {
    // Forgotten (30 days) or abandoned by a dead process: take it over, unless another request just did.
    const taken = await sql.query("update idempotency set state = 'flight', status = null, body = null, at = $5 where org = $1 and op = $2 and scope = $3 and key = $4 and at = $6 and state = $7 returning key", [
      ...ids(slot),
      now,
      held.at,
      held.state,
    ]);
    if (taken.length > 0) return null;
  }
  throw new ApiError(409, 'conflict', 'A request with this Idempotency-Key is still in flight; retry once it has finished', { code: 'idempotency_in_progress' });
}

/** Remembers the first answer; runs in the handler's transaction, so the two commit together. */
export async function remember(sql: Sql, slot: KeySlot, status: number, body: string, now: number): Promise<void> {
  await sql.query("update idempotency set state = 'done', status = $5, body = $6, at = $7 where org = $1 and op = $2 and scope = $3 and key = $4", [...ids(slot), status, body, now]);
}

/** Gives the key back after a failure: the same key may be retried. */
export async function release(sql: Sql, slot: KeySlot): Promise<void> {
  await sql.query("delete from idempotency where org = $1 and op = $2 and scope = $3 and key = $4 and state = 'flight'", ids(slot));
}

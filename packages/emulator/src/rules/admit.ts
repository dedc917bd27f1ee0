// A request's admission on a shared store in one statement (000 §5, §8, §3): the key's organization, scopes and
// plan, the address's budget, the key's window bumped, the month's meter bumped when the plan
// lets the request through, and its Idempotency-Key claimed when every check before the handler
// passed. One round trip instead of five; each write is conditioned exactly as the steps were.
import type { Sql } from '../engine/engine.js';
import type { Flights, KeySlot } from './idempotency.js';
import { hit } from '../store/counters.js';
import { authenticateUnknown, limited, rateHeaders, type Caller, type Counter } from './auth.js';
import { limits } from './limits.js';
import type { Plan } from './plans.js';
import { monthOf } from './usage.js';

export interface Admission {
  caller: Caller;
  /** The six rate-limit headers every answer to this request carries. */
  headers: Record<string, string>;
  /** True when the request's key was claimed here; false when another holds it (or held it); null without a key to claim. */
  claimed: boolean | null;
}

/** How requests are admitted: in one SQL statement (a shared store) or in memory (an embedded one). */
export interface Admitter {
  admit(r: AdmitRequest): Promise<Admission>;
  /** A request without a recognized key: 401, or 429 past the address's budget. */
  unknown(address: string, now: number, keyGiven: boolean): Promise<never>;
  /** Writes what the meter holds in memory (before it is read). */
  flush(): Promise<void>;
  /** Drops what is held in memory (keys, windows, meter): after a reset or a plan change. */
  forget(): void;
  close(): Promise<void>;
  /** Keys in flight held in this process (a store only this process writes); null: the store holds them (claimed by admit). */
  readonly flights: Flights | null;
}

export interface AdmitRequest {
  /** The bearer key (already checked for shape). */
  key: string;
  address: string;
  now: number;
  /** The path's plan gate: '' or a plan flag (`crm`, `commerce`). */
  gate: string;
  /** The operation's scope ('' for none); a key is claimed only if the caller holds it. */
  scope: string;
  /** The Idempotency-Key to claim, when the request carries one and is well formed. */
  slot: KeySlot | null;
}

const statement = `
with k as (
  select k.org, k.scopes, o.plan from api_keys k join orgs o on o.id = k.org where k.key = $1
), addr as (
  select count from windows where bucket = $2 and start = $3
), hit as (
  insert into windows (bucket, start, count)
  select $4, $5, 1 from k where coalesce((select count from addr), 0) <= $6
  on conflict (bucket, start) do update set count = windows.count + 1
  returning count
), billed as (
  insert into counters (name, value)
  select 'usage:' || k.org || ':' || $7::text, 1 from k, hit
  where hit.count <= $8 and (k.plan->>'api')::boolean and ($9::text = '' or (k.plan->>$9::text)::boolean)
  on conflict (name) do update set value = counters.value + 1
  returning value
), claimed as (
  insert into idempotency (org, op, scope, key, state, at)
  select k.org, $10, $11, $12, 'flight', $13 from k, billed
  where $12::text <> '' and ($14::text = '' or k.scopes @> jsonb_build_array($14::text))
  on conflict do nothing
  returning key
)
select k.org, k.scopes, k.plan, (select count from addr) as addr_count, (select count from hit) as key_count, (select count(*) from claimed) as claimed from k`;

const windowStart = (now: number, windowMs: number): number => Math.floor(now / windowMs) * windowMs;
const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** Admits a keyed request in one statement, or throws 401 / 429 with the headers its answer carries. */
async function admit(sql: Sql, r: AdmitRequest): Promise<Admission> {
  const { perAddress, perKey } = limits;
  const addressBucket = `address:${r.address}`;
  const addressStart = windowStart(r.now, perAddress.windowMs);
  const keyStart = windowStart(r.now, perKey.windowMs);
  const slot = r.slot;
  const [row] = await sql.query<{
    org: string;
    scopes: string[] | string;
    plan: Plan | string;
    addr_count: string | number | null;
    key_count: string | number | null;
    claimed: string | number;
  }>(statement, [
    r.key,
    addressBucket,
    addressStart,
    `key:${r.key}`,
    keyStart,
    perAddress.limit,
    monthOf(r.now),
    perKey.limit,
    r.gate,
    slot?.op ?? '',
    slot?.scope ?? '',
    slot?.key ?? '',
    r.now,
    r.scope,
  ]);
  if (!row) return authenticateUnknown(sqlCounter(sql), r.address, r.now, true);
  const addressCount = Number(row.addr_count ?? 0);
  if (addressCount > perAddress.limit) {
    const resetAt = addressStart + perAddress.windowMs;
    throw limited(
      rateHeaders(perAddress.limit, addressCount, resetAt, r.now),
      resetAt,
      r.now,
      'This address is limited after too many unrecognized keys; wait for Retry-After',
    );
  }
  const count = Number(row.key_count);
  const resetAt = keyStart + perKey.windowMs;
  const headers = rateHeaders(perKey.limit, count, resetAt, r.now);
  if (count > perKey.limit)
    throw limited(
      headers,
      resetAt,
      r.now,
      `Rate limit of ${perKey.limit} requests a minute exceeded; wait for Retry-After`,
    );
  return {
    caller: { key: r.key, org: row.org, plan: parsed(row.plan), scopes: parsed(row.scopes) },
    headers,
    claimed: slot ? Number(row.claimed) > 0 : null,
  };
}

const sqlCounter =
  (sql: Sql): Counter =>
  (bucket, now, windowMs) =>
    hit(sql, bucket, now, windowMs);

/** Admission for a shared store: everything in the database, one statement a request. */
export function sqlAdmitter(sql: Sql): Admitter {
  return {
    admit: (r) => admit(sql, r),
    unknown: (address, now, keyGiven) => authenticateUnknown(sqlCounter(sql), address, now, keyGiven),
    flush: async () => {},
    forget: () => {},
    close: async () => {},
    flights: null,
  };
}

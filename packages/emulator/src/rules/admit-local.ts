// Admission for the embedded engine. A PGlite store belongs to one process, so the key lookups,
// the rate-limit windows and the month's meter live in this process: a GET costs its handler's
// read alone. The meter is written behind (every second, before it is read, and on close); a
// process killed mid-second loses that second of metering, never a write it acknowledged.
import type { Sql } from '../engine/engine.js';
import type { Admission, AdmitRequest, Admitter } from './admit.js';
import { Flights } from './idempotency.js';
import { authenticateUnknown, limited, rateHeaders, type Counter } from './auth.js';
import { limits } from './limits.js';
import type { Plan } from './plans.js';
import { monthOf } from './usage.js';

type Known = { org: string; scopes: string[]; plan: Plan };
const parsed = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export function localAdmitter(sql: Sql): Admitter {
  const keys = new Map<string, Known>();
  const windows = new Map<string, { start: number; count: number }>();
  let pending = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();

  const count: Counter = async (bucket, now, windowMs) => {
    const start = Math.floor(now / windowMs) * windowMs;
    const w = windows.get(bucket);
    const next = w && w.start === start ? { start, count: w.count + 1 } : { start, count: 1 };
    windows.set(bucket, next);
    return { count: next.count, resetAt: start + windowMs };
  };
  const peek = (bucket: string, now: number, windowMs: number): number => {
    const w = windows.get(bucket);
    return w && w.start === Math.floor(now / windowMs) * windowMs ? w.count : 0;
  };
  const lookup = async (key: string): Promise<Known | null> => {
    const held = keys.get(key);
    if (held) return held;
    const [row] = await sql.query<{ org: string; scopes: string[] | string; plan: Plan | string }>(
      'select k.org, k.scopes, o.plan from api_keys k join orgs o on o.id = k.org where k.key = $1',
      [key],
    );
    if (!row) return null;
    const known = { org: row.org, scopes: parsed(row.scopes), plan: parsed(row.plan) };
    keys.set(key, known);
    return known;
  };
  const flush = (): Promise<void> => {
    const batch = pending;
    pending = new Map();
    flushing = flushing.then(async () => {
      for (const [name, n] of batch) {
        await sql.query(
          'insert into counters (name, value) values ($1, $2) on conflict (name) do update set value = counters.value + excluded.value',
          [name, n],
        );
      }
    });
    return flushing;
  };
  const timer = setInterval(
    () => void flush().catch((error) => console.error('[extkit emulator] writing the usage meter failed:', error)),
    1000,
  );
  timer.unref();

  return {
    unknown: (address, now, keyGiven) => authenticateUnknown(count, address, now, keyGiven),
    async admit(r: AdmitRequest): Promise<Admission> {
      const { perAddress, perKey } = limits;
      const known = await lookup(r.key);
      if (!known) return authenticateUnknown(count, r.address, r.now, true);
      const addressCount = peek(`address:${r.address}`, r.now, perAddress.windowMs);
      if (addressCount > perAddress.limit) {
        const resetAt = Math.floor(r.now / perAddress.windowMs) * perAddress.windowMs + perAddress.windowMs;
        throw limited(
          rateHeaders(perAddress.limit, addressCount, resetAt, r.now),
          resetAt,
          r.now,
          'This address is limited after too many unrecognized keys; wait for Retry-After',
        );
      }
      const { count: n, resetAt } = await count(`key:${r.key}`, r.now, perKey.windowMs);
      const headers = rateHeaders(perKey.limit, n, resetAt, r.now);
      if (n > perKey.limit)
        throw limited(
          headers,
          resetAt,
          r.now,
          `Rate limit of ${perKey.limit} requests a minute exceeded; wait for Retry-After`,
        );
      const plan = known.plan as unknown as Record<string, unknown>;
      if (known.plan.api && (r.gate === '' || plan[r.gate] === true)) {
        const name = `usage:${known.org}:${monthOf(r.now)}`;
        pending.set(name, (pending.get(name) ?? 0) + 1);
      }
      // The pipeline holds the key in `flights` once every check has passed.
      return {
        caller: { key: r.key, org: known.org, plan: known.plan, scopes: known.scopes },
        headers,
        claimed: r.slot ? false : null,
      };
    },
    flush,
    forget() {
      keys.clear();
      windows.clear();
      pending = new Map();
    },
    async close() {
      clearInterval(timer);
      await flush();
    },
    flights: new Flights(),
  };
}

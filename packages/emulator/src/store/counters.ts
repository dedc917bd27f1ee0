// Counters shared by every process on one database, each bumped by a single upsert.
import type { Sql } from '../engine/engine.js';

/** The next number of a named sequence (1, 2, ...). */
export async function nextNumber(sql: Sql, name: string): Promise<number> {
  const rows = await sql.query<{ value: string | number }>(
    'insert into counters (name, value) values ($1, 1) on conflict (name) do update set value = counters.value + 1 returning value',
    [name],
  );
  return Number(rows[0]!.value);
}

/** Counts one hit in `bucket`'s fixed window containing `now`; answers the count so far and when the window ends. */
export async function hit(sql: Sql, bucket: string, now: number, windowMs: number): Promise<{ count: number; resetAt: number }> {
  const start = Math.floor(now / windowMs) * windowMs;
  const rows = await sql.query<{ count: string | number }>(
    'insert into windows (bucket, start, count) values ($1, $2, 1) on conflict (bucket, start) do update set count = windows.count + 1 returning count',
    [bucket, start],
  );
  return { count: Number(rows[0]!.count), resetAt: start + windowMs };
}

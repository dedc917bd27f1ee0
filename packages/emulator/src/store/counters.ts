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
export async function hit(
  sql: Sql,
  bucket: string,
  now: number,
  windowMs: number,
): Promise<{ count: number; resetAt: number }> {
  const start = Math.floor(now / windowMs) * windowMs;
  const rows = await sql.query<{ count: string | number }>(
    'insert into windows (bucket, start, count) values ($1, $2, 1) on conflict (bucket, start) do update set count = windows.count + 1 returning count',
    [bucket, start],
  );
  return { count: Number(rows[0]!.count), resetAt: start + windowMs };
}

/** The counter of a dataset's records, held against the plan's records-per-dataset band (kept by every write, never counted per request). */
export const recordBand = (org: string, datasetId: string): string => `records:${org}:${datasetId}`;

/**
 * Counts one more thing of a band (`records:<org>:<dataset>`) and draws the next number of
 * `sequence`, in one statement; null, with nothing counted or drawn, when the band already holds
 * `limit` (null: no limit). Concurrent writers queue on the band's row, so no two pass its last slot.
 */
export async function countIn(sql: Sql, band: string, limit: number | null, sequence: string): Promise<number | null> {
  const rows = await sql.query<{ value: string | number | null }>(
    `with counted as (
       insert into counters (name, value) select $1, 1 where $2::bigint is null or $2::bigint > 0
       on conflict (name) do update set value = counters.value + 1 where $2::bigint is null or counters.value < $2::bigint
       returning value
     ), drawn as (
       insert into counters (name, value) select $3, 1 from counted
       on conflict (name) do update set value = counters.value + 1
       returning value
     )
     select (select value from drawn) as value`,
    [band, limit, sequence],
  );
  const value = rows[0]?.value;
  return value === null || value === undefined ? null : Number(value);
}

/** Counts one thing of a band out (it was deleted). */
export async function countOut(sql: Sql, band: string): Promise<void> {
  await sql.query('update counters set value = value - 1 where name = $1 and value > 0', [band]);
}

/** The live records of each dataset, counted anew into their bands (a migration, and after a seed). */
export const recountRecordBands = `insert into counters (name, value)
  select 'records:' || org || ':' || parent, count(*) from objects where kind = 'record' and not deleted group by org, parent
  on conflict (name) do update set value = excluded.value`;

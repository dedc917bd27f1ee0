// The monthly meter (000 §8): every authenticated request that reaches a handler is
// billed, 404, 405, 400 and insufficient_scope included; 401, plan_required and 429 are not.
// Admission (admit.ts) bumps it; this reads it.
import type { Sql } from '../engine/engine.js';

/** `YYYY-MM`, a calendar month in UTC. */
export const monthOf = (ms: number): string => new Date(ms).toISOString().slice(0, 7);

export async function usedThisMonth(sql: Sql, org: string, now: number): Promise<number> {
  const rows = await sql.query<{ value: string | number }>('select value from counters where name = $1', [
    `usage:${org}:${monthOf(now)}`,
  ]);
  return Number(rows[0]?.value ?? 0);
}

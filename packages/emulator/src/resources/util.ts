// Small helpers every resource handler shares.
import { isDeepStrictEqual } from 'node:util';
import type { Ctx } from '../context.js';
import { ApiError, invalid, notFound } from '../http/errors.js';
import { get, type Row } from '../store/objects.js';

/** The wire body: members starting `__` are the emulator's own and never sent. */
export function wire(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!k.startsWith('__')) out[k] = v;
  return out;
}

export const present = (row: Row): Record<string, unknown> => wire(row.body);

/** A unique constraint broke (Postgres SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '23505';

/** The site, when the organization owns it; else 404 `No such site` (never 403). */
export async function ownedSite(ctx: Ctx, siteId: string): Promise<Row> {
  const site = await get(ctx.sql, { org: ctx.org, kind: 'site' }, siteId);
  if (!site) throw notFound('site');
  return site;
}

/** A trimmed string truncated to `max`, or a 400 naming `key` when it is not a non-empty string. */
export function requiredText(value: unknown, key: string, max: number): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid({ [key]: 'is required' });
  return value.trim().slice(0, max);
}

/** A string or null truncated to `max`; absent stays undefined; other types are a 400. */
export function optionalText(value: unknown, key: string, max: number): string | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'string') throw invalid({ [key]: 'must be a string or null' });
  return value.slice(0, max);
}

export const receipt = (id: string, object: string): { id: string; object: string; deleted: true } => ({
  id,
  object,
  deleted: true,
});

/**
 * True when a PATCH left the stored body as it was: then nothing is written and `updated` keeps
 * its stamp, so the same body twice lands the same state and the same 200 (000 §4 rule 7).
 */
export const unchanged = (before: object, after: object): boolean => isDeepStrictEqual(before, after);

/** A plan refusal on the quota codes of 000 §7. */
export const quota = (code: string, message: string): ApiError => new ApiError(403, 'plan_required', message, { code });

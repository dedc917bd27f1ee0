// What the CRM resources of document 001 share: the site a write names, members,
// references that must exist, the records band, PATCH rules and list narrowing.
import { isInstant } from '@extkit/api';
import type { Ctx } from '../context.js';
import { invalid, notFound } from '../http/errors.js';
import { listPage, type ListEnvelope } from '../http/list.js';
import { get, type Row } from '../store/objects.js';
import { present, quota } from './util.js';

/** The organization's roster. Members are managed in the console, which the emulator has not: every organization has these (kit policy). */
export const members = [
  { uid: 'u_owner', email: 'owner@example.com' },
  { uid: 'u_sales', email: 'sales@example.com' },
  { uid: 'u_support', email: 'support@example.com' },
];
/** The active lead-source and salutation lists (console settings; the kit's defaults). */
export const leadSources = ['Website', 'Referral', 'Event', 'Advertisement', 'Partner', 'Other'];
export const salutations = ['Mr.', 'Ms.', 'Mx.', 'Dr.', 'Prof.'];

/** `consentSiteId` of a create: required, and a site the organization owns. */
export async function consentSite(ctx: Ctx, value: unknown = ctx.body.consentSiteId): Promise<string> {
  if (typeof value !== 'string' || value === '')
    throw invalid({ consentSiteId: 'is required: the site the write is made for' });
  if (!(await get(ctx.sql, { org: ctx.org, kind: 'site' }, value)))
    throw invalid({ consentSiteId: 'is not a site of this organization' });
  return value;
}

/** A member uid, null, or a 400 naming `key`. */
export function member(value: unknown, key: string): string | null {
  if (value === null) return null;
  if (typeof value !== 'string' || !members.some((m) => m.uid === value))
    throw invalid({ [key]: 'must be the uid of a member of the organization' });
  return value;
}

const refKinds = { contactId: 'contact', companyId: 'company', dealId: 'deal' } as const;

/** A reference that must exist (contactId, companyId, dealId), null, or a 400 naming it. */
export async function reference(ctx: Ctx, key: keyof typeof refKinds, value: unknown): Promise<string | null> {
  if (value === null) return null;
  if (typeof value !== 'string' || !(await get(ctx.sql, { org: ctx.org, kind: refKinds[key] }, value)))
    throw invalid({ [key]: `is not an existing ${refKinds[key]}` });
  return value;
}

/** An ISO 8601 instant with an offset, null, or a 400 naming `key`. */
export function instant(value: unknown, key: string): string | null {
  if (value === null) return null;
  if (typeof value !== 'string' || !isInstant(value))
    throw invalid({ [key]: 'must be an ISO 8601 instant with an offset' });
  return new Date(value).toISOString();
}

/** Text up to `max`, null, or a 400. */
export function text(value: unknown, key: string, max: number): string | null {
  if (value === null) return null;
  if (typeof value !== 'string') throw invalid({ [key]: 'must be a string or null' });
  if (value.length > max) throw invalid({ [key]: `must be at most ${max} characters` });
  return value;
}

/** E.164 from a phone number as typed (spaces, dots, dashes, brackets dropped), or a 400. */
export function phone(value: unknown, key: string): string | null {
  if (value === null) return null;
  const compact = typeof value === 'string' ? value.replace(/[\s().-]/g, '').replace(/^00/, '+') : '';
  if (!/^\+[1-9]\d{6,14}$/.test(compact))
    throw invalid({ [key]: 'must be a phone number in international form, e.g. +4722123456' });
  return compact;
}

const addressKeys = ['line1', 'line2', 'city', 'state', 'postalCode', 'country'] as const;

/** An address with blank parts dropped (empty is null); `country` two letters. */
export function address(value: unknown, key: string): Record<string, string> | null {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid({ [key]: 'must be an object or null' });
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (!(addressKeys as readonly string[]).includes(k))
      throw invalid({ [`${key}.${k}`]: `is not an address member (${addressKeys.join(', ')})` });
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) continue;
    if (typeof v !== 'string') throw invalid({ [`${key}.${k}`]: 'must be a string' });
    out[k] = k === 'country' ? v.trim().toUpperCase() : v.trim();
  }
  if (out.country !== undefined && !/^[A-Z]{2}$/.test(out.country))
    throw invalid({ [`${key}.country`]: 'must be a two-letter ISO country code' });
  return Object.keys(out).length ? out : null;
}

/**
 * Refuses a create past the CRM records band on a hard-banded plan (the key is given back). Creates
 * at the band queue on the organization's lock until their transaction ends: the count and the
 * write it guards are one transaction, so no two creates pass the last slot (on any number of processes).
 */
export async function crmBand(ctx: Ctx, refusing: 'contact' | 'company' | 'deal'): Promise<void> {
  const band = ctx.plan.crmRecords;
  if (band === null || !ctx.plan.crmHardBand) return;
  await ctx.sql.query('select pg_advisory_xact_lock(hashtext($1)) is null as locked', [`crm-band:${ctx.org}`]);
  const [row] = await ctx.sql.query<{ n: string | number }>(
    "select count(*) as n from objects where org = $1 and kind in ('contact', 'company', 'deal') and not deleted",
    [ctx.org],
  );
  if (Number(row?.n ?? 0) >= band)
    throw quota(
      refusing === 'contact' ? 'contact_quota' : 'crm_records_quota',
      `The CRM records band (${band} contacts, companies and deals) is full`,
    );
}

/** PATCH refuses these on every CRM resource, each a 400 naming it. */
export function refuseKeys(body: Record<string, unknown>, keys: string[]): void {
  for (const key of keys) if (key in body) throw invalid({ [key]: 'cannot be written' });
}

/** One CRM row or 404 `No such <thing>`. */
export async function crmRow(ctx: Ctx, kind: string, id: string, thing: string): Promise<Row> {
  const row = await get(ctx.sql, { org: ctx.org, kind }, id);
  if (!row) throw notFound(thing);
  return row;
}

/**
 * A CRM list: with `updatedAfter` ordered by updated then id and every filter checked on
 * the page; otherwise by id, the first filter present narrows the read and the rest are
 * checked on the page (001 §4 narrowing orders).
 */
export async function crmList(
  ctx: Ctx,
  kind: string,
  filters: string[],
  values: (row: Row, key: string) => unknown = (r, k) => r.body[k],
): Promise<ListEnvelope> {
  const q = ctx.query;
  const present_ = filters.filter((f) => (q.get(f) ?? '') !== '');
  const updatedAfter = q.get('updatedAfter') || null;
  const narrow = updatedAfter ? null : (present_[0] ?? null);
  const onPage = present_.filter((f) => f !== narrow);
  const keep = onPage.length ? (r: Row) => onPage.every((f) => values(r, f) === q.get(f)) : undefined;
  return listPage(ctx.sql, q, {
    org: ctx.org,
    kind,
    order: updatedAfter ? 'updated' : 'id',
    present,
    ...(updatedAfter ? { updatedAfter: Date.parse(updatedAfter) } : {}),
    ...(narrow ? { contains: { [narrow]: q.get(narrow) } } : {}),
    ...(keep ? { keep } : {}),
  });
}

export const stamp = (ctx: Ctx): string => new Date(ctx.now).toISOString();

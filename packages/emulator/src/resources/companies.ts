// Companies (001 §2, §4), keyed by domain, unique in the organization.
import type { Ctx, Handler } from '../context.js';
import { conflict, invalid } from '../http/errors.js';
import { newId } from '../store/ids.js';
import { find, insert, remove, save } from '../store/objects.js';
import { address, consentSite, crmBand, crmRow, crmList, member, phone, refuseKeys, stamp, text } from './crm.js';
import { isUniqueViolation, receipt, requiredText, unchanged, wire } from './util.js';

/** A bare lowercase hostname from a domain or URL (`https://www.Acme.com/x` is `acme.com`), or null when it is not one. */
export function normalizeDomain(value: string): string | null {
  const host = value
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/^www\./, '');
  return /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(host) ? host : null;
}

function website(value: unknown): string | null {
  if (value === null) return null;
  const raw = typeof value === 'string' ? value.trim() : '';
  const url = /^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`;
  try {
    const u = new URL(url);
    if ((u.protocol === 'https:' || u.protocol === 'http:') && normalizeDomain(u.hostname))
      return u.href.replace(/\/$/, '');
  } catch {
    // falls through to the 400
  }
  throw invalid({ website: 'must be a web address' });
}

async function apply(ctx: Ctx, body: Record<string, unknown>): Promise<void> {
  const b = ctx.body;
  if (b.name !== undefined) body.name = requiredText(b.name, 'name', 200);
  if (b.domain !== undefined) {
    if (b.domain === null) body.domain = null;
    else if (typeof b.domain !== 'string' || !(body.domain = normalizeDomain(b.domain)))
      throw invalid({ domain: 'must be a domain name, e.g. acme.com' });
  }
  if (b.website !== undefined) body.website = website(b.website);
  if (b.phone !== undefined) body.phone = phone(b.phone, 'phone');
  if (b.address !== undefined) body.address = address(b.address, 'address');
  if (b.industry !== undefined) body.industry = text(b.industry, 'industry', 120);
  if (b.ownerUid !== undefined) body.ownerUid = member(b.ownerUid, 'ownerUid');
  if (b.notes !== undefined) body.notes = text(b.notes, 'notes', 5000);
}

async function write(ctx: Ctx, body: Record<string, unknown>, fresh: boolean): Promise<void> {
  // Checked first: after a broken constraint the transaction can run nothing more, not even the lookup of the holder.
  const [holder] = body.domain
    ? (await find(ctx.sql, ctx.org, 'company', { domain: body.domain })).filter((c) => c.id !== body.id)
    : [];
  if (holder) throw conflict('company_exists', `A company with the domain ${String(body.domain)} exists: ${holder.id}`);
  try {
    if (fresh) await insert(ctx.sql, { org: ctx.org, kind: 'company' }, String(body.id), body, ctx.now);
    else await save(ctx.sql, { org: ctx.org, kind: 'company' }, String(body.id), body, ctx.now);
  } catch (error) {
    // A concurrent create took the domain between the check and the write.
    if (isUniqueViolation(error))
      throw conflict('company_exists', `A company with the domain ${String(body.domain)} exists`);
    throw error;
  }
}

export const companies: Record<string, Handler> = {
  'companies.list': async (ctx) => {
    const domain = ctx.query.get('domain');
    if (domain && !normalizeDomain(domain)) throw invalid({ domain: 'must be a domain name' });
    if (domain) {
      const normalized = new URLSearchParams(ctx.query);
      normalized.set('domain', normalizeDomain(domain)!);
      return { body: await crmList({ ...ctx, query: normalized }, 'company', ['domain', 'ownerUid']) };
    }
    return { body: await crmList(ctx, 'company', ['domain', 'ownerUid']) };
  },
  'companies.retrieve': async (ctx) => ({
    body: wire((await crmRow(ctx, 'company', ctx.params.companyId!, 'company')).body),
  }),
  'companies.create': async (ctx) => {
    const siteId = await consentSite(ctx);
    const body: Record<string, unknown> = {
      id: '',
      object: 'company',
      name: requiredText(ctx.body.name, 'name', 200),
      domain: null,
      website: null,
      phone: null,
      address: null,
      industry: null,
      ownerUid: null,
      notes: null,
      siteId,
    };
    await apply(ctx, body);
    await crmBand(ctx, 'company');
    body.id = await newId(ctx.sql, ctx.org, 'company', 'co');
    body.created = body.updated = stamp(ctx);
    await write(ctx, body, true);
    return { body: wire(body) };
  },
  'companies.update': async (ctx) => {
    refuseKeys(ctx.body, ['consentSiteId', 'siteId', 'visibleTo']);
    const row = await crmRow(ctx, 'company', ctx.params.companyId!, 'company');
    if (Object.keys(ctx.body).length === 0) return { body: wire(row.body) };
    const body = { ...row.body };
    await apply(ctx, body);
    if (unchanged(row.body, body)) return { body: wire(row.body) };
    body.updated = stamp(ctx);
    await write(ctx, body, false);
    return { body: wire(body) };
  },
  'companies.delete': async (ctx) => {
    const row = await crmRow(ctx, 'company', ctx.params.companyId!, 'company');
    await remove(ctx.sql, { org: ctx.org, kind: 'company' }, row.id);
    return { body: receipt(row.id, 'company') };
  },
};

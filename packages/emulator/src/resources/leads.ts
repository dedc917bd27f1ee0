// Leads under a site (001 §2, §3, §4): the status machine and conversion.
import type { Ctx, Handler } from '../context.js';
import { ApiError, conflict, invalid, notFound } from '../http/errors.js';
import { listPage } from '../http/list.js';
import { get, save, type Row } from '../store/objects.js';
import { contactByEmail, createContact, raiseStage } from './contact-writes.js';
import { normalizeDomain } from './companies.js';
import { companies } from './companies.js';
import { crmRow, member, members, stamp, text } from './crm.js';
import { createDeal } from './deals.js';
import { unchanged, wire } from './util.js';

/** The site every lead call names (query, or the body of a write), owned by the organization. */
async function leadSite(ctx: Ctx): Promise<string> {
  const siteId = ctx.query.get('siteId') || (typeof ctx.body.siteId === 'string' ? ctx.body.siteId : '');
  if (!siteId || !(await get(ctx.sql, { org: ctx.org, kind: 'site' }, siteId)))
    throw invalid({ siteId: 'must name a site of this organization' });
  return siteId;
}

const presentLead = (r: Row | Record<string, unknown>): Record<string, unknown> => {
  const body = wire('body' in r && 'org' in r ? (r as Row).body : r);
  return { ...body, status: body.status ?? 'new' };
};

async function lead(ctx: Ctx, siteId: string): Promise<Row> {
  const row = await get(ctx.sql, { org: ctx.org, kind: 'lead', parent: siteId }, ctx.params.leadId!);
  if (!row) throw notFound('lead');
  return row;
}

function owner(body: Record<string, unknown>): string | null | undefined {
  if (body.ownerUid !== undefined && body.ownerEmail !== undefined)
    throw invalid({ ownerEmail: 'send ownerUid or ownerEmail, not both' });
  if (body.ownerUid !== undefined) return member(body.ownerUid, 'ownerUid');
  if (body.ownerEmail === undefined) return undefined;
  if (body.ownerEmail === null) return null;
  const found = members.find(
    (m) => typeof body.ownerEmail === 'string' && m.email === body.ownerEmail.trim().toLowerCase(),
  );
  if (!found) throw invalid({ ownerEmail: 'is not the address of a member' });
  return found.uid;
}

/** Runs a conversion's nested create; a 400 names its fields under the body's key (`deal.stageId`, 001 §7). */
async function nested<T>(prefix: string, create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (!(error instanceof ApiError) || error.fields === undefined) throw error;
    throw invalid(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [`${prefix}.${k}`, v])));
  }
}

export const leads: Record<string, Handler> = {
  'leads.list': async (ctx) => {
    const siteId = await leadSite(ctx);
    const status = ctx.query.get('status') || null;
    const ownerUid = ctx.query.get('ownerUid') || null;
    const keep = (r: Row): boolean =>
      (!status || (r.body.status ?? 'new') === status) && (!ownerUid || r.body.ownerUid === ownerUid);
    return {
      body: await listPage(ctx.sql, ctx.query, {
        org: ctx.org,
        kind: 'lead',
        parent: siteId,
        order: 'sortDesc',
        present: presentLead,
        keep,
      }),
    };
  },
  'leads.retrieve': async (ctx) => ({ body: presentLead(await lead(ctx, await leadSite(ctx))) }),
  'leads.update': async (ctx) => {
    const siteId = await leadSite(ctx);
    const row = await lead(ctx, siteId);
    const b = ctx.body;
    const body = { ...row.body };
    const current = (body.status as string | null) ?? 'new';
    if (b.status !== undefined && current === 'qualified')
      throw conflict(
        'lead_converted',
        'The lead is converted; its status no longer moves (notes and owner stay writable)',
      );
    const next = b.status === undefined || b.status === null ? current : (b.status as string);
    if (b.unqualifiedReason !== undefined && b.unqualifiedReason !== null && next !== 'unqualified')
      throw invalid({ unqualifiedReason: 'is only taken when the status is unqualified' });
    if (next === 'unqualified') {
      const reason = b.unqualifiedReason ?? (current === 'unqualified' ? body.unqualifiedReason : undefined);
      if (typeof reason !== 'string' || reason.trim() === '')
        throw invalid({ unqualifiedReason: 'is required when the status becomes unqualified' });
      body.unqualifiedReason = reason;
    } else body.unqualifiedReason = null;
    body.status = next;
    const who = owner(b);
    if (who !== undefined) body.ownerUid = who;
    if (b.notes !== undefined) body.notes = text(b.notes, 'notes', 5000);
    if (unchanged(row.body, body)) return { body: presentLead(row.body) };
    body.updated = stamp(ctx);
    await save(ctx.sql, { org: ctx.org, kind: 'lead', parent: siteId }, row.id, body, ctx.now);
    return { body: presentLead(body) };
  },
  'leads.convert': async (ctx) => {
    const siteId = await leadSite(ctx);
    const row = await lead(ctx, siteId);
    const body = { ...row.body };
    const receipt = (already: boolean) => ({
      object: 'lead_conversion',
      id: row.id,
      siteId,
      contactId: body.convertedContactId,
      companyId: body.companyId ?? null,
      dealId: body.dealId ?? null,
      alreadyConverted: already,
      lead: presentLead(body),
    });
    if (body.status === 'qualified') return { status: 200, body: receipt(true) };
    if (typeof body.email !== 'string' || body.email === '')
      throw conflict('lead_not_convertible', 'The lead has no address that can become a contact');
    if (await get(ctx.sql, { org: ctx.org, kind: 'erasure' }, body.email))
      throw conflict(
        'person_erased',
        'The person was erased at their request, or an erasure is pending; nothing changed',
      );
    const b = ctx.body;
    const who = owner(b) ?? (body.ownerUid as string | null) ?? null;
    const held = await contactByEmail(ctx, body.email);
    const contactId = held
      ? held.id
      : String(
          (
            await createContact(
              { ...ctx, body: { email: body.email, ...(body.name ? { name: body.name } : {}) } },
              'api',
            )
          ).id,
        );
    await raiseStage(ctx, contactId, siteId, 'sales-qualified');
    let companyId: string | null = null;
    let dealId: string | null = null;
    try {
      const company = b.company as { link?: unknown; create?: { name?: unknown; domain?: unknown } } | null | undefined;
      if (company) {
        if ((company.link === undefined) === (company.create === undefined))
          throw invalid({ company: 'needs exactly one of link or create' });
        if (company.link !== undefined)
          companyId = (
            await crmRow(ctx, 'company', String(company.link), 'company').catch(() => {
              throw invalid({ 'company.link': 'is not an existing company' });
            })
          ).id;
        else {
          const domain = typeof company.create?.domain === 'string' ? normalizeDomain(company.create.domain) : null;
          const [existing] = domain
            ? await ctx.sql.query<{ id: string }>(
                "select id from objects where org = $1 and kind = 'company' and body->>'domain' = $2",
                [ctx.org, domain],
              )
            : [];
          companyId =
            existing?.id ??
            String(
              (
                (
                  await nested('company.create', () =>
                    companies['companies.create']!({
                      ...ctx,
                      body: {
                        name: company.create?.name,
                        // A domain that does not normalize goes through, to be refused as company.create.domain.
                        ...(company.create?.domain !== undefined ? { domain: domain ?? company.create.domain } : {}),
                        consentSiteId: siteId,
                      },
                    }),
                  )
                ).body as { id: string }
              ).id,
            );
        }
      }
      const deal = b.deal as Record<string, unknown> | null | undefined;
      if (deal) {
        if (typeof deal.title !== 'string' || deal.title.trim() === '') throw invalid({ 'deal.title': 'is required' });
        const made = await nested('deal', () =>
          createDeal(
            ctx,
            {
              title: deal.title,
              amountCents: deal.amountCents,
              currency: deal.currency ?? 'usd',
              stageId: deal.stageId,
              contactId,
              companyId,
              ownerUid: who,
            },
            siteId,
          ),
        );
        dealId = String(made.id);
      }
    } catch (error) {
      // A company or deal past the band leaves the contact standing and the lead unconverted (001 §4 Leads).
      if (error instanceof ApiError && error.type === 'plan_required')
        return { status: error.status, body: error.body };
      throw error;
    }
    Object.assign(body, {
      status: 'qualified',
      unqualifiedReason: null,
      convertedContactId: contactId,
      convertedAt: stamp(ctx),
      companyId,
      dealId,
      ownerUid: who,
      updated: stamp(ctx),
    });
    await save(ctx.sql, { org: ctx.org, kind: 'lead', parent: siteId }, row.id, body, ctx.now);
    return { status: 201, body: receipt(false) };
  },
};

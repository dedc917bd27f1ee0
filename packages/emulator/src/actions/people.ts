// The console's side of people: merging two contacts into one, and erasing a person at their request.
import type { Ctx } from '../context.js';
import { conflict, invalid, notFound } from '../http/errors.js';
import { normalizeEmail, presentContact, profileFields } from '../resources/contact-body.js';
import { contactByEmail, moveReports } from '../resources/contact-writes.js';
import { stamp } from '../resources/crm.js';
import { get, remove, save, type Row } from '../store/objects.js';
import { closed, reqString } from './env.js';

type Profile = Record<string, unknown>;
type ContactBody = Record<string, unknown> & { __profiles: Record<string, Profile>; __sites: string[] };

const union = (...lists: unknown[]): string[] => [
  ...new Set(lists.flatMap((l) => (Array.isArray(l) ? (l as string[]) : []))),
];

async function contact(ctx: Ctx, id: string): Promise<Row<ContactBody>> {
  const row = await get<ContactBody>(ctx.sql, { org: ctx.org, kind: 'contact' }, id);
  if (!row) throw notFound('contact');
  return row;
}

/** Moves `contactId` of deals, tasks and activities, and `convertedContactId` of leads, from one contact to another. */
async function moveLinks(ctx: Ctx, from: string, to: string): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  for (const [kind, key] of [
    ['deal', 'contactId'],
    ['task', 'contactId'],
    ['activity', 'contactId'],
    ['lead', 'convertedContactId'],
  ] as const) {
    const rows = await ctx.sql.query(
      `update objects set body = jsonb_set(body, $4::text[], to_jsonb($3::text)) where org = $1 and kind = $5 and body->>'${key}' = $2 returning id`,
      [ctx.org, from, to, `{${key}}`, kind],
    );
    moved[kind] = rows.length;
  }
  return moved;
}

/**
 * Merges `mergedId` into `survivorId` as the console does: the survivor keeps its identity and
 * gains the merged addresses as `alternateEmails`; its own values win, the merged record's fill
 * what it lacks (per site); links and reporting lines move to it; the merged contact is gone.
 */
export async function mergeContacts(ctx: Ctx): Promise<Record<string, unknown>> {
  closed(ctx.body, ['survivorId', 'mergedId']);
  const survivorId = reqString(ctx.body, 'survivorId');
  const mergedId = reqString(ctx.body, 'mergedId');
  if (survivorId === mergedId) throw invalid({ mergedId: 'must be another contact than the survivor' });
  const survivor = await contact(ctx, survivorId);
  const merged = await contact(ctx, mergedId);
  const s = structuredClone(survivor.body);
  const m = merged.body;
  s.alternateEmails = union(s.alternateEmails, [m.email], m.alternateEmails).filter((e) => e !== s.email);
  s.tags = union(s.tags, m.tags).slice(0, 50);
  s.sources = union(s.sources, m.sources);
  // A refusal the survivor recorded stands; otherwise the opt-ins of both stand.
  if (s.marketingConsent === true || m.marketingConsent === true) {
    if (s.marketingConsent === true || (s.consentSites as string[]).length === 0) {
      s.marketingConsent = true;
      s.consentSites = union(s.consentSites, m.consentSites);
    }
  }
  s.name ??= m.name ?? null;
  s.notes ??= m.notes ?? null;
  for (const [site, profile] of Object.entries(m.__profiles)) {
    const own = (s.__profiles[site] ??= {});
    for (const field of profileFields)
      if ((own[field] === undefined || own[field] === null) && profile[field] !== undefined)
        own[field] = profile[field];
  }
  for (const p of Object.values(s.__profiles))
    if (p.reportsToContactId === mergedId || p.reportsToContactId === survivorId) p.reportsToContactId = null;
  s.__sites = union(s.__sites, m.__sites);
  s.companyIds = union(
    s.companyIds,
    m.companyIds,
    Object.values(s.__profiles)
      .map((p) => p.companyId)
      .filter((c) => typeof c === 'string'),
  );
  s.updated = stamp(ctx);
  // The merged row goes first: its address must be free of it before the survivor holds it as an alternate.
  await remove(ctx.sql, { org: ctx.org, kind: 'contact' }, mergedId);
  await save(ctx.sql, { org: ctx.org, kind: 'contact' }, survivorId, s, ctx.now);
  const reports = await moveReports(ctx, mergedId, survivorId);
  const links = await moveLinks(ctx, mergedId, survivorId);
  return {
    object: 'contact_merge',
    survivor: presentContact(s),
    mergedId,
    moved: { reports, deals: links.deal, tasks: links.task, activities: links.activity, leads: links.lead },
  };
}

/**
 * Erases a person at their request. `pending: true` records the request only (a lead
 * conversion of that address is 409 `person_erased` meanwhile); otherwise the contact holding
 * the address, its leads on every site and the form submissions carrying it are removed, and
 * the address stays on the organization's erasure list.
 */
export async function erasePerson(ctx: Ctx): Promise<Record<string, unknown>> {
  closed(ctx.body, ['email', 'contactId', 'pending']);
  const { pending = false } = ctx.body;
  if (typeof pending !== 'boolean') throw invalid({ pending: 'must be true or false' });
  const email =
    ctx.body.contactId !== undefined
      ? String((await contact(ctx, reqString(ctx.body, 'contactId'))).body.email)
      : normalizeEmail(reqString(ctx.body, 'email'));
  if (!email) throw invalid({ email: 'must be a usable email address' });
  const where = { org: ctx.org, kind: 'erasure' };
  const held = await get(ctx.sql, where, email);
  if (held?.body.status === 'erased' && pending) throw conflict('person_erased', `${email} is already erased`);
  const record = {
    id: email,
    object: 'erasure',
    email,
    status: pending ? 'pending' : 'erased',
    requested: (held?.body.requested as string | undefined) ?? stamp(ctx),
    completed: pending ? null : stamp(ctx),
  };
  await ctx.sql.query(
    `insert into objects (org, kind, parent, id, body, created, updated) values ($1, 'erasure', '', $2, $3::jsonb, $4, $4)
     on conflict (org, kind, parent, id) do update set body = excluded.body, updated = excluded.updated`,
    [ctx.org, email, JSON.stringify(record), ctx.now],
  );
  const removed = { contact: null as string | null, leads: 0, formSubmissions: 0 };
  if (!pending) {
    const person = await contactByEmail(ctx, email);
    if (person) {
      await remove(ctx.sql, { org: ctx.org, kind: 'contact' }, person.id);
      await moveReports(ctx, person.id, null);
      removed.contact = person.id;
    }
    removed.leads = (
      await ctx.sql.query("delete from objects where org = $1 and kind = 'lead' and body->>'email' = $2 returning id", [
        ctx.org,
        email,
      ])
    ).length;
    removed.formSubmissions = (
      await ctx.sql.query(
        "delete from objects where org = $1 and kind = 'form_submission' and lower(body->'fields'->>'email') = $2 returning id",
        [ctx.org, email],
      )
    ).length;
  }
  return { ...record, removed };
}

/** True when `email` is erased or its erasure is pending in the organization. */
export async function isErased(ctx: Ctx, email: string): Promise<boolean> {
  return (await get(ctx.sql, { org: ctx.org, kind: 'erasure' }, email)) !== null;
}

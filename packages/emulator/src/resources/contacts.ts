// Contacts (001 §2, §4): unified on email; a per-site profile beside the shared fields.
import { lifecycleStages } from '@extkit/api';
import type { Ctx, Handler } from '../context.js';
import { conflict, invalid, notFound } from '../http/errors.js';
import { listPage } from '../http/list.js';
import { newId } from '../store/ids.js';
import { find, get, insert, remove, save, type Row } from '../store/objects.js';
import {
  address,
  consentSite,
  crmBand,
  leadSources,
  member,
  phone,
  reference,
  salutations,
  stamp,
  text,
} from './crm.js';
import { isUniqueViolation, receipt, unchanged } from './util.js';

/** Fields one site knows of a person, stored per site (001 §2 Per-site profile). */
export const profileFields = [
  'phone',
  'jobTitle',
  'companyId',
  'address',
  'ownerUid',
  'lifecycleStage',
  'leadSource',
  'salutation',
  'firstName',
  'lastName',
  'department',
  'mobilePhone',
  'homePhone',
  'otherPhone',
  'fax',
  'birthdate',
  'assistantName',
  'assistantPhone',
  'reportsToContactId',
  'otherAddress',
  'doNotCall',
  'mediaIds',
] as const;

type Profile = Record<string, unknown>;
type ContactBody = Record<string, unknown> & { __profiles: Record<string, Profile>; __sites: string[] };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Trimmed and case-folded, or null when unusable. */
export const normalizeEmail = (v: unknown): string | null =>
  typeof v === 'string' && emailPattern.test(v.trim()) ? v.trim().toLowerCase() : null;

/** The wire contact: the union of profiles (first site that set each field), or one site's profile. */
export function presentContact(body: ContactBody, siteId: string | null = null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!k.startsWith('__')) out[k] = v;
  const sites = siteId ? [siteId] : body.__sites;
  for (const field of profileFields) {
    const holder = sites.find((s) => body.__profiles[s]?.[field] !== undefined && body.__profiles[s]?.[field] !== null);
    out[field] = holder
      ? body.__profiles[holder]![field]
      : field === 'doNotCall'
        ? false
        : field === 'mediaIds'
          ? []
          : null;
  }
  return out;
}

const stageRank = (s: unknown): number =>
  s === 'evangelist' || s === 'other' ? 99 : lifecycleStages.indexOf(s as never);

/** Sets the contact's stage for a site (a won deal, a lead conversion): never lowers a later one; fires contactStageChanged. */
export async function raiseStage(ctx: Ctx, contactId: string, siteId: string, stage: string): Promise<void> {
  const row = await get<ContactBody>(ctx.sql, { org: ctx.org, kind: 'contact' }, contactId);
  if (!row) return;
  const body = row.body;
  const profile = (body.__profiles[siteId] ??= {});
  const previous = (profile.lifecycleStage as string | null | undefined) ?? null;
  if (previous !== null && stageRank(previous) >= stageRank(stage)) return;
  profile.lifecycleStage = stage;
  if (!body.__sites.includes(siteId)) body.__sites.push(siteId);
  body.updated = stamp(ctx);
  await save(ctx.sql, { org: ctx.org, kind: 'contact' }, contactId, body, ctx.now);
  ctx.emit('contactStageChanged', {
    contactId,
    email: String(body.email),
    lifecycleStage: stage,
    previousStage: previous ?? '',
  });
}

function pickListed(value: unknown, list: string[], key: string): string | null {
  if (value === null) return null;
  const found =
    typeof value === 'string' ? list.find((x) => x.toLowerCase() === value.trim().toLowerCase()) : undefined;
  if (!found) throw invalid({ [key]: `must be one of ${list.join(', ')}` });
  return found;
}

function birthdate(value: unknown, now: number): string | null {
  if (value === null) return null;
  const ok =
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value &&
    Date.parse(value) <= now;
  if (!ok) throw invalid({ birthdate: 'must be a real date YYYY-MM-DD, not in the future' });
  return value;
}

/** One profile field as the documents normalize it, or a 400 naming it. */
async function profileValue(
  ctx: Ctx,
  contactId: string | null,
  siteId: string,
  field: string,
  value: unknown,
  held: Profile,
): Promise<unknown> {
  if (value === null) return field === 'doNotCall' ? false : field === 'mediaIds' ? [] : null;
  switch (field) {
    case 'phone':
    case 'mobilePhone':
    case 'homePhone':
    case 'otherPhone':
    case 'fax':
    case 'assistantPhone':
      return phone(value, field);
    case 'jobTitle':
    case 'department':
    case 'assistantName':
      return text(value, field, 120);
    case 'firstName':
    case 'lastName':
      return text(value, field, 59);
    case 'companyId':
      return reference(ctx, 'companyId', value);
    case 'address':
    case 'otherAddress':
      return address(value, field);
    case 'ownerUid':
      return member(value, field);
    case 'lifecycleStage':
      return value;
    case 'leadSource':
      return value === held.leadSource ? value : pickListed(value, leadSources, field);
    case 'salutation':
      return value === held.salutation ? value : pickListed(value, salutations, field);
    case 'birthdate':
      return birthdate(value, ctx.now);
    case 'doNotCall':
      if (typeof value !== 'boolean') throw invalid({ doNotCall: 'must be true, false or null' });
      return value;
    case 'mediaIds': {
      if (!Array.isArray(value) || value.length > 20 || !value.every((v) => typeof v === 'string'))
        throw invalid({ mediaIds: 'must be at most 20 media ids' });
      for (const id of value)
        if (!(await get(ctx.sql, { org: ctx.org, kind: 'media' }, id)))
          throw invalid({ mediaIds: `${id} is not a file of the organization library` });
      return value;
    }
    case 'reportsToContactId': {
      if (typeof value !== 'string' || value === contactId)
        throw invalid({ reportsToContactId: 'cannot be the contact itself' });
      let next: string | null = value;
      for (let hops = 0; next !== null && hops < 1000; hops++) {
        const boss: Row<ContactBody> | null = await get<ContactBody>(ctx.sql, { org: ctx.org, kind: 'contact' }, next);
        if (!boss) {
          if (hops === 0) throw invalid({ reportsToContactId: 'is not an existing contact' });
          break;
        }
        next = (boss.body.__profiles[siteId]?.reportsToContactId as string | null | undefined) ?? null;
        if (next !== null && next === contactId)
          throw invalid({ reportsToContactId: 'would make a reporting loop through this site' });
      }
      return value;
    }
  }
  return value;
}

/** Applies a create or PATCH body to `body`; answers whether the lifecycle stage moved. */
async function apply(
  ctx: Ctx,
  body: ContactBody,
  contactId: string | null,
): Promise<{ from: unknown; to: unknown; siteId: string } | null> {
  const b = ctx.body;
  const named = profileFields.filter((f) => f in b);
  const siteRaw = b.consentSiteId;
  if ((named.length > 0 || b.marketingConsent === true) && (siteRaw === undefined || siteRaw === null)) {
    throw invalid({
      consentSiteId: `is required to write ${named.length ? named.join(', ') : 'marketingConsent: true'}`,
    });
  }
  const siteId = siteRaw === undefined || siteRaw === null ? null : await consentSite(ctx, siteRaw);
  if (contactId === null && siteId && named.length === 0 && b.marketingConsent !== true)
    throw invalid({ consentSiteId: 'is only taken with marketingConsent true or a profile field' });
  if (b.name !== undefined) {
    if (b.name === '' || (b.name !== null && typeof b.name !== 'string'))
      throw invalid({ name: 'must be a non-empty string or null' });
    body.name = b.name === null ? null : b.name.slice(0, 120);
  }
  if (b.tags !== undefined) {
    if (b.tags !== null && (!Array.isArray(b.tags) || !b.tags.every((t) => typeof t === 'string')))
      throw invalid({ tags: 'must be an array of strings' });
    body.tags = [...new Set((b.tags ?? []).map((t) => t.trim().slice(0, 60)).filter(Boolean))].slice(0, 50);
  }
  if (b.notes !== undefined)
    body.notes =
      b.notes === null
        ? null
        : typeof b.notes === 'string'
          ? b.notes.slice(0, 2000)
          : (() => {
              throw invalid({ notes: 'must be a string or null' });
            })();
  if (b.marketingConsent !== undefined) {
    if (typeof b.marketingConsent !== 'boolean') throw invalid({ marketingConsent: 'must be true or false' });
    body.marketingConsent = b.marketingConsent;
    const sites = new Set(body.consentSites as string[]);
    if (b.marketingConsent && siteId) sites.add(siteId);
    if (!b.marketingConsent) sites.clear();
    body.consentSites = [...sites];
  }
  if (!siteId) return null;
  const profile = (body.__profiles[siteId] ??= {});
  const from = profile.lifecycleStage ?? null;
  for (const field of named) profile[field] = await profileValue(ctx, contactId, siteId, field, b[field], profile);
  if (!body.__sites.includes(siteId)) body.__sites.push(siteId);
  body.companyIds = [
    ...new Set(
      Object.values(body.__profiles)
        .map((p) => p.companyId)
        .filter((c): c is string => typeof c === 'string'),
    ),
  ];
  return 'lifecycleStage' in b && from !== profile.lifecycleStage ? { from, to: profile.lifecycleStage, siteId } : null;
}

async function contactRow(ctx: Ctx): Promise<Row<ContactBody>> {
  const row = await get<ContactBody>(ctx.sql, { org: ctx.org, kind: 'contact' }, ctx.params.contactId!);
  if (!row) throw notFound('contact');
  return row;
}

/** The contact holding `email` as its identity or an alternate, if any. */
export async function contactByEmail(ctx: Ctx, email: string): Promise<Row<ContactBody> | null> {
  return (
    (await find<ContactBody>(ctx.sql, ctx.org, 'contact', { email }))[0] ??
    (await find<ContactBody>(ctx.sql, ctx.org, 'contact', { alternateEmails: [email] }))[0] ??
    null
  );
}

/** Creates a contact from `ctx.body` (also used by lead conversion); 409 `contact_exists` for an address already held. */
export async function createContact(ctx: Ctx, source: string): Promise<Row<ContactBody>['body']> {
  const email = normalizeEmail(ctx.body.email);
  if (!email) throw invalid({ email: 'must be a usable email address' });
  const held = await contactByEmail(ctx, email);
  if (held) throw conflict('contact_exists', `A contact holds ${email}: ${held.id}`);
  const body: ContactBody = {
    id: '',
    object: 'contact',
    email,
    name: null,
    tags: [],
    notes: null,
    marketingConsent: false,
    consentSites: [],
    sources: [source],
    companyIds: [],
    alternateEmails: [],
    __profiles: {},
    __sites: [],
  };
  await apply(ctx, body, null);
  // A create without `name` takes the first and last names it writes; later writes of them never rewrite it (001 §2).
  if (body.name === null) {
    const profile = typeof ctx.body.consentSiteId === 'string' ? body.__profiles[ctx.body.consentSiteId] : undefined;
    const full = [profile?.firstName, profile?.lastName].filter((n) => typeof n === 'string' && n !== '').join(' ');
    if (full !== '') body.name = full.slice(0, 120);
  }
  await crmBand(ctx, 'contact');
  body.id = await newId(ctx.sql, ctx.org, 'contact', 'ct');
  body.created = body.updated = stamp(ctx);
  try {
    await insert(ctx.sql, { org: ctx.org, kind: 'contact' }, body.id as string, body, ctx.now);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('contact_exists', `A contact holds ${email}`);
    throw error;
  }
  return body;
}

/** Points every profile that reports to `from` at `to` (null clears it); answers how many contacts changed. */
export async function moveReports(ctx: Ctx, from: string, to: string | null): Promise<number> {
  const rows = await ctx.sql.query<{ id: string }>(
    `select id from objects where org = $1 and kind = 'contact' and not deleted
       and jsonb_path_exists(body->'__profiles', '$.*.reportsToContactId ? (@ == $id)', jsonb_build_object('id', $2::text))`,
    [ctx.org, from],
  );
  for (const { id } of rows) {
    const other = await get<ContactBody>(ctx.sql, { org: ctx.org, kind: 'contact' }, id);
    if (!other) continue;
    for (const p of Object.values(other.body.__profiles))
      if (p.reportsToContactId === from) p.reportsToContactId = id === to ? null : to;
    await save(ctx.sql, { org: ctx.org, kind: 'contact' }, id, other.body, null);
  }
  return rows.length;
}

export const contacts: Record<string, Handler> = {
  'contacts.list': async (ctx) => {
    const q = ctx.query;
    const siteId = q.get('consentSiteId') || null;
    const on = (r: Row): Record<string, unknown> => presentContact(r.body as ContactBody, siteId);
    const stage = q.get('lifecycleStage') || null;
    const owner = q.get('ownerUid') || null;
    const tag = q.get('tag') || null;
    const companyId = q.get('companyId') || null;
    const checks = (r: Row, narrowed: string): boolean => {
      const c = on(r);
      return (
        (!stage || c.lifecycleStage === stage) &&
        (!owner || c.ownerUid === owner) &&
        (narrowed === 'tag' || !tag || (c.tags as string[]).includes(tag)) &&
        (narrowed === 'companyId' || !companyId || (c.companyIds as string[]).includes(companyId))
      );
    };
    const emailRaw = q.get('email') || null;
    if (emailRaw !== null) {
      const email = normalizeEmail(emailRaw);
      if (!email) throw invalid({ email: 'must be a usable email address' });
      const row = await contactByEmail(ctx, email);
      const data = row && checks(row, 'email') ? [{ ...on(row), email: row.body.email }] : [];
      return { body: { object: 'list', data, next_cursor: null, has_more: false } };
    }
    const narrowed = companyId ? 'companyId' : tag ? 'tag' : '';
    const contains = companyId ? { companyIds: [companyId] } : tag ? { tags: [tag] } : undefined;
    return {
      body: await listPage(ctx.sql, q, {
        org: ctx.org,
        kind: 'contact',
        order: 'id',
        present: on,
        keep: (r) => checks(r, narrowed),
        ...(contains ? { contains } : {}),
      }),
    };
  },
  'contacts.retrieve': async (ctx) => {
    const siteId = ctx.query.get('consentSiteId') || null;
    return { body: presentContact((await contactRow(ctx)).body, siteId) };
  },
  'contacts.create': async (ctx) => ({ body: presentContact(await createContact(ctx, 'api')) }),
  'contacts.update': async (ctx) => {
    const row = await contactRow(ctx);
    if (Object.keys(ctx.body).length === 0) return { body: presentContact(row.body) };
    const body = structuredClone(row.body);
    const moved = await apply(ctx, body, row.id);
    const siteId = typeof ctx.body.consentSiteId === 'string' ? ctx.body.consentSiteId : null;
    if (unchanged(row.body, body)) return { body: presentContact(row.body, siteId) };
    body.updated = stamp(ctx);
    await save(ctx.sql, { org: ctx.org, kind: 'contact' }, row.id, body, ctx.now);
    if (moved)
      ctx.emit('contactStageChanged', {
        contactId: row.id,
        email: String(body.email),
        lifecycleStage: String(moved.to ?? ''),
        previousStage: String(moved.from ?? ''),
      });
    return { body: presentContact(body, siteId) };
  },
  'contacts.delete': async (ctx) => {
    const row = await contactRow(ctx);
    await remove(ctx.sql, { org: ctx.org, kind: 'contact' }, row.id);
    // Cleared wherever another contact reports to it (001 §2 reportsToContactId).
    await moveReports(ctx, row.id, null);
    return { body: receipt(row.id, 'contact') };
  },
};

// Writes on a contact that other resources and actions share: create (lead conversion, capture),
// apply a create or PATCH body, raise a site's stage, move reporting lines; lookup by email.
import { lifecycleStages } from '@extkit/api';
import type { Ctx } from '../context.js';
import { conflict, invalid } from '../http/errors.js';
import { newId } from '../store/ids.js';
import { find, get, insert, save, type Row } from '../store/objects.js';
import { normalizeEmail, profileFields, type ContactBody } from './contact-body.js';
import { profileValue } from './contact-profile.js';
import { consentSite, crmBand, stamp } from './crm.js';
import { isUniqueViolation } from './util.js';

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

/** Applies a create or PATCH body to `body`; answers whether the lifecycle stage moved. */
export async function apply(
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

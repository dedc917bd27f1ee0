// Contacts (001 §2, §4): unified on email; a per-site profile beside the shared fields.
import type { Ctx, Handler } from '../context.js';
import { invalid, notFound } from '../http/errors.js';
import { listPage } from '../http/list.js';
import { get, remove, save, type Row } from '../store/objects.js';
import { normalizeEmail, presentContact, type ContactBody } from './contact-body.js';
import { apply, contactByEmail, createContact, moveReports } from './contact-writes.js';
import { stamp } from './crm.js';
import { receipt, unchanged } from './util.js';

async function contactRow(ctx: Ctx): Promise<Row<ContactBody>> {
  const row = await get<ContactBody>(ctx.sql, { org: ctx.org, kind: 'contact' }, ctx.params.contactId!);
  if (!row) throw notFound('contact');
  return row;
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

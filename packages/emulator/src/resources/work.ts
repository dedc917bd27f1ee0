// Tasks (status machine), activities (write-once, 5,000 a record) and email templates (001).
import type { Ctx, Handler } from '../context.js';
import { conflict, invalid } from '../http/errors.js';
import { newId } from '../store/ids.js';
import { count, insert, remove, save } from '../store/objects.js';
import { consentSite, crmList, crmRow, instant, member, reference, refuseKeys, stamp, text } from './crm.js';
import { receipt, requiredText, unchanged, wire } from './util.js';

type Apply = (ctx: Ctx, body: Record<string, unknown>, fresh: boolean) => Promise<void>;

/** The five handlers of a CRM collection with create, update and delete. */
function collection(
  kind: string,
  resource: string,
  idParam: string,
  thing: string,
  prefix: string,
  filters: string[],
  defaults: Record<string, unknown>,
  applyBody: Apply,
  after?: (ctx: Ctx, before: Record<string, unknown> | null, body: Record<string, unknown>) => void,
): Record<string, Handler> {
  const where = (ctx: Ctx) => ({ org: ctx.org, kind });
  return {
    [`${resource}.list`]: async (ctx) => ({ body: await crmList(ctx, kind, filters) }),
    [`${resource}.retrieve`]: async (ctx) => ({
      body: wire((await crmRow(ctx, kind, ctx.params[idParam]!, thing)).body),
    }),
    [`${resource}.create`]: async (ctx) => {
      const siteId = await consentSite(ctx);
      const body: Record<string, unknown> = { id: '', object: kind, ...structuredClone(defaults), siteId };
      await applyBody(ctx, body, true);
      body.id = await newId(ctx.sql, ctx.org, kind, prefix);
      body.created = body.updated = stamp(ctx);
      await insert(ctx.sql, where(ctx), body.id as string, body, ctx.now);
      after?.(ctx, null, body);
      return { body: wire(body) };
    },
    [`${resource}.update`]: async (ctx) => {
      refuseKeys(ctx.body, ['consentSiteId', 'siteId', 'visibleTo']);
      const row = await crmRow(ctx, kind, ctx.params[idParam]!, thing);
      if (Object.keys(ctx.body).length === 0) return { body: wire(row.body) };
      const body = { ...row.body };
      await applyBody(ctx, body, false);
      if (unchanged(row.body, body)) return { body: wire(row.body) };
      body.updated = stamp(ctx);
      await save(ctx.sql, where(ctx), row.id, body, ctx.now);
      after?.(ctx, row.body, body);
      return { body: wire(body) };
    },
    [`${resource}.delete`]: async (ctx) => {
      const row = await crmRow(ctx, kind, ctx.params[idParam]!, thing);
      await remove(ctx.sql, where(ctx), row.id);
      return { body: receipt(row.id, kind) };
    },
  };
}

async function links(ctx: Ctx, body: Record<string, unknown>): Promise<void> {
  for (const key of ['contactId', 'companyId', 'dealId'] as const)
    if (ctx.body[key] !== undefined) body[key] = await reference(ctx, key, ctx.body[key]);
}

const tasks = collection(
  'task',
  'tasks',
  'taskId',
  'task',
  'tk',
  ['dealId', 'contactId', 'companyId', 'assigneeUid', 'status'],
  {
    title: '',
    notes: null,
    kind: 'todo',
    priority: 'normal',
    status: 'open',
    dueAt: null,
    completedAt: null,
    assigneeUid: null,
    contactId: null,
    companyId: null,
    dealId: null,
  },
  async (ctx, body, fresh) => {
    const b = ctx.body;
    if (fresh || b.title !== undefined) body.title = requiredText(b.title, 'title', 200);
    if (b.notes !== undefined) body.notes = text(b.notes, 'notes', 5000);
    for (const key of ['kind', 'priority'] as const) if (b[key] !== undefined && b[key] !== null) body[key] = b[key];
    if (b.dueAt !== undefined) body.dueAt = instant(b.dueAt, 'dueAt');
    if (b.assigneeUid !== undefined) body.assigneeUid = member(b.assigneeUid, 'assigneeUid');
    await links(ctx, body);
    if (b.status !== undefined && b.status !== null && b.status !== body.status) {
      body.status = b.status;
      body.completedAt = b.status === 'done' ? stamp(ctx) : null;
    } else if (fresh && b.status === 'done') body.completedAt = stamp(ctx);
  },
  (ctx, before, t) => {
    if (t.status !== 'done' || before?.status === 'done') return;
    ctx.emit('taskCompleted', {
      taskId: String(t.id),
      title: String(t.title),
      kind: String(t.kind),
      priority: String(t.priority),
      dueAtMs: t.dueAt ? Date.parse(String(t.dueAt)) : 0,
      completedAtMs: Date.parse(String(t.completedAt)),
      completedByUid: 'api',
      assigneeUid: String(t.assigneeUid ?? ''),
      createdByUid: 'api',
      contactId: String(t.contactId ?? ''),
      companyId: String(t.companyId ?? ''),
      dealId: String(t.dealId ?? ''),
      taskHostId: String(t.siteId ?? ''),
    });
  },
);

/** Activities a record may carry (001 §8). */
export const activitiesPerRecord = 5_000;

const activities = collection(
  'activity',
  'activities',
  'activityId',
  'activity',
  'ac',
  ['dealId', 'contactId', 'companyId', 'kind'],
  {
    kind: 'note',
    body: '',
    at: null,
    byUid: 'api',
    contactId: null,
    companyId: null,
    dealId: null,
    outcome: null,
    durationMinutes: null,
  },
  async (ctx, body) => {
    const b = ctx.body;
    body.body = requiredText(b.body, 'body', 5000);
    if (typeof b.body === 'string' && b.body.length > 5000) throw invalid({ body: 'must be at most 5,000 characters' });
    if (b.kind !== undefined && b.kind !== null) body.kind = b.kind;
    body.at = b.at === undefined || b.at === null ? stamp(ctx) : instant(b.at, 'at');
    if (b.byUid !== undefined && b.byUid !== null) body.byUid = member(b.byUid, 'byUid');
    if (b.outcome !== undefined) body.outcome = text(b.outcome, 'outcome', 120);
    if (
      b.durationMinutes !== undefined &&
      b.durationMinutes !== null &&
      (!Number.isInteger(b.durationMinutes) || (b.durationMinutes as number) < 0)
    )
      throw invalid({ durationMinutes: 'must be a whole number, 0 or more' });
    if (b.durationMinutes !== undefined) body.durationMinutes = b.durationMinutes;
    await links(ctx, body);
    if (!body.contactId && !body.companyId && !body.dealId)
      throw invalid({ contactId: 'one of contactId, companyId or dealId is required' });
    for (const key of ['contactId', 'companyId', 'dealId'] as const) {
      if (
        body[key] &&
        (await count(ctx.sql, { org: ctx.org, kind: 'activity' }, { [key]: body[key] })) >= activitiesPerRecord
      ) {
        throw conflict(
          'activity_log_full',
          `The record ${String(body[key])} already carries ${activitiesPerRecord} activities`,
        );
      }
    }
  },
);
delete activities['activities.update'];

const emailTemplates = collection(
  'email_template',
  'emailTemplates',
  'templateId',
  'email template',
  'et',
  ['ownerUid', 'kind', 'visibility'],
  { name: '', kind: 'template', visibility: 'shared', ownerUid: null, subject: '', body: '' },
  async (ctx, t, fresh) => {
    const b = ctx.body;
    if (fresh || b.name !== undefined) t.name = requiredText(b.name, 'name', 80);
    if (fresh || b.body !== undefined) {
      if (typeof b.body !== 'string' || b.body === '') throw invalid({ body: 'is required (a string)' });
      if (b.body.length > 10_000) throw invalid({ body: 'must be at most 10,000 characters' });
      t.body = b.body.replace(/\r\n?/g, '\n');
    }
    if (b.subject !== undefined) {
      if (b.subject !== null && typeof b.subject !== 'string') throw invalid({ subject: 'must be a string or null' });
      if (typeof b.subject === 'string' && b.subject.length > 200)
        throw invalid({ subject: 'must be at most 200 characters' });
      t.subject = b.subject ?? '';
    }
    if (b.kind !== undefined && b.kind !== null) t.kind = b.kind;
    if (t.kind === 'snippet') t.subject = '';
    if (b.visibility !== undefined && b.visibility !== null) t.visibility = b.visibility;
    if (b.ownerUid !== undefined) t.ownerUid = member(b.ownerUid, 'ownerUid');
    if (t.visibility === 'shared' && b.ownerUid !== undefined && b.ownerUid !== null)
      throw invalid({ ownerUid: 'is refused on a shared template' });
    if (t.visibility === 'shared') t.ownerUid = null;
    if (t.visibility === 'personal' && !t.ownerUid) throw invalid({ ownerUid: 'is required on a personal template' });
  },
);

export const work: Record<string, Handler> = { ...tasks, ...activities, ...emailTemplates };

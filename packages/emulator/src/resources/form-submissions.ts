// Form submissions under a site (000 §2, §4): `read` is the only writable field.
import type { Ctx, Handler } from '../context.js';
import { notFound } from '../http/errors.js';
import { listPage } from '../http/list.js';
import { get, remove, save } from '../store/objects.js';
import { ownedSite, present, receipt, wire } from './util.js';

const where = (ctx: Ctx) => ({ org: ctx.org, kind: 'form_submission', parent: ctx.params.siteId! });

async function submission(ctx: Ctx) {
  await ownedSite(ctx, ctx.params.siteId!);
  const row = await get(ctx.sql, where(ctx), ctx.params.submissionId!);
  if (!row) throw notFound('form submission');
  return row;
}

export const formSubmissions: Record<string, Handler> = {
  // One filter narrows the read (formId, else form, else read); `read` beside a form filter is checked on the page.
  'formSubmissions.list': async (ctx) => {
    await ownedSite(ctx, ctx.params.siteId!);
    const formId = ctx.query.get('formId') || null;
    const form = ctx.query.get('form') || null;
    const readRaw = ctx.query.get('read') || null;
    const read = readRaw === null ? null : readRaw === 'true';
    const contains = formId ? { form_id: formId } : form ? { form } : read !== null ? { read } : undefined;
    const keep =
      (formId || form) && read !== null ? (r: { body: Record<string, unknown> }) => r.body.read === read : undefined;
    return {
      body: await listPage(ctx.sql, ctx.query, {
        ...where(ctx),
        order: 'id',
        present,
        ...(contains ? { contains } : {}),
        ...(keep ? { keep } : {}),
      }),
    };
  },

  'formSubmissions.retrieve': async (ctx) => ({ body: wire((await submission(ctx)).body) }),

  'formSubmissions.update': async (ctx) => {
    const row = await submission(ctx);
    if (row.body.read === ctx.body.read) return { body: wire(row.body) };
    const body = { ...row.body, read: ctx.body.read };
    await save(ctx.sql, where(ctx), row.id, body, ctx.now);
    return { body: wire(body) };
  },

  'formSubmissions.delete': async (ctx) => {
    const row = await submission(ctx);
    await remove(ctx.sql, where(ctx), row.id);
    return { body: receipt(row.id, 'form_submission') };
  },
};

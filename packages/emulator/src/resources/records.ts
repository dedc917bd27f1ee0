// Records (000 §2, §4): values against the dataset's model, ordered by id.
import type { Ctx, Handler } from '../context.js';
import { iso } from '../context.js';
import { invalid, notFound } from '../http/errors.js';
import { listPage } from '../http/list.js';
import { countIn, countOut, recordBand } from '../store/counters.js';
import { recordId, recordSequence } from '../store/ids.js';
import { get, insert, remove, save } from '../store/objects.js';
import { dataset } from './datasets.js';
import { present, quota, receipt, unchanged, wire } from './util.js';
import { applyValues, modelFor } from './values.js';

const where = (ctx: Ctx) => ({ org: ctx.org, kind: 'record', parent: ctx.params.datasetId! });

async function record(ctx: Ctx) {
  await dataset(ctx, ctx.params.datasetId!);
  const row = await get(ctx.sql, where(ctx), ctx.params.recordId!);
  if (!row) throw notFound('record');
  return row;
}

export const records: Record<string, Handler> = {
  'records.list': async (ctx) => {
    await dataset(ctx, ctx.params.datasetId!);
    return { body: await listPage(ctx.sql, ctx.query, { ...where(ctx), order: 'id', present }) };
  },

  'records.retrieve': async (ctx) => ({ body: wire((await record(ctx)).body) }),

  'records.create': async (ctx) => {
    const ds = await dataset(ctx, ctx.params.datasetId!);
    const applied = applyValues(modelFor(ds.body), {}, ctx.body.values);
    if ('errors' in applied) throw invalid(applied.errors);
    const limit = ctx.plan.recordsPerDataset;
    const n = await countIn(ctx.sql, recordBand(ctx.org, ds.id), limit, recordSequence(ctx.org));
    if (n === null) throw quota('record_quota', `The dataset holds every record the plan includes (${limit})`);
    const id = recordId(n);
    const body = { id, object: 'record', values: applied.values, created: iso(ctx.now), updated: iso(ctx.now) };
    await insert(ctx.sql, where(ctx), id, body, ctx.now);
    return { body };
  },

  'records.update': async (ctx) => {
    const row = await record(ctx);
    const ds = await dataset(ctx, ctx.params.datasetId!);
    const applied = applyValues(modelFor(ds.body), row.body.values as Record<string, unknown>, ctx.body.values);
    if ('errors' in applied) throw invalid(applied.errors);
    if (unchanged(row.body.values as object, applied.values)) return { body: row.body };
    const body = { ...row.body, values: applied.values, updated: iso(ctx.now) };
    await save(ctx.sql, where(ctx), row.id, body, ctx.now);
    return { body };
  },

  'records.delete': async (ctx) => {
    const row = await record(ctx);
    if (await remove(ctx.sql, where(ctx), row.id)) await countOut(ctx.sql, recordBand(ctx.org, ctx.params.datasetId!));
    return { body: receipt(row.id, 'record') };
  },
};

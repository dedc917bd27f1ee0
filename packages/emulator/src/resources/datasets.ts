// Datasets (000 §2, §4): the one resource the API provisions from nothing. Bodies are open.
import type { Ctx, Handler } from '../context.js';
import { iso } from '../context.js';
import { conflict, invalid, notFound, planRequired } from '../http/errors.js';
import { listPage } from '../http/list.js';
import { recordBand } from '../store/counters.js';
import { newId } from '../store/ids.js';
import { count, get, insert, remove, save, type Row } from '../store/objects.js';
import { present, quota, receipt, unchanged, wire } from './util.js';

const where = (ctx: Ctx) => ({ org: ctx.org, kind: 'dataset' });

function fieldsOf(value: unknown): string[] {
  if (!Array.isArray(value)) throw invalid({ fields: 'must be an array of field ids' });
  const kept = value
    .filter((f): f is string => typeof f === 'string' && f.trim() !== '')
    .map((f) => f.trim())
    .slice(0, 100);
  if (kept.length === 0) throw invalid({ fields: 'must name at least one field id' });
  return kept;
}

function modelOf(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid({ model: 'must be an object' });
  if (JSON.stringify(value).length >= 64 * 1024) throw invalid({ model: 'must serialize to under 64 KB' });
  return value as Record<string, unknown>;
}

/** The dataset, or 404 `No such dataset`. */
export async function dataset(ctx: Ctx, id: string): Promise<Row> {
  const row = await get(ctx.sql, where(ctx), id);
  if (!row) throw notFound('dataset');
  return row;
}

export const datasets: Record<string, Handler> = {
  'datasets.list': async (ctx) => ({
    body: await listPage(ctx.sql, ctx.query, { ...where(ctx), order: 'id', present }),
  }),

  'datasets.retrieve': async (ctx) => ({ body: wire((await dataset(ctx, ctx.params.datasetId!)).body) }),

  'datasets.create': async (ctx) => {
    if (!ctx.plan.dataStore) throw planRequired('data_store', 'Your plan has no data store');
    const { name, fields, model } = ctx.body;
    if (typeof name !== 'string' || name.trim() === '') throw invalid({ name: 'is required' });
    const body = {
      id: await newId(ctx.sql, ctx.org, 'dataset', 'ds'),
      object: 'dataset',
      name: name.trim().slice(0, 120),
      fields: fieldsOf(fields),
      created: iso(ctx.now),
      __model: model === undefined ? null : modelOf(model),
    };
    if (ctx.plan.datasets !== null && (await count(ctx.sql, where(ctx))) >= ctx.plan.datasets) {
      throw quota(
        'dataset_quota',
        `Every included dataset slot is used (${ctx.plan.datasets}); more are available as an add-on`,
      );
    }
    await insert(ctx.sql, where(ctx), body.id, body, ctx.now);
    return { body: wire(body) };
  },

  'datasets.update': async (ctx) => {
    const row = await dataset(ctx, ctx.params.datasetId!);
    const next = { ...row.body };
    const { name, fields, model } = ctx.body;
    if (name !== undefined) {
      if (typeof name !== 'string') throw invalid({ name: 'must be a string' });
      next.name = name.trim().slice(0, 120);
    }
    if (fields !== undefined) next.fields = fieldsOf(fields);
    if (model !== undefined) next.__model = modelOf(model);
    if (unchanged(row.body, next)) return { body: wire(row.body) };
    await save(ctx.sql, where(ctx), row.id, next, ctx.now);
    return { body: wire(next) };
  },

  'datasets.delete': async (ctx) => {
    const row = await dataset(ctx, ctx.params.datasetId!);
    const records = await count(ctx.sql, { org: ctx.org, kind: 'record', parent: row.id });
    if (records > 0)
      throw conflict(
        'dataset_not_empty',
        `The dataset holds ${records} record${records === 1 ? '' : 's'}; delete them first (records are not cascaded)`,
      );
    await remove(ctx.sql, where(ctx), row.id);
    await ctx.sql.query('delete from counters where name = $1', [recordBand(ctx.org, row.id)]);
    return { body: receipt(row.id, 'dataset') };
  },
};

// The console's side of pipelines, media, site forms and store products.
import type { Ctx } from '../context.js';
import { invalid, notFound } from '../http/errors.js';
import { stamp } from '../resources/crm.js';
import { ownedSite, receipt, wire } from '../resources/util.js';
import { newId } from '../store/ids.js';
import { find, get, insert, save } from '../store/objects.js';
import type { FormSetting } from './capture.js';
import { closed, optString, reqString } from './env.js';

/** Archives a pipeline (or brings it back with `archived: false`); the default moves to the first active pipeline. */
export async function archivePipeline(ctx: Ctx): Promise<Record<string, unknown>> {
  closed(ctx.body, ['pipelineId', 'archived']);
  const id = reqString(ctx.body, 'pipelineId');
  const { archived = true } = ctx.body;
  if (typeof archived !== 'boolean') throw invalid({ archived: 'must be true or false' });
  const all = await find(ctx.sql, ctx.org, 'pipeline', {});
  const row = all.find((p) => p.id === id);
  if (!row) throw notFound('pipeline');
  const at = stamp(ctx);
  const where = { org: ctx.org, kind: 'pipeline' };
  const body = { ...row.body };
  if (body.archived !== archived) {
    body.archived = archived;
    body.archivedAt = archived ? at : null;
    body.updated = at;
  }
  const others = all.filter((p) => p.id !== id);
  if (archived && body.isDefault === true) {
    body.isDefault = false;
    body.updated = at;
    const next = others.find((p) => p.body.archived !== true);
    if (next) await save(ctx.sql, where, next.id, { ...next.body, isDefault: true, updated: at }, ctx.now);
  } else if (!archived && !others.some((p) => p.body.archived !== true && p.body.isDefault === true)) {
    body.isDefault = true;
  }
  if (body.updated === at) await save(ctx.sql, where, id, body, ctx.now);
  return wire(body);
}

/** Deletes a file from its library, as the console does: reads answer 404, lists drop it after the page read. */
export async function deleteMedia(ctx: Ctx): Promise<Record<string, unknown>> {
  closed(ctx.body, ['mediaId']);
  const id = reqString(ctx.body, 'mediaId');
  const rows = await ctx.sql.query<{ id: string }>(
    "update objects set deleted = true, updated = $3 where org = $1 and kind = 'media' and id = $2 and not deleted returning id",
    [ctx.org, id, ctx.now],
  );
  if (rows.length === 0) throw notFound('file');
  return receipt(id, 'media');
}

/** A site's setting for one form (console): its name, the dataset it files into (null: the inbox only), where it routes people. */
export async function setForm(ctx: Ctx): Promise<Record<string, unknown>> {
  closed(ctx.body, ['siteId', 'formId', 'name', 'datasetId', 'route']);
  const siteId = reqString(ctx.body, 'siteId');
  const formId = reqString(ctx.body, 'formId');
  const site = await ownedSite(ctx, siteId);
  const forms = { ...((site.body.__forms as Record<string, FormSetting> | undefined) ?? {}) };
  const setting: FormSetting = { ...forms[formId] };
  if (ctx.body.name !== undefined) setting.name = optString(ctx.body, 'name') ?? null;
  if (ctx.body.datasetId !== undefined) {
    const datasetId = optString(ctx.body, 'datasetId') ?? null;
    if (datasetId && !(await get(ctx.sql, { org: ctx.org, kind: 'dataset' }, datasetId)))
      throw invalid({ datasetId: 'is not a dataset of the organization' });
    setting.datasetId = datasetId;
  }
  if (ctx.body.route !== undefined) {
    if (ctx.body.route !== 'lead' && ctx.body.route !== 'contact') throw invalid({ route: 'must be lead or contact' });
    setting.route = ctx.body.route;
  }
  forms[formId] = setting;
  await save(ctx.sql, { org: ctx.org, kind: 'site' }, siteId, { ...site.body, __forms: forms }, null);
  return {
    object: 'form_setting',
    siteId,
    formId,
    name: setting.name ?? null,
    datasetId: setting.datasetId ?? null,
    route: setting.route ?? 'lead',
  };
}

const productKeys = [
  'name',
  'slug',
  'description',
  'type',
  'status',
  'tags',
  'categoryIds',
  'mediaUrls',
  'options',
  'variants',
  'subscription',
] as const;
const productTypes = ['physical', 'digital', 'service'];
const productStatuses = ['draft', 'active', 'archived'];

/** The roll-up over tracked variants only; null when none is tracked (002 §2). */
export function inventoryOf(variants: Record<string, unknown>[]): number | null {
  const tracked = variants.filter((v) => v.inventoryTracked === true);
  return tracked.length === 0 ? null : tracked.reduce((n, v) => n + Number(v.inventory ?? 0), 0);
}

function variantsOf(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value) || value.length === 0) throw invalid({ variants: 'must be a non-empty array' });
  return value.map((v: unknown, i) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v))
      throw invalid({ variants: `variant ${i + 1} must be an object` });
    const x = v as Record<string, unknown>;
    for (const k of ['priceUsd', 'compareAtPriceUsd', 'weightGrams'])
      if (x[k] !== undefined && x[k] !== null && (typeof x[k] !== 'number' || x[k] < 0))
        throw invalid({ variants: `variant ${i + 1}: ${k} must be a number, 0 or more, or null` });
    if (x.inventory !== undefined && x.inventory !== null && !Number.isInteger(x.inventory))
      throw invalid({ variants: `variant ${i + 1}: inventory must be a whole number or null` });
    return {
      id: x.id ?? (value.length === 1 ? 'default' : null),
      sku: x.sku ?? null,
      barcode: x.barcode ?? null,
      options: x.options ?? {},
      priceUsd: x.priceUsd ?? null,
      compareAtPriceUsd: x.compareAtPriceUsd ?? null,
      weightGrams: x.weightGrams ?? null,
      inventory: x.inventory ?? null,
      inventoryTracked: x.inventoryTracked === true,
    };
  });
}

/** Edits a product of a site's store as the merchant does (a shallow merge), or adds one when no `productId` is given. */
export async function editProduct(ctx: Ctx): Promise<Record<string, unknown>> {
  closed(ctx.body, ['siteId', 'productId', ...productKeys]);
  const siteId = reqString(ctx.body, 'siteId');
  await ownedSite(ctx, siteId);
  const where = { org: ctx.org, kind: 'product', parent: siteId };
  const productId = optString(ctx.body, 'productId');
  const row = productId ? await get(ctx.sql, where, productId) : null;
  if (productId && !row) throw notFound('product');
  const at = stamp(ctx);
  const body: Record<string, unknown> = row
    ? { ...row.body }
    : {
        id: await newId(ctx.sql, ctx.org, 'product', 'prod'),
        object: 'product',
        name: null,
        slug: null,
        description: null,
        type: 'physical',
        status: 'draft',
        tags: [],
        categoryIds: [],
        mediaUrls: [],
        options: [],
        variants: [
          {
            id: 'default',
            sku: null,
            barcode: null,
            options: {},
            priceUsd: null,
            compareAtPriceUsd: null,
            weightGrams: null,
            inventory: null,
            inventoryTracked: false,
          },
        ],
        subscription: null,
        created: at,
      };
  const b = ctx.body;
  for (const key of ['name', 'slug', 'description'] as const)
    if (b[key] !== undefined) body[key] = optString(b, key) ?? null;
  if (b.type !== undefined && (typeof b.type !== 'string' || !productTypes.includes(b.type)))
    throw invalid({ type: `must be one of ${productTypes.join(', ')}` });
  if (b.status !== undefined && (typeof b.status !== 'string' || !productStatuses.includes(b.status)))
    throw invalid({ status: `must be one of ${productStatuses.join(', ')}` });
  for (const key of ['type', 'status'] as const) if (b[key] !== undefined) body[key] = b[key];
  for (const key of ['tags', 'categoryIds', 'mediaUrls', 'options'] as const)
    if (b[key] !== undefined) {
      if (!Array.isArray(b[key])) throw invalid({ [key]: 'must be an array' });
      body[key] = b[key];
    }
  if (b.variants !== undefined) body.variants = variantsOf(b.variants);
  if (b.subscription !== undefined) body.subscription = b.subscription;
  body.inventory = inventoryOf(body.variants as Record<string, unknown>[]);
  body.updated = at;
  if (row) await save(ctx.sql, where, row.id, body, ctx.now);
  else await insert(ctx.sql, where, String(body.id), body, ctx.now);
  return wire(body);
}

/** Deletes a product as the merchant does: reads answer 404, lists drop it after the page read, orders keep pointing at it. */
export async function deleteProduct(ctx: Ctx): Promise<Record<string, unknown>> {
  closed(ctx.body, ['siteId', 'productId']);
  const siteId = reqString(ctx.body, 'siteId');
  await ownedSite(ctx, siteId);
  const id = reqString(ctx.body, 'productId');
  const rows = await ctx.sql.query(
    "update objects set deleted = true, updated = $4 where org = $1 and kind = 'product' and parent = $2 and id = $3 and not deleted returning id",
    [ctx.org, siteId, id, ctx.now],
  );
  if (rows.length === 0) throw notFound('product');
  return receipt(id, 'product');
}

// Orders (the shipment status machine) and products of a site's store (002).
import type { Ctx, Handler } from '../context.js';
import { conflict, invalid, notFound } from '../http/errors.js';
import { listPage } from '../http/list.js';
import { get, save, type Row } from '../store/objects.js';
import { stamp } from './crm.js';
import { ownedSite, wire } from './util.js';

/** Orders predating channels carry none and are reported as online (002 §2). */
const presentOrder = (r: Row | Record<string, unknown>): Record<string, unknown> => {
  const body = wire('org' in r ? (r as Row).body : r);
  return { ...body, channel: body.channel ?? 'online' };
};

/** From each status, what PATCH `fulfilled` and `delivered` do (002 §3). */
const machine: Record<
  string,
  { fulfilled: 'allowed' | 'same' | 'refused'; delivered: 'allowed' | 'same' | 'refused' }
> = {
  pending: { fulfilled: 'refused', delivered: 'refused' },
  paid: { fulfilled: 'allowed', delivered: 'refused' },
  partially_fulfilled: { fulfilled: 'allowed', delivered: 'refused' },
  fulfilled: { fulfilled: 'same', delivered: 'allowed' },
  delivered: { fulfilled: 'refused', delivered: 'same' },
  cancelled: { fulfilled: 'refused', delivered: 'refused' },
  refunded: { fulfilled: 'refused', delivered: 'refused' },
};

const orderStatuses = Object.keys(machine);
const productStatuses = ['draft', 'active', 'archived'];

async function order(ctx: Ctx): Promise<Row> {
  await ownedSite(ctx, ctx.params.siteId!);
  const row = await get(ctx.sql, { org: ctx.org, kind: 'order', parent: ctx.params.siteId! }, ctx.params.orderId!);
  if (!row) throw notFound('order');
  return row;
}

export const commerce: Record<string, Handler> = {
  'orders.list': async (ctx) => {
    await ownedSite(ctx, ctx.params.siteId!);
    const status = ctx.query.get('status') || null;
    const channel = ctx.query.get('channel') || null;
    if (status && !orderStatuses.includes(status))
      throw invalid({ status: `must be one of ${orderStatuses.join(', ')}` });
    // channel=online is checked after the read (legacy rows store none); any other channel narrows like status.
    const contains = status ? { status } : channel && channel !== 'online' ? { channel } : undefined;
    const keep =
      channel && (channel === 'online' || status) ? (r: Row) => (r.body.channel ?? 'online') === channel : undefined;
    return {
      body: await listPage(ctx.sql, ctx.query, {
        org: ctx.org,
        kind: 'order',
        parent: ctx.params.siteId!,
        order: 'id',
        present: presentOrder,
        ...(contains ? { contains } : {}),
        ...(keep ? { keep } : {}),
      }),
    };
  },
  'orders.retrieve': async (ctx) => ({ body: presentOrder(await order(ctx)) }),
  'orders.update': async (ctx) => {
    const to = ctx.body.status as 'fulfilled' | 'delivered';
    const row = await order(ctx);
    const from = String(row.body.status);
    const verdict = machine[from]?.[to] ?? 'refused';
    if (verdict === 'same') return { body: presentOrder(row) };
    if (verdict === 'refused') throw conflict('order_transition', `The order is ${from}; it cannot move to ${to}`);
    const carrier = typeof ctx.body.carrier === 'string' ? ctx.body.carrier.trim().slice(0, 40) : null;
    const trackingNumber =
      typeof ctx.body.trackingNumber === 'string' ? ctx.body.trackingNumber.trim().slice(0, 60) : null;
    const fulfillments = [...((row.body.fulfillments as Record<string, unknown>[]) ?? [])];
    // The lines not shipped yet (a partly fulfilled order's rest); every line when all have shipped (a delivery).
    const shippedLines = new Set(
      fulfillments.flatMap((f) => (Array.isArray(f.lineItemIds) ? (f.lineItemIds as unknown[]) : [])),
    );
    const lines = ((row.body.lineItems as unknown[]) ?? []).map((_, i) => i);
    const rest = lines.filter((i) => !shippedLines.has(i));
    fulfillments.push({
      id: `f_${fulfillments.length + 1}`,
      lineItemIds: rest.length > 0 ? rest : lines,
      carrier,
      trackingNumber,
      trackingUrl: null,
      at: stamp(ctx),
    });
    const body = {
      ...row.body,
      status: to,
      fulfillments,
      __timeline: [...((row.body.__timeline as unknown[]) ?? []), { at: stamp(ctx), status: to }],
    };
    await save(ctx.sql, { org: ctx.org, kind: 'order', parent: ctx.params.siteId! }, row.id, body, ctx.now);
    return { body: presentOrder(body) };
  },
  'products.list': async (ctx) => {
    await ownedSite(ctx, ctx.params.siteId!);
    const status = ctx.query.get('status') || null;
    if (status && !productStatuses.includes(status))
      throw invalid({ status: `must be one of ${productStatuses.join(', ')}` });
    return {
      body: await listPage(ctx.sql, ctx.query, {
        org: ctx.org,
        kind: 'product',
        parent: ctx.params.siteId!,
        order: 'id',
        present: (r) => wire(r.body),
        ...(status ? { contains: { status } } : {}),
      }),
    };
  },
  'products.retrieve': async (ctx) => {
    await ownedSite(ctx, ctx.params.siteId!);
    const row = await get(
      ctx.sql,
      { org: ctx.org, kind: 'product', parent: ctx.params.siteId! },
      ctx.params.productId!,
    );
    if (!row) throw notFound('product');
    return { body: wire(row.body) };
  },
};

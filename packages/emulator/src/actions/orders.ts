// The storefront's half of an order's life (002 §3): placed, paid, cancelled, refunded.
// The API performs the shipment half (fulfilled, delivered); these are what it leaves to the store.
import type { Ctx } from '../context.js';
import { conflict, invalid, notFound } from '../http/errors.js';
import { stamp } from '../resources/crm.js';
import { ownedSite, wire } from '../resources/util.js';
import { newId } from '../store/ids.js';
import { get, insert, save, type Row } from '../store/objects.js';
import { inventoryOf } from './catalog.js';
import { closed, optString, reqString } from './env.js';

/** From which statuses each storefront move is allowed, and where it lands. */
export const storefrontMoves = {
  pay: { from: ['pending'], to: 'paid' },
  cancel: { from: ['pending', 'paid'], to: 'cancelled' },
  refund: { from: ['paid', 'partially_fulfilled', 'fulfilled', 'delivered'], to: 'refunded' },
} as const;

const cents = (body: Record<string, unknown>, key: string): number => {
  const v = body[key] ?? 0;
  if (!Number.isInteger(v) || (v as number) < 0) throw invalid({ [key]: 'must be a whole number of cents, 0 or more' });
  return v as number;
};

/** Moves stock of tracked variants by `sign` times each line's quantity, stamping the products it touched. */
async function moveStock(ctx: Ctx, siteId: string, lines: Record<string, unknown>[], sign: 1 | -1): Promise<void> {
  const where = { org: ctx.org, kind: 'product', parent: siteId };
  for (const line of lines) {
    const product = await get(ctx.sql, where, String(line.productId), true);
    if (!product) continue;
    const variants = (product.body.variants as Record<string, unknown>[]).map((v) =>
      v.inventoryTracked === true && v.id === (line.variantId ?? 'default')
        ? { ...v, inventory: Number(v.inventory ?? 0) + sign * Number(line.quantity) }
        : v,
    );
    await save(
      ctx.sql,
      where,
      product.id,
      { ...product.body, variants, inventory: inventoryOf(variants), updated: stamp(ctx) },
      ctx.now,
    );
  }
}

/** The next order number of a site's store: one past the highest it holds. */
async function nextOrderNumber(ctx: Ctx, siteId: string): Promise<number> {
  const rows = await ctx.sql.query<{ value: string | number }>(
    `insert into counters (name, value)
       select $1, coalesce(max((body->>'number')::bigint), 0) + 1 from objects where org = $2 and kind = 'order' and parent = $3
     on conflict (name) do update set value = counters.value + 1 returning value`,
    [`${ctx.org}:order-number:${siteId}`, ctx.org, siteId],
  );
  return Number(rows[0]!.value);
}

/** A shopper places an order: line items snapshot the catalog, tracked stock is taken, status pending (or paid). */
export async function placeOrder(ctx: Ctx): Promise<Record<string, unknown>> {
  const b = ctx.body;
  closed(b, [
    'siteId',
    'lineItems',
    'customerEmail',
    'customerName',
    'channel',
    'status',
    'shippingCents',
    'taxCents',
    'discountCents',
    'couponCode',
    'shippingAddress',
    'taxMode',
  ]);
  const siteId = reqString(b, 'siteId');
  await ownedSite(ctx, siteId);
  const status = b.status ?? 'pending';
  if (status !== 'pending' && status !== 'paid') throw invalid({ status: 'must be pending or paid' });
  const channel = b.channel ?? 'online';
  if (typeof channel !== 'string' || !['online', 'pos', 'draft', 'subscription'].includes(channel))
    throw invalid({ channel: 'must be online, pos, draft or subscription' });
  if (!Array.isArray(b.lineItems) || b.lineItems.length === 0)
    throw invalid({ lineItems: 'must be a non-empty array of {productId, variantId?, quantity}' });
  const lineItems: Record<string, unknown>[] = [];
  for (const [i, raw] of (b.lineItems as unknown[]).entries()) {
    const l = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const bad = (why: string) => invalid({ lineItems: `line ${i + 1}: ${why}` });
    if (typeof l.productId !== 'string') throw bad('productId is required');
    const quantity = l.quantity ?? 1;
    if (!Number.isInteger(quantity) || (quantity as number) < 1)
      throw bad('quantity must be a whole number, 1 or more');
    const product: Row | null = await get(ctx.sql, { org: ctx.org, kind: 'product', parent: siteId }, l.productId);
    if (!product) throw bad(`${l.productId} is not a product of the site's store`);
    if (product.body.status !== 'active') throw bad(`${l.productId} is not on sale (${String(product.body.status)})`);
    const variants = product.body.variants as Record<string, unknown>[];
    const variant = l.variantId === undefined ? variants[0] : variants.find((v) => v.id === l.variantId);
    if (!variant) throw bad(`${String(l.variantId)} is not a variant of ${l.productId}`);
    if (variant.inventoryTracked === true && Number(variant.inventory ?? 0) < (quantity as number))
      throw conflict('out_of_stock', `line ${i + 1}: ${l.productId} has ${String(variant.inventory)} in stock`);
    const label = Object.values((variant.options as Record<string, string>) ?? {}).join(' / ');
    lineItems.push({
      productId: product.id,
      ...(variants.length > 1 ? { variantId: variant.id } : {}),
      name: product.body.name,
      variantLabel: label || null,
      sku: variant.sku ?? null,
      productType: product.body.type ?? null,
      quantity,
      unitAmountCents: Math.round(Number(variant.priceUsd ?? 0) * 100),
    });
  }
  const itemsCents = lineItems.reduce((n, l) => n + Number(l.quantity) * Number(l.unitAmountCents), 0);
  const shippingCents = cents(b, 'shippingCents');
  const taxCents = cents(b, 'taxCents');
  const discountCents = cents(b, 'discountCents');
  const at = stamp(ctx);
  const body = {
    id: await newId(ctx.sql, ctx.org, 'order', 'ord'),
    object: 'order',
    number: await nextOrderNumber(ctx, siteId),
    status,
    channel,
    currency: 'usd',
    customerEmail: optString(b, 'customerEmail')?.trim().toLowerCase() ?? null,
    ...(channel === 'pos' || channel === 'draft' ? {} : { customerName: optString(b, 'customerName') ?? null }),
    lineItems,
    totals: {
      itemsCents,
      shippingCents,
      taxCents,
      discountCents,
      totalCents: Math.max(0, itemsCents + shippingCents + taxCents - discountCents),
      feeCents: 0,
    },
    refundedCents: 0,
    disputed: false,
    taxMode: optString(b, 'taxMode') ?? 'none',
    shippingAddress: b.shippingAddress ?? null,
    couponCode: optString(b, 'couponCode') ?? null,
    fulfillments: [],
    created: at,
    __timeline: [{ at, status }],
  };
  await moveStock(ctx, siteId, lineItems, -1);
  await insert(ctx.sql, { org: ctx.org, kind: 'order', parent: siteId }, body.id, body, ctx.now);
  return { ...wire(body) };
}

/** Pays, cancels or refunds an order (a partial refund adds to `refundedCents` and keeps the status). */
export function storefrontMove(move: keyof typeof storefrontMoves) {
  return async (ctx: Ctx): Promise<Record<string, unknown>> => {
    closed(ctx.body, move === 'refund' ? ['siteId', 'orderId', 'amountCents'] : ['siteId', 'orderId']);
    const siteId = reqString(ctx.body, 'siteId');
    await ownedSite(ctx, siteId);
    const where = { org: ctx.org, kind: 'order', parent: siteId };
    const row = await get(ctx.sql, where, reqString(ctx.body, 'orderId'));
    if (!row) throw notFound('order');
    const from = String(row.body.status);
    const rule = storefrontMoves[move];
    if (!(rule.from as readonly string[]).includes(from))
      throw conflict('order_transition', `The order is ${from}; it cannot be ${rule.to}`);
    const body = { ...row.body };
    const at = stamp(ctx);
    let to: string = rule.to;
    if (move === 'refund') {
      const total = Number((body.totals as Record<string, unknown>).totalCents ?? 0);
      const left = total - Number(body.refundedCents ?? 0);
      const amount = ctx.body.amountCents === undefined ? left : cents(ctx.body, 'amountCents');
      if (amount === 0 || amount > left)
        throw invalid({ amountCents: `must be from 1 to ${left}, what is left to refund` });
      body.refundedCents = Number(body.refundedCents ?? 0) + amount;
      if (body.refundedCents !== total) to = from;
    }
    if (move === 'cancel') await moveStock(ctx, siteId, body.lineItems as Record<string, unknown>[], 1);
    body.status = to;
    body.__timeline = [...((body.__timeline as unknown[]) ?? []), { at, status: to, move }];
    await save(ctx.sql, where, row.id, body, ctx.now);
    return { ...wire(body), channel: body.channel ?? 'online' };
  };
}

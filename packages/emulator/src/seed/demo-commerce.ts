// The demo seed's commerce: orders in every status and channel (some legacy, some shipped), and products.
import type { SeedData } from './load.js';
import { at, day, S1 } from './demo-kit.js';

/** Draws nothing from the PRNG: every value follows from its index. */
export function commerceSeed(): Pick<SeedData, 'orders' | 'products'> {
  const orderStatuses = ['pending', 'paid', 'partially_fulfilled', 'fulfilled', 'delivered', 'cancelled', 'refunded'];
  const channels = ['online', 'pos', 'draft', 'subscription', null];
  const carriers = ['UPS', 'Posten', 'DHL'];
  const jacket = (size: string, quantity: number) => ({
    productId: 'prod_0000001',
    variantId: `v-${size.toLowerCase()}`,
    name: 'Rain jacket',
    variantLabel: size,
    sku: `RJ-${size}`,
    productType: 'physical',
    quantity,
    unitAmountCents: 4_900,
  });
  const orders = Array.from({ length: 70 }, (_, i) => {
    const legacy = i % 10 === 9;
    const channel = channels[i % channels.length]!;
    const status = orderStatuses[i % orderStatuses.length]!;
    // A partly shipped order has a second line, still to ship.
    const lineItems =
      status === 'partially_fulfilled' ? [jacket('M', 1 + (i % 3)), jacket('L', 1)] : [jacket('M', 1 + (i % 3))];
    const items = lineItems.reduce((sum, l) => sum + l.quantity * l.unitAmountCents, 0);
    const totals = legacy
      ? { itemsCents: 0, shippingCents: 0, taxCents: 0, discountCents: 0, totalCents: items + 500, feeCents: 150 }
      : {
          itemsCents: items,
          shippingCents: 500,
          taxCents: Math.round(items * 0.25),
          discountCents: 0,
          totalCents: items + 500 + Math.round(items * 0.25),
          feeCents: 150,
        };
    // Shipped orders carry what shipped (002: fulfillments are empty only when nothing shipped).
    const shipped = ['partially_fulfilled', 'fulfilled', 'delivered'].includes(status);
    const carrier = carriers[i % carriers.length]!;
    const order: Record<string, unknown> = {
      siteId: S1,
      number: i + 1,
      status,
      currency: 'usd',
      customerEmail: channel === 'pos' ? null : `buyer${i + 1}@example.com`,
      lineItems,
      totals,
      refundedCents: status === 'refunded' ? totals.totalCents : 0,
      disputed: i === 13,
      taxMode: legacy ? null : 'stripe-automatic',
      shippingAddress:
        channel === 'pos'
          ? null
          : { name: 'Buyer', line1: '1 Quay', city: 'Bergen', state: null, postalCode: '5003', country: 'NO' },
      couponCode: null,
      fulfillments: shipped
        ? [
            {
              id: 'f_1',
              lineItemIds: [0],
              carrier,
              trackingNumber: `${carrier.slice(0, 2).toUpperCase()}${(100_000 + i * 7_919).toString()}`,
              trackingUrl: null,
              at: at(i * day + day),
            },
          ]
        : [],
      created: at(i * day),
    };
    if (channel !== null) order.channel = channel;
    if (channel !== 'pos' && channel !== 'draft') order.customerName = `Buyer ${i + 1}`;
    return order;
  });
  const variant = (id: string | null, label: Record<string, string>, price: number, inventory: number | null) => ({
    id,
    sku: id ? `RJ-${id}` : 'GC',
    barcode: null,
    options: label,
    priceUsd: price,
    compareAtPriceUsd: null,
    weightGrams: 500,
    inventory,
    inventoryTracked: inventory !== null,
  });
  /** A product of the first site, made on day `n`; what the entry leaves out is the documents' default. */
  const product = (n: number, fields: Record<string, unknown> & { name: string; slug: string; type: string }) => {
    const {
      name,
      slug,
      type,
      status = 'active',
      tags = [],
      options = [],
      variants,
      inventory = null,
      ...rest
    } = fields;
    return {
      siteId: S1,
      name,
      slug,
      description: null,
      type,
      status,
      tags,
      categoryIds: [],
      mediaUrls: [],
      options,
      variants,
      inventory,
      subscription: rest.subscription ?? null,
      created: at(n * day),
      updated: at(n * day),
      ...(rest.__deleted ? { __deleted: true } : {}),
    };
  };
  const products = [
    product(0, {
      name: 'Rain jacket',
      slug: 'rain-jacket',
      type: 'physical',
      tags: ['outdoor'],
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: ['S', 'M', 'L'].map((s) => variant(`v-${s.toLowerCase()}`, { Size: s }, 49, 10)),
      inventory: 30,
    }),
    product(1, { name: 'Gift card', slug: 'gift-card', type: 'digital', variants: [variant('default', {}, 25, null)] }),
    product(2, {
      name: 'Old map',
      slug: 'old-map',
      type: 'physical',
      status: 'archived',
      variants: [variant('default', {}, 5, 0)],
      inventory: 0,
    }),
    product(3, {
      name: 'Trip club',
      slug: 'trip-club',
      type: 'service',
      status: 'draft',
      variants: [variant('default', {}, 9, null)],
      subscription: { interval: 'month', trialDays: 14 },
    }),
    product(4, {
      name: 'Deleted item',
      slug: 'deleted',
      type: 'physical',
      variants: [variant('default', {}, 1, null)],
      __deleted: true,
    }),
  ];
  return { orders, products };
}

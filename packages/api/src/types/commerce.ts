// Orders and products of a site's store (document 3), and the public marketplace read path.
import type { PageParams } from './shared.js';

export const orderStatuses = [
  'pending',
  'paid',
  'partially_fulfilled',
  'fulfilled',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderChannels = ['online', 'pos', 'draft', 'subscription'] as const;
export type OrderChannel = (typeof orderChannels)[number];
/** The only moves the API performs: recording a shipment or a delivery. */
export const shipmentStatuses = ['fulfilled', 'delivered'] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];

export interface OrderLineItem {
  /** The live product; may since be deleted. */
  productId: string;
  /** Omitted when only the default variant. */
  variantId?: string;
  name: string;
  variantLabel: string | null;
  sku: string | null;
  productType: string | null;
  quantity: number;
  unitAmountCents: number;
}

/** Integer cents: `totalCents = itemsCents + shippingCents + taxCents - discountCents`. */
export interface OrderTotals {
  itemsCents: number;
  shippingCents: number;
  taxCents: number;
  discountCents: number;
  totalCents: number;
  /** The platform fee; not part of `totalCents`. */
  feeCents: number;
}

export interface OrderShippingAddress {
  name?: string | null;
  line1?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  country?: string | null;
}

export interface Fulfillment {
  id: string | null;
  /** Indexes into the order's `lineItems`. */
  lineItemIds: number[];
  carrier: string | null;
  trackingNumber: string | null;
  /** Set only when the shipper recorded one. */
  trackingUrl?: string | null;
  at: string | null;
}

export interface Order {
  /** Used in paths; not the `number`. */
  id: string;
  object: 'order';
  number: number | null;
  status: OrderStatus;
  channel: OrderChannel;
  currency: 'usd' | (string & {});
  customerEmail: string | null;
  /** Absent on POS and draft orders. */
  customerName?: string | null;
  lineItems: OrderLineItem[];
  totals: OrderTotals;
  refundedCents: number;
  disputed: boolean;
  taxMode: 'stripe-automatic' | 'manual' | 'none' | null;
  shippingAddress: OrderShippingAddress | null;
  couponCode: string | null;
  fulfillments: Fulfillment[];
  created: string | null;
}

export interface OrderListParams extends PageParams {
  status?: OrderStatus;
  channel?: OrderChannel;
}

/** Record a shipment: closed body; repeating it at the same status writes nothing. */
export interface OrderUpdateParams {
  status: ShipmentStatus;
  /** Trimmed to 40 characters. */
  carrier?: string;
  /** Trimmed to 60 characters. */
  trackingNumber?: string;
}

export const productTypes = ['physical', 'digital', 'service'] as const;
export type ProductType = (typeof productTypes)[number];
export const productStatuses = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof productStatuses)[number];

export interface ProductVariant {
  /** `default` on single-variant products. */
  id: string | null;
  sku: string | null;
  barcode: string | null;
  /** Option name to value; `{}` on a single-variant product. */
  options: Record<string, string>;
  /** Dollars (orders are in cents). */
  priceUsd: number | null;
  compareAtPriceUsd: number | null;
  weightGrams: number | null;
  /** Null with tracking off means unlimited; 0 with tracking on means sold out. */
  inventory: number | null;
  inventoryTracked: boolean;
}

export interface Product {
  id: string;
  object: 'product';
  name: string | null;
  slug: string | null;
  description: string | null;
  type: ProductType | null;
  status: ProductStatus | null;
  tags: string[];
  categoryIds: string[];
  /** First is primary. */
  mediaUrls: string[];
  options: { name: string; values: string[] }[];
  /** Never empty. */
  variants: ProductVariant[];
  /** Roll-up over tracked variants; null when none tracked. */
  inventory: number | null;
  subscription: { interval: 'month' | 'year'; trialDays: number } | null;
  created: string | null;
  updated: string | null;
}

export interface ProductListParams extends PageParams {
  status?: ProductStatus;
}

/** One version of a marketplace listing, the buyer-safe subset. Member types beyond the names are not documented. */
export interface ListingVersion {
  version: string;
  changelog: string | null;
  trust: unknown;
  hostAbi: number;
  date: string | null;
}

/** The wire shape is not documented: either a bare array or a list envelope comes back as sent. */
export type ListingVersionsResponse = ListingVersion[] | { data: ListingVersion[]; [member: string]: unknown };

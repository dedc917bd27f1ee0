// The page's logic, kept apart from the DOM so that it is easy to test.
import type { Order } from '@extkit/client';

/** The statuses from which the API records a shipment (002 §3: PATCH `fulfilled`). */
export const SHIPPABLE: ReadonlySet<string> = new Set(['paid', 'partially_fulfilled']);

/** Whether a shipment can be recorded on the order now. */
export const canShip = (order: Pick<Order, 'status'>): boolean => SHIPPABLE.has(order.status);

/** Integer cents as US dollars: order currency is always `usd` today (002 §2). */
export function formatTotal(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** The body of "record a shipment": carrier and tracking number as the platform keeps them (trimmed to 40 and 60 characters). */
export function shipment(
  carrier: string,
  trackingNumber: string,
): { status: 'fulfilled'; carrier?: string; trackingNumber?: string } {
  const c = carrier.trim().slice(0, 40);
  const t = trackingNumber.trim().slice(0, 60);
  return { status: 'fulfilled', ...(c ? { carrier: c } : {}), ...(t ? { trackingNumber: t } : {}) };
}

/** The latest shipment on an order, as a line: "UPS 1Z999 (2026-05-01)", or '' when nothing shipped. */
export function lastShipment(order: Pick<Order, 'fulfillments'>): string {
  const f = order.fulfillments[order.fulfillments.length - 1];
  if (!f) return '';
  return [f.carrier, f.trackingNumber, f.at ? `(${f.at.slice(0, 10)})` : null].filter(Boolean).join(' ');
}

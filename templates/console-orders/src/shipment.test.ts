// @vitest-environment jsdom
// The page against the platform: this file's own organization on the run's emulator (vitest.config.ts),
// the page calling the production URL as it does once installed, routed there by render(id, { api }).
import { ServiceClient } from '@extkit/client';
import { emulator, render } from '@extkit/testing';
import { beforeAll, expect, it, vi } from 'vitest';
import './index';

let siteId: string;
let orderId: string;

/** What the store's side does on the emulator (a product, a paid order): its admin actions, as this organization. */
async function act<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const emu = emulator();
  const res = await fetch(`${emu.adminUrl}/actions/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ org: emu.org, ...body }),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

beforeAll(async () => {
  const client = new ServiceClient(emulator());
  siteId = (
    await client.sites.create({
      displayName: 'Mugs',
      subdomain: `mugs-${emulator()
        .org.toLowerCase()
        .replace(/[^a-z0-9]/g, '')}`,
    })
  ).id;
  const product = await act<{ id: string }>('products', {
    siteId,
    name: 'Mug',
    status: 'active',
    variants: [{ priceUsd: 12 }],
  });
  orderId = (
    await act<{ id: string }>('orders', {
      siteId,
      status: 'paid',
      customerEmail: 'ada@example.com',
      lineItems: [{ productId: product.id, quantity: 1 }],
    })
  ).id;
});

it("records a shipment on a paid order, and the platform's order is fulfilled", async () => {
  const emu = emulator();
  const view = render('/hello-orders', { api: emu, config: { apiKey: emu.apiKey }, strict: true });
  const row = await vi.waitFor(
    () => {
      const found = view.root.querySelector<HTMLTableRowElement>(`tr[data-order="${orderId}"]`);
      if (!found)
        throw new Error(
          `order ${orderId} not listed; the page says: ${view.root.querySelector('[role="status"]')?.textContent}`,
        );
      return found;
    },
    { timeout: 5000 },
  );
  row.querySelector<HTMLInputElement>('[aria-label="Carrier"]')!.value = 'UPS';
  row.querySelector<HTMLInputElement>('[aria-label="Tracking number"]')!.value = '1Z999';
  row.querySelector('button')!.click();
  await vi.waitFor(() => expect(view).toHaveEmitted('shipment-recorded', { orderId, carrier: 'UPS' }), {
    timeout: 5000,
  });

  const order = await new ServiceClient(emu).orders.retrieve(siteId, orderId);
  expect(order.status).toBe('fulfilled');
  expect(order.fulfillments.map((f) => [f.carrier, f.trackingNumber])).toEqual([['UPS', '1Z999']]);
});

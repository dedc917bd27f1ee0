// The first requests a test file makes cost the emulator more than the same requests later: each
// statement is prepared once per session, and the engine compiles its code paths (WebAssembly) and
// reads its catalogs on first use. The setup makes one organization's worth of them (its key, a
// site, a product, a paid order shipped, the reads) as soon as the emulator is up, in this process while
// vitest starts its workers in theirs, so the first file does not pay for them.
import type { Emulator } from '@extkit/emulator';

/** Warms `emu` with the requests of a typical first test file; never throws (a failure here is only time not saved). */
export async function warm(emu: Emulator): Promise<void> {
  try {
    const key = await emu.createKey({ plan: 'business' });
    const call = async (url: string, body?: unknown, method = body === undefined ? 'GET' : 'POST') => {
      const res = await fetch(url, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await res.json()) as Record<string, unknown>;
    };
    const me = await call(`${emu.baseUrl}/me`);
    const site = await call(`${emu.baseUrl}/sites`, { displayName: 'Warm-up', subdomain: `warm-${Date.now()}` });
    const siteId = String(site.id);
    const product = await call(`${emu.adminUrl}/actions/products`, {
      org: me.org,
      siteId,
      name: 'Warm-up',
      status: 'active',
      variants: [{ priceUsd: 1 }],
    });
    const order = await call(`${emu.adminUrl}/actions/orders`, {
      org: me.org,
      siteId,
      status: 'paid',
      customerEmail: 'warm-up@example.org',
      lineItems: [{ productId: product.id, quantity: 1 }],
    });
    await call(`${emu.baseUrl}/sites/${siteId}/orders`);
    const orderUrl = `${emu.baseUrl}/sites/${siteId}/orders/${String(order.id)}`;
    await call(orderUrl, { status: 'fulfilled', carrier: 'UPS', trackingNumber: 'warm-up' }, 'PATCH');
    await call(orderUrl);
    await call(`${emu.baseUrl}/contacts`, { email: 'warm-up@example.org' });
    await call(`${emu.baseUrl}/contacts`);
  } catch {
    // Nothing to report: the files' own requests work the same, only slower on first use.
  }
}

// Documents 001 and 002 through @extkit/client against one demo-seeded emulator.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { constructWebhookEvent, ServiceClient } from '@extkit/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from './__fixtures__/refusal.js';
import { startEmulator, type Emulator } from './index.js';

let emu: Emulator;
let client: ServiceClient;
let receiver: http.Server;
const received: { body: string; signature: string | undefined }[] = [];
const S1 = 'site_0000001';

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  client = new ServiceClient({ baseUrl: emu.baseUrl, apiKey: emu.apiKey, maxRetries: 0 });
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ body, signature: req.headers['x-service-signature'] as string | undefined });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  await emu.registerWebhook(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`, 'whsec_test');
}, 120_000);
afterAll(async () => {
  await emu?.close();
  receiver?.close();
});

describe('contacts', () => {
  it('creates a contact, refuses a held address with contact_exists naming it, and finds it by email', async () => {
    const c = await client.contacts.create({
      email: '  New.Person@Example.com ',
      name: 'New Person',
      tags: ['a', ' ', 'a'],
    });
    expect(c).toMatchObject({
      email: 'new.person@example.com',
      sources: ['api'],
      tags: ['a'],
      lifecycleStage: null,
      doNotCall: false,
      mediaIds: [],
    });
    const dup = await refusal(client.contacts.create({ email: 'new.person@example.com' }));
    expect([dup.status, dup.code]).toEqual([409, 'contact_exists']);
    expect(dup.message).toContain(c.id);
    const found = await client.contacts.list({ email: 'NEW.PERSON@example.com' });
    expect([found.data.map((x) => x.id), found.next_cursor, found.has_more]).toEqual([[c.id], null, false]);
    expect((await refusal(client.contacts.list({ email: 'not-an-address' }))).fields).toHaveProperty('email');
  });

  it('writes profile fields only with consentSiteId, per site, and fires contactStageChanged on a stage move', async () => {
    const c = await client.contacts.create({ email: 'profile@example.com' });
    expect((await refusal(client.contacts.update(c.id, { jobTitle: 'CTO' }))).fields).toHaveProperty('consentSiteId');
    const updated = await client.contacts.update(c.id, {
      consentSiteId: S1,
      jobTitle: 'CTO',
      phone: '+47 22 12 34 56',
      lifecycleStage: 'lead',
    });
    expect(updated).toMatchObject({ jobTitle: 'CTO', phone: '+4722123456', lifecycleStage: 'lead' });
    expect((await client.contacts.retrieve(c.id, { consentSiteId: 'site_0000002' })).jobTitle).toBeNull();
    await emu.settled();
    const event = received
      .map((r) => JSON.parse(r.body))
      .find((e) => e.event === 'contactStageChanged' && e.payload.contactId === c.id);
    expect(event.payload).toEqual({
      contactId: c.id,
      email: 'profile@example.com',
      lifecycleStage: 'lead',
      previousStage: '',
    });
    const raw = received.find((r) => r.body.includes(c.id))!;
    expect((await constructWebhookEvent(raw.body, raw.signature, 'whsec_test')).event).toBe('contactStageChanged');
    expect(
      (await refusal(client.contacts.update(c.id, { consentSiteId: S1, phone: 'call me' }))).fields,
    ).toHaveProperty('phone');
  });

  it('narrows by tag and checks lifecycleStage on the page (short pages, each item once)', async () => {
    const seen: string[] = [];
    for await (const c of client.contacts.list({ tag: 'vip', lifecycleStage: 'customer', limit: 10 })) seen.push(c.id);
    expect(new Set(seen).size).toBe(seen.length);
    const first = await client.contacts.list({ tag: 'vip', lifecycleStage: 'customer', limit: 10 });
    expect(first.data.length).toBeLessThanOrEqual(10);
    for (const id of seen) expect((await client.contacts.retrieve(id)).lifecycleStage).toBe('customer');
  });
});

describe('companies, deals, tasks, activities, templates', () => {
  it('normalizes a company domain and refuses a duplicate with company_exists', async () => {
    const co = await client.companies.create({
      name: ' Acme ',
      consentSiteId: S1,
      domain: 'https://www.ACME.test/about',
      website: 'acme.test',
    });
    expect(co).toMatchObject({ name: 'Acme', domain: 'acme.test', website: 'https://acme.test', siteId: S1 });
    const dup = await refusal(client.companies.create({ name: 'Other', consentSiteId: S1, domain: 'acme.test' }));
    expect([dup.code, dup.message.includes(co.id)]).toEqual(['company_exists', true]);
    expect((await client.companies.list({ domain: 'http://acme.test/x' })).data.map((c) => c.id)).toEqual([co.id]);
    const refused = await fetch(`${emu.baseUrl}/companies/${co.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${emu.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ siteId: 'x' }),
    });
    expect([refused.status, Object.keys((await refused.json()).error.fields)]).toEqual([400, ['siteId']]);
  });

  it('moves a deal by stage or status, refuses disagreement, and makes the contact a customer when won', async () => {
    const contact = await client.contacts.create({ email: 'buyer-deal@example.com' });
    const deal = await client.deals.create({ title: 'Boat', consentSiteId: S1, contactId: contact.id });
    expect(deal).toMatchObject({ stageId: 'qualified', status: 'open', closedAt: null, currency: 'usd' });
    expect((await refusal(client.deals.update(deal.id, { stageId: 'won', status: 'lost' }))).fields).toEqual({
      status: 'Must match the stage',
    });
    const won = await client.deals.update(deal.id, { status: 'won' });
    expect(won).toMatchObject({ stageId: 'won', status: 'won' });
    expect(won.closedAt).not.toBeNull();
    expect((await client.contacts.retrieve(contact.id, { consentSiteId: S1 })).lifecycleStage).toBe('customer');
    const reopened = await client.deals.update(deal.id, { stageId: 'negotiation' });
    expect([reopened.status, reopened.closedAt]).toEqual(['open', null]);
    await emu.settled();
    const events = received
      .map((r) => JSON.parse(r.body))
      .filter((e) => e.payload.dealId === deal.id)
      .map((e) => e.event);
    expect(events).toEqual(['dealWon', 'dealStageChanged']);
  });

  it('sums line items into amountCents and refuses an amount beside them', async () => {
    const deal = await client.deals.create({
      title: 'Lines',
      consentSiteId: S1,
      lineItems: [{ name: 'A', quantity: 3, unitAmountCents: 250 }],
    });
    expect(deal.amountCents).toBe(750);
    expect((await refusal(client.deals.update(deal.id, { amountCents: 5 }))).fields).toHaveProperty('amountCents');
    expect((await refusal(client.deals.update(deal.id, { currency: 'eur' }))).fields).toHaveProperty('currency');
    const badLine = await fetch(`${emu.baseUrl}/deals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emu.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'X',
        consentSiteId: S1,
        lineItems: [{ name: 'A', quantity: 0, unitAmountCents: 1 }],
      }),
    });
    // The shared spec names the line and member under lineItems, for the client and the emulator alike.
    expect(Object.keys((await badLine.json()).error.fields)).toEqual(['lineItems.0.quantity']);
  });

  it('stamps completedAt when a task is done, clears it when reopened, and fires taskCompleted once', async () => {
    const t = await client.tasks.create({ title: 'Call back', consentSiteId: S1 });
    const done = await client.tasks.update(t.id, { status: 'done' });
    expect(done.completedAt).not.toBeNull();
    expect((await client.tasks.update(t.id, { status: 'open' })).completedAt).toBeNull();
    await emu.settled();
    expect(
      received.map((r) => JSON.parse(r.body)).filter((e) => e.event === 'taskCompleted' && e.payload.taskId === t.id),
    ).toHaveLength(1);
  });

  it('keeps activities write-once (405) and needs a record to attach to', async () => {
    const a = await client.activities.create({ body: 'Met', consentSiteId: S1, contactId: 'ct_0000001' });
    const patch = await fetch(`${emu.baseUrl}/activities/${a.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${emu.apiKey}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect([patch.status, patch.headers.get('allow')]).toEqual([405, 'GET, DELETE']);
    expect((await refusal(client.activities.create({ body: 'Orphan', consentSiteId: S1 }))).fields).toHaveProperty(
      'contactId',
    );
  });

  it('orders updatedAfter lists by updated then id and refuses a bare date', async () => {
    expect((await refusal(client.deals.list({ updatedAfter: '2025-01-01' }))).fields).toHaveProperty('updatedAfter');
    const page = await client.deals.list({ updatedAfter: '2025-01-20T00:00:00Z', limit: 100 });
    const stamps = page.data.map((d) => Date.parse(d.updated!));
    expect([...stamps].sort((a, b) => a - b)).toEqual(stamps);
    expect(stamps.every((s) => s > Date.parse('2025-01-20T00:00:00Z'))).toBe(true);
  });

  it('requires ownerUid on a personal template and refuses it on a shared one', async () => {
    expect(
      (await refusal(client.emailTemplates.create({ name: 'P', body: 'b', consentSiteId: S1, visibility: 'personal' })))
        .fields,
    ).toHaveProperty('ownerUid');
    const t = await client.emailTemplates.create({
      name: 'S',
      body: 'a\r\nb',
      consentSiteId: S1,
      kind: 'snippet',
      subject: 'x',
    });
    expect([t.body, t.subject, t.ownerUid]).toEqual(['a\nb', '', null]);
  });
});

describe('leads', () => {
  it("lists a site's leads newest lastSeen first and refuses a missing site", async () => {
    const page = await client.leads.list({ siteId: S1, limit: 100 });
    const seen = page.data.map((l) => Date.parse(l.lastSeen!));
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    expect(page.data.every((l) => ['new', 'working', 'unqualified', 'qualified'].includes(l.status))).toBe(true);
    expect((await refusal(client.leads.list({ siteId: 'site_nope' }))).fields).toHaveProperty('siteId');
  });

  it('walks the status machine and converts once', async () => {
    const lead = (await client.leads.list({ siteId: S1, status: 'new', limit: 100 })).data[0]!;
    expect((await refusal(client.leads.update(lead.id, { siteId: S1, status: 'unqualified' }))).fields).toHaveProperty(
      'unqualifiedReason',
    );
    expect(
      (await client.leads.update(lead.id, { siteId: S1, status: 'unqualified', unqualifiedReason: 'Spam' }))
        .unqualifiedReason,
    ).toBe('Spam');
    expect((await client.leads.update(lead.id, { siteId: S1, status: 'working' })).unqualifiedReason).toBeNull();
    const conversion = await client.leads.convert(lead.id, {
      siteId: S1,
      company: { create: { name: 'Lead Co', domain: 'leadco.test' } },
      deal: { title: 'First deal', amountCents: 1000 },
    });
    expect(conversion).toMatchObject({
      object: 'lead_conversion',
      alreadyConverted: false,
      lead: { status: 'qualified' },
    });
    expect((await client.contacts.retrieve(conversion.contactId, { consentSiteId: S1 })).lifecycleStage).toBe(
      'sales-qualified',
    );
    const again = await client.leads.convert(lead.id, { siteId: S1 });
    expect([again.alreadyConverted, again.contactId, again.dealId]).toEqual([
      true,
      conversion.contactId,
      conversion.dealId,
    ]);
    expect((await refusal(client.leads.update(lead.id, { siteId: S1, status: 'new' }))).code).toBe('lead_converted');
  });
});

describe('commerce', () => {
  it('records a shipment through the status machine', async () => {
    const paid = (await client.orders.list(S1, { status: 'paid' })).data[0]!;
    const shipped = await client.orders.update(S1, paid.id, {
      status: 'fulfilled',
      carrier: 'UPS',
      trackingNumber: '1Z',
    });
    expect(shipped.fulfillments.at(-1)).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z' });
    expect((await client.orders.update(S1, paid.id, { status: 'fulfilled' })).fulfillments).toHaveLength(
      shipped.fulfillments.length,
    );
    const pending = (await client.orders.list(S1, { status: 'pending' })).data[0]!;
    expect((await refusal(client.orders.update(S1, pending.id, { status: 'delivered' }))).code).toBe(
      'order_transition',
    );
    const unknownKey = await fetch(`${emu.baseUrl}/sites/${S1}/orders/${paid.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${emu.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'fulfilled', note: 'x' }),
    });
    expect([unknownKey.status, Object.keys((await unknownKey.json()).error.fields)]).toEqual([400, ['note']]);
  });

  it("carries the demo seed's shipments: fulfillments on shipped orders only, and the rest of a partly shipped one ships next", async () => {
    const orders = await client.orders.list(S1, { limit: 100 });
    const shipped = ['partially_fulfilled', 'fulfilled', 'delivered'];
    for (const o of orders.data) {
      expect([o.number, o.status, o.fulfillments.length > 0]).toEqual([o.number, o.status, shipped.includes(o.status)]);
      for (const f of o.fulfillments)
        expect(f.lineItemIds.every((i) => Number.isInteger(i) && i >= 0 && i < o.lineItems.length)).toBe(true);
    }
    expect(orders.data.filter((o) => shipped.includes(o.status)).length).toBeGreaterThanOrEqual(30);
    const partly = orders.data.find((o) => o.status === 'partially_fulfilled')!;
    expect([partly.lineItems.length, partly.fulfillments.map((f) => f.lineItemIds)]).toEqual([2, [[0]]]);
    const rest = await client.orders.update(S1, partly.id, { status: 'fulfilled', carrier: 'DHL' });
    expect(rest.fulfillments.map((f) => f.lineItemIds)).toEqual([[0], [1]]);
  });

  it('reports legacy orders as online, checks channel=online on the page, and never shows a deleted product', async () => {
    const online: string[] = [];
    let shortPages = 0;
    let cursor: string | undefined;
    do {
      const page = await client.orders.list(S1, { channel: 'online', limit: 10, ...(cursor ? { cursor } : {}) });
      if (page.data.length < 10 && page.has_more) shortPages++;
      online.push(...page.data.map((o) => o.id));
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
    expect(shortPages).toBeGreaterThan(0);
    expect(online.length).toBe(28);
    const products = await client.products.list(S1);
    expect(products.data.map((p) => p.name)).not.toContain('Deleted item');
    expect((await refusal(client.products.retrieve(S1, 'prod_0000005'))).status).toBe(404);
  });

  it('closes commerce and CRM to plans without them, and keeps contacts working', async () => {
    const noCommerce = new ServiceClient({
      baseUrl: emu.baseUrl,
      apiKey: await emu.createKey({ plan: 'no-commerce' }),
      maxRetries: 0,
    });
    expect((await refusal(noCommerce.orders.list('site_x'))).code).toBe('commerce');
    const noCrm = new ServiceClient({
      baseUrl: emu.baseUrl,
      apiKey: await emu.createKey({ plan: 'no-crm' }),
      maxRetries: 0,
    });
    expect((await refusal(noCrm.deals.list())).code).toBe('crm');
    expect((await noCrm.contacts.list()).object).toBe('list');
  });
});

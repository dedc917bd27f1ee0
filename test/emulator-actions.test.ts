// Platform actions (docs/emulator.md, Platform actions) through the admin surface, each
// effect read back over the API and from the webhook, on both engines.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceClient, verifyWebhookSignature } from '../packages/client/src/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '../packages/emulator/src/index.js';
import { refusal } from '../packages/emulator/src/__fixtures__/refusal.js';
import { onBothEngines } from './helpers/engines.js';

const S1 = 'site_0000001';

interface Hook {
  event: string;
  payload: Record<string, string | number | boolean>;
  verified: boolean;
}

function suite(engine: string, options: () => Promise<EmulatorOptions>, skip: string | null): void {
  describe.skipIf(skip)(`platform actions on ${engine}`, () => {
    let emu: Emulator;
    let client: ServiceClient;
    let receiver: http.Server;
    const hooks: Hook[] = [];
    const act = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const r = await fetch(`${emu.adminUrl}/actions/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: r.status, body: (await r.json()) as Record<string, any> };
    };
    const events = async (): Promise<Hook[]> => {
      await emu.settled();
      return hooks.splice(0);
    };

    beforeAll(async () => {
      emu = await startEmulator({ seed: 'demo', ...(await options()) });
      client = new ServiceClient({ baseUrl: emu.baseUrl, apiKey: emu.apiKey, maxRetries: 0 });
      receiver = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          void verifyWebhookSignature(body, String(req.headers['x-service-signature']), 'whsec_a').then((verified) => {
            const parsed = JSON.parse(body) as Omit<Hook, 'verified'>;
            hooks.push({ event: parsed.event, payload: parsed.payload, verified });
            res.end('ok');
          });
        });
      });
      await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
      await emu.registerWebhook(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`, 'whsec_a');
    }, 120_000);
    afterAll(async () => {
      await emu?.close();
      receiver?.close();
    });

    it('lists every action on GET /__emulator/actions', async () => {
      const list = (await (await fetch(`${emu.adminUrl}/actions`)).json()) as { data: { path: string }[] };
      expect(list.data.map((a) => a.path)).toContain('/__emulator/actions/capture');
      expect(list.data.length).toBe(12);
    });

    it('files a form capture: the submission, a new lead, and the lead and formSubmission events', async () => {
      const r = await act('capture', {
        siteId: S1,
        formId: 'form_contact',
        form: 'Contact us',
        fields: { email: 'Visitor@Example.org', name: 'Vera Visitor', message: 'hi' },
      });
      expect(r.status).toBe(201);
      expect(r.body.created).toEqual({ lead: true, contact: false });
      const sub = await client.formSubmissions.retrieve(S1, r.body.submission.id);
      expect(sub).toMatchObject({ form_id: 'form_contact', form: 'Contact us', routing: null, read: false });
      expect(sub.fields).toEqual({ email: 'Visitor@Example.org', name: 'Vera Visitor', message: 'hi' });
      const lead = await client.leads.retrieve(r.body.lead.id, { siteId: S1 });
      expect(lead).toMatchObject({
        email: 'visitor@example.org',
        name: 'Vera Visitor',
        status: 'new',
        sources: ['form:form_contact'],
        submissionCount: 1,
      });
      const fired = await events();
      expect(fired.map((h) => h.event).sort()).toEqual(['formSubmission', 'lead']);
      expect(fired.find((h) => h.event === 'lead')).toEqual({
        event: 'lead',
        payload: { email: 'visitor@example.org', source: 'form:form_contact', leadId: lead.id, name: 'Vera Visitor' },
        verified: true,
      });
      // A repeat capture bumps submissionCount and lastSeen, not updated, and files no new lead.
      emu.clock.advance(3_600_000);
      const again = await act('capture', { siteId: S1, kind: 'booking', email: 'visitor@example.org' });
      expect(again.body.created).toEqual({ lead: false, contact: false });
      const bumped = await client.leads.retrieve(lead.id, { siteId: S1 });
      expect(bumped.submissionCount).toBe(2);
      expect(bumped.sources).toEqual(['form:form_contact', 'booking']);
      expect(Date.parse(bumped.lastSeen!)).toBeGreaterThan(Date.parse(lead.lastSeen!));
      expect(bumped.updated).toBe(lead.updated);
      const page = await client.leads.list({ siteId: S1, limit: 1 });
      expect(page.data[0]!.id).toBe(lead.id);
      expect((await events()).map((h) => h.event)).toEqual(['booking']);
    });

    it('routes a bound form into its dataset, or records the refusal without a record', async () => {
      expect(
        (await act('forms', { siteId: S1, formId: 'form_trip', name: 'Trip request', datasetId: 'ds_0000001' })).status,
      ).toBe(200);
      const ok = await act('capture', { siteId: S1, formId: 'form_trip', fields: { title: 'Fjords', nights: '4' } });
      const routed = ok.body.submission.routing.dataset;
      expect(routed).toMatchObject({ id: 'ds_0000001', name: 'Trips' });
      expect((await client.records.retrieve('ds_0000001', routed.recordId)).values).toEqual({
        title: 'Fjords',
        nights: 4,
      });
      const bad = await act('capture', { siteId: S1, formId: 'form_trip', fields: { nights: 'many' } });
      const sub = await client.formSubmissions.retrieve(S1, bad.body.submission.id);
      expect(sub.form).toBe('Trip request');
      expect(sub.routing).toEqual({
        datasetRefused: {
          id: 'ds_0000001',
          name: 'Trips',
          errors: { nights: expect.any(String), title: 'is required' },
        },
      });
      await events();
    });

    it('makes a contact from a signup (contactCreated), and files nothing new for a held contact', async () => {
      const r = await act('capture', { siteId: S1, kind: 'signup', email: 'member@example.org', name: 'Mo Member' });
      expect(r.body.created).toEqual({ lead: false, contact: true });
      const contact = await client.contacts.retrieve(r.body.contact.id);
      expect(contact).toMatchObject({ email: 'member@example.org', name: 'Mo Member', sources: ['member'] });
      const fired = await events();
      expect(fired.find((h) => h.event === 'contactCreated')!.payload).toEqual({
        contactId: contact.id,
        email: 'member@example.org',
        name: 'Mo Member',
        source: 'member',
        hostId: '',
        lifecycleStage: '',
      });
      const held = await act('capture', {
        siteId: S1,
        formId: 'form_contact',
        fields: { email: 'member@example.org' },
      });
      expect(held.body.created).toEqual({ lead: false, contact: false });
      expect(held.body.lead).toBeNull();
      expect((await client.contacts.retrieve(contact.id)).sources).toEqual(['member', 'form']);
      expect((await events()).map((h) => h.event)).toEqual(['formSubmission']);
    });

    it('merges contacts: alternates, the email filter, contact_exists naming the survivor, reporting lines moved', async () => {
      const a = await client.contacts.create({ email: 'keep@example.org', name: 'Keep' });
      const b = await client.contacts.create({ email: 'gone@example.org', tags: ['vip'] });
      const report = await client.contacts.create({
        email: 'report@example.org',
        consentSiteId: S1,
        reportsToContactId: b.id,
      });
      const r = await act('contacts/merge', { survivorId: a.id, mergedId: b.id });
      expect(r.status).toBe(200);
      expect(r.body.survivor).toMatchObject({ id: a.id, alternateEmails: ['gone@example.org'], tags: ['vip'] });
      expect((await refusal(client.contacts.retrieve(b.id))).status).toBe(404);
      const found = await client.contacts.list({ email: 'GONE@example.org' });
      expect(found.data.map((c) => [c.id, c.email])).toEqual([[a.id, 'keep@example.org']]);
      const dup = await refusal(client.contacts.create({ email: 'gone@example.org' }));
      expect(dup.status).toBe(409);
      expect(dup.code).toBe('contact_exists');
      expect(dup.message).toContain(a.id);
      expect((await client.contacts.retrieve(report.id)).reportsToContactId).toBe(a.id);
    });

    it("erases a person: a pending erasure refuses the lead's conversion (person_erased), a completed one removes them", async () => {
      const cap = await act('capture', { siteId: S1, formId: 'form_contact', fields: { email: 'forget@example.org' } });
      const leadId = cap.body.lead.id as string;
      expect((await act('people/erase', { email: 'forget@example.org', pending: true })).body.status).toBe('pending');
      const refused = await refusal(client.leads.convert(leadId, { siteId: S1 }));
      expect([refused.status, refused.code]).toEqual([409, 'person_erased']);
      const done = await act('people/erase', { email: 'forget@example.org' });
      expect(done.body).toMatchObject({ status: 'erased', removed: { leads: 1, formSubmissions: 1 } });
      expect((await refusal(client.leads.retrieve(leadId, { siteId: S1 }))).status).toBe(404);
      expect((await refusal(client.formSubmissions.retrieve(S1, cap.body.submission.id))).status).toBe(404);
      const later = await act('capture', {
        siteId: S1,
        formId: 'form_contact',
        fields: { email: 'forget@example.org' },
      });
      expect(later.body).toMatchObject({ erased: true, submission: null, lead: null });
      await events();
    });

    it('archives a pipeline: still listed, a create naming it is 400, its deals still move', async () => {
      const r = await act('pipelines/archive', { pipelineId: 'pl_0000001' });
      expect(r.body).toMatchObject({ archived: true, isDefault: false });
      const listed = await client.pipelines.retrieve('pl_0000001');
      expect(listed.archived).toBe(true);
      expect(listed.archivedAt).not.toBeNull();
      const bad = await refusal(client.deals.create({ title: 'x', consentSiteId: S1, pipelineId: 'pl_0000001' }));
      expect(bad.status).toBe(400);
      expect((await client.deals.update('dl_0000001', { stageId: 'negotiation' })).stageId).toBe('negotiation');
      await act('pipelines/archive', { pipelineId: 'pl_0000001', archived: false });
      expect((await client.pipelines.retrieve('pl_0000001')).isDefault).toBe(true);
      await events();
    });

    it('runs the storefront half of an order: placed, paid, shipped over the API, refunded in part then whole', async () => {
      const placed = await act('orders', {
        siteId: S1,
        lineItems: [{ productId: 'prod_0000001', variantId: 'v-m', quantity: 2 }],
        customerEmail: 'Shopper@Example.org',
        customerName: 'Sam Shopper',
        shippingCents: 500,
      });
      expect(placed.status).toBe(201);
      const id = placed.body.id as string;
      const order = await client.orders.retrieve(S1, id);
      expect(order).toMatchObject({ status: 'pending', number: 71, customerEmail: 'shopper@example.org' });
      expect(order.totals).toMatchObject({ itemsCents: 9800, shippingCents: 500, totalCents: 10300 });
      expect((await client.products.retrieve(S1, 'prod_0000001')).inventory).toBe(28);
      const early = await refusal(client.orders.update(S1, id, { status: 'fulfilled' }));
      expect(early.code).toBe('order_transition');
      expect((await act('orders/pay', { siteId: S1, orderId: id })).body.status).toBe('paid');
      expect((await client.orders.update(S1, id, { status: 'fulfilled' })).status).toBe('fulfilled');
      expect((await act('orders/cancel', { siteId: S1, orderId: id })).body.error.code).toBe('order_transition');
      const part = await act('orders/refund', { siteId: S1, orderId: id, amountCents: 300 });
      expect(part.body).toMatchObject({ status: 'fulfilled', refundedCents: 300 });
      const whole = await act('orders/refund', { siteId: S1, orderId: id });
      expect(whole.body).toMatchObject({ status: 'refunded', refundedCents: 10300 });
      expect((await client.orders.list(S1, { status: 'refunded', limit: 100 })).data.map((o) => o.id)).toContain(id);
      const other = await act('orders', { siteId: S1, lineItems: [{ productId: 'prod_0000001', variantId: 'v-s' }] });
      await act('orders/cancel', { siteId: S1, orderId: other.body.id });
      expect((await client.orders.retrieve(S1, other.body.id)).status).toBe('cancelled');
      expect((await client.products.retrieve(S1, 'prod_0000001')).inventory).toBe(28);
    });

    it('edits and deletes a product, and deletes a media file, as the API then shows', async () => {
      const edited = await act('products', {
        siteId: S1,
        productId: 'prod_0000002',
        name: 'Gift card 2',
        status: 'draft',
      });
      expect(edited.body).toMatchObject({ name: 'Gift card 2', status: 'draft' });
      expect(await client.products.retrieve(S1, 'prod_0000002')).toMatchObject({
        name: 'Gift card 2',
        status: 'draft',
      });
      expect((await act('products/delete', { siteId: S1, productId: 'prod_0000002' })).body.deleted).toBe(true);
      expect((await refusal(client.products.retrieve(S1, 'prod_0000002'))).status).toBe(404);
      const page = await client.products.list(S1, { limit: 2 });
      expect(page.data.map((p) => p.id)).toEqual(['prod_0000001']);
      expect(page.has_more).toBe(true);
      const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
      const file = await client.media.upload({ file: Buffer.from(png, 'base64'), contentType: 'image/png' });
      expect((await act('media/delete', { mediaId: file.id })).status).toBe(200);
      expect((await refusal(client.media.retrieve(file.id))).status).toBe(404);
      expect((await client.media.list({ limit: 100 })).data.map((m) => m.id)).not.toContain(file.id);
      expect((await fetch(file.cdnUrl!)).status).toBe(404);
      expect((await act('media/delete', { mediaId: file.id })).status).toBe(404);
    });

    it('refuses a foreign origin or a bad body before anything happens', async () => {
      const before = (await client.formSubmissions.list(S1, { limit: 100 })).data.length;
      const foreign = await act(
        'capture',
        { siteId: S1, fields: { email: 'x@example.org' } },
        { origin: 'http://localhost:5173' },
      );
      expect([foreign.status, foreign.body.error.code]).toEqual([403, 'loopback_only']);
      const unknown = await act('capture', { siteId: S1, fields: {}, colour: 'red' });
      expect([unknown.status, unknown.body.error.fields]).toEqual([400, { colour: 'is not a member of this action' }]);
      expect((await act('capture', { siteId: 'site_nope', fields: {} })).status).toBe(404);
      expect((await client.formSubmissions.list(S1, { limit: 100 })).data.length).toBe(before);
    });

    it('runs from code as emu.actions, rejecting with the same refusal', async () => {
      const r = await emu.actions.capture({ siteId: S1, kind: 'signup', email: 'code@example.org' });
      expect(r.created).toEqual({ lead: false, contact: true });
      await expect(emu.actions.mergeContacts({ survivorId: 'ct_nope', mergedId: 'ct_0000001' })).rejects.toMatchObject({
        status: 404,
        type: 'not_found',
      });
      await events();
    });
  });
}

onBothEngines('actions', suite);

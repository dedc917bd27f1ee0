// The resources of documents 000, 001 and 002 and their rules, as HTTP scenarios.
import { expect } from 'vitest';
import { firstSite, newDataset } from './conventions.js';
import { caller, pageAll, unique } from './http.js';
import type { Scenario } from './target.js';

const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000000808060000001ff3ff61', 'hex');

export const resources: Scenario[] = [
  {
    doc: '000 §1, §9 OpenAPI',
    title: 'GET /v1/openapi.json answers without a key: OpenAPI 3.1 on JSON Schema 2020-12',
    async run(t) {
      const doc = await caller(t, null)('/openapi.json');
      expect([doc.status, doc.body.openapi, doc.body.jsonSchemaDialect]).toEqual([
        200,
        '3.1.0',
        'https://json-schema.org/draft/2020-12/schema',
      ]);
      expect(Object.keys(doc.body.paths).length).toBeGreaterThan(30);
    },
  },
  {
    doc: '000 §4 Records',
    title: 'record values drop unknown field ids; a record reads back as written',
    async run(t) {
      const call = caller(t, await t.key('full'));
      const ds = await newDataset(call, ['title']);
      const rec = await call(`/datasets/${ds}/records`, { body: { values: { title: 'T', nope: 1 } } });
      expect([rec.status, rec.body.object, rec.body.values]).toEqual([201, 'record', { title: 'T' }]);
      expect((await call(`/datasets/${ds}/records/${rec.body.id}`)).body).toEqual(rec.body);
      const refused = await call(`/datasets/${ds}`, { method: 'DELETE' });
      expect([refused.status, refused.body.error.code]).toEqual([409, 'dataset_not_empty']);
    },
  },
  {
    doc: '000 §4 Sites',
    title: 'a site is created once per subdomain (409 subdomain_taken), reserved names are 400, publish answers',
    async run(t) {
      const call = caller(t, await t.key('full'));
      const subdomain = unique('shop').slice(0, 30).replace(/-$/, 'x');
      const site = await call('/sites', { body: { displayName: 'Shop', subdomain } });
      expect([site.status, site.body.subdomain]).toEqual([201, subdomain]);
      const taken = await call('/sites', { body: { displayName: 'Again', subdomain } });
      expect([taken.status, taken.body.error.code]).toEqual([409, 'subdomain_taken']);
      const reserved = await call('/sites', { body: { displayName: 'W', subdomain: 'www' } });
      expect([reserved.status, Object.keys(reserved.body.error.fields)]).toEqual([400, ['subdomain']]);
      const publish = await call(`/sites/${site.body.id}/publish`, { method: 'POST' });
      expect([publish.status, publish.body.object, publish.body.site]).toEqual([200, 'publish', site.body.id]);
    },
  },
  {
    doc: '000 §4 Media',
    title: 'an image is stored with its size; bytes that are not the declared type and executables are refused 415',
    async run(t) {
      const call = caller(t, await t.key('full'));
      const m = await call('/media', {
        body: { data: png.toString('base64'), contentType: 'image/png', fileName: 'dot.png' },
      });
      expect([m.status, m.body.object, m.body.sizeBytes, m.body.width, m.body.height]).toEqual([
        201,
        'media',
        png.length,
        16,
        8,
      ]);
      const mismatch = await call('/media', {
        body: { data: Buffer.from('not a png').toString('base64'), contentType: 'image/png' },
      });
      expect([mismatch.status, mismatch.body.error.code]).toEqual([415, 'type_mismatch']);
      const exe = await call('/media', {
        body: { data: Buffer.from('MZ\x90\x00').toString('base64'), contentType: 'text/plain' },
      });
      expect([exe.status, exe.body.error.code]).toEqual([415, 'executable_bytes']);
    },
  },
  {
    doc: '001 §4 Contacts',
    title:
      'a contact address is held once (409 contact_exists), found by email case-insensitively, deleted with a receipt',
    async run(t) {
      const call = caller(t, await t.key('full'));
      const email = `${unique('person')}@example.com`;
      const c = await call('/contacts', { body: { email: `  ${email.toUpperCase()} ` } });
      expect([c.status, c.body.email]).toEqual([201, email]);
      const dup = await call('/contacts', { body: { email } });
      expect([dup.status, dup.body.error.code]).toEqual([409, 'contact_exists']);
      expect(
        (await call(`/contacts?email=${encodeURIComponent(email.toUpperCase())}`)).body.data.map(
          (x: { id: string }) => x.id,
        ),
      ).toEqual([c.body.id]);
      const gone = await call(`/contacts/${c.body.id}`, { method: 'DELETE' });
      expect([gone.status, gone.body]).toEqual([200, { id: c.body.id, object: 'contact', deleted: true }]);
      expect((await call(`/contacts/${c.body.id}`)).status).toBe(404);
    },
  },
  {
    doc: '001 §3 Deals',
    title: 'a deal moves by stage or status, refuses the two disagreeing, and closes when won',
    async run(t) {
      const call = caller(t, await t.key('full'));
      const site = await firstSite(call);
      const deal = await call('/deals', { body: { title: unique('deal'), consentSiteId: site } });
      expect([deal.status, deal.body.status, deal.body.closedAt]).toEqual([201, 'open', null]);
      const disagree = await call(`/deals/${deal.body.id}`, {
        method: 'PATCH',
        body: { stageId: 'won', status: 'lost' },
      });
      expect([disagree.status, Object.keys(disagree.body.error.fields)]).toEqual([400, ['status']]);
      const won = await call(`/deals/${deal.body.id}`, { method: 'PATCH', body: { status: 'won' } });
      expect([won.body.status, won.body.stageId, typeof won.body.closedAt]).toEqual(['won', 'won', 'string']);
    },
  },
  {
    doc: '001 §3 Tasks, activities',
    title: 'a done task is stamped completedAt and cleared when reopened; activities are write-once (405)',
    async run(t) {
      const call = caller(t, await t.key('full'));
      const site = await firstSite(call);
      const task = await call('/tasks', { body: { title: unique('task'), consentSiteId: site } });
      const done = await call(`/tasks/${task.body.id}`, { method: 'PATCH', body: { status: 'done' } });
      expect(typeof done.body.completedAt).toBe('string');
      expect(
        (await call(`/tasks/${task.body.id}`, { method: 'PATCH', body: { status: 'open' } })).body.completedAt,
      ).toBeNull();
      const contact = await call('/contacts', { body: { email: `${unique('act')}@example.com` } });
      const act = await call('/activities', { body: { body: 'Met', consentSiteId: site, contactId: contact.body.id } });
      expect(act.status).toBe(201);
      const patch = await call(`/activities/${act.body.id}`, { method: 'PATCH', body: {} });
      expect([patch.status, patch.headers.get('allow')]).toEqual([405, 'GET, DELETE']);
    },
  },
  {
    doc: '002 §3 Orders',
    title: 'a paid order is fulfilled with its carrier; a pending one cannot jump to delivered (409 order_transition)',
    async run(t) {
      const call = caller(t, await t.key('full'));
      const site = await firstSite(call);
      const paid = (await call(`/sites/${site}/orders?status=paid&limit=100`)).body.data[0];
      const pending = (await call(`/sites/${site}/orders?status=pending&limit=100`)).body.data[0];
      expect(paid && pending, 'the target site needs a paid and a pending order').toBeTruthy();
      const shipped = await call(`/sites/${site}/orders/${paid.id}`, {
        method: 'PATCH',
        body: { status: 'fulfilled', carrier: 'UPS', trackingNumber: '1Z' },
      });
      expect(shipped.status).toBe(200);
      expect(shipped.body.fulfillments.at(-1)).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z' });
      const jump = await call(`/sites/${site}/orders/${pending.id}`, {
        method: 'PATCH',
        body: { status: 'delivered' },
      });
      expect([jump.status, jump.body.error.code]).toEqual([409, 'order_transition']);
    },
  },
  {
    doc: '002 §4 Orders',
    title: 'orders with channel=online page to the end with each order once (pages may be short)',
    async run(t) {
      const call = caller(t, await t.key('full'));
      const site = await firstSite(call);
      const { ids } = await pageAll(call, `/sites/${site}/orders?channel=online`, 10);
      expect(new Set(ids).size).toBe(ids.length);
      const every = await pageAll(call, `/sites/${site}/orders`, 100);
      expect(ids.every((id) => every.ids.includes(id))).toBe(true);
    },
  },
];

// The client and the catalog (@extkit/api) describe the same 69 operations: every
// client method sends what its catalog entry says (method, path, key, auth), and
// every catalog entry has a client method.
import { matchOperation, operations } from '@extkit/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientFor, startServer, type TestServer } from './__fixtures__/server.js';
import type { ServiceClient } from './client.js';
import { sendInboundWebhook } from './webhooks/send.js';

let server: TestServer;
let client: ServiceClient;
beforeAll(async () => {
  server = await startServer(() => ({ body: { object: 'list', data: [], has_more: false, next_cursor: null } }));
  client = clientFor(server);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const bytes = new Uint8Array([137, 80, 78, 71]);
const byOperation: Record<string, (c: ServiceClient) => PromiseLike<unknown>> = {
  'api.retrieve': (c) => c.api.retrieve(),
  'me.retrieve': (c) => c.me.retrieve(),
  'usage.retrieve': (c) => c.usage.retrieve(),
  'openapi.retrieve': (c) => c.openapi.retrieve(),
  'marketplace.listingVersions': (c) => c.marketplace.listingVersions(),
  'webhooks.inbound': () =>
    sendInboundWebhook({ url: `${server.origin}/api/hooks/h1/k1`, secret: 's', body: { a: 1 } }),
  'datasets.list': (c) => c.datasets.list(),
  'datasets.retrieve': (c) => c.datasets.retrieve('d1'),
  'datasets.create': (c) => c.datasets.create({ name: 'Trips', fields: ['city'] }),
  'datasets.update': (c) => c.datasets.update('d1', { name: 'N' }),
  'datasets.delete': (c) => c.datasets.delete('d1'),
  'records.list': (c) => c.records.list('d1'),
  'records.retrieve': (c) => c.records.retrieve('d1', 'r1'),
  'records.create': (c) => c.records.create('d1', { values: {} }),
  'records.update': (c) => c.records.update('d1', 'r1', { values: {} }),
  'records.delete': (c) => c.records.delete('d1', 'r1'),
  'sites.list': (c) => c.sites.list(),
  'sites.retrieve': (c) => c.sites.retrieve('s1'),
  'sites.create': (c) => c.sites.create({ displayName: 'Shop', subdomain: 'shop' }),
  'sites.publish': (c) => c.sites.publish('s1'),
  'formSubmissions.list': (c) => c.formSubmissions.list('s1'),
  'formSubmissions.retrieve': (c) => c.formSubmissions.retrieve('s1', 'f1'),
  'formSubmissions.update': (c) => c.formSubmissions.update('s1', 'f1', { read: true }),
  'formSubmissions.delete': (c) => c.formSubmissions.delete('s1', 'f1'),
  'media.list': (c) => c.media.list(),
  'media.listSite': (c) => c.media.list('s1'),
  'media.retrieve': (c) => c.media.retrieve('m1'),
  'media.upload': (c) => c.media.upload({ file: bytes, contentType: 'image/png' }),
  'media.uploadSite': (c) => c.media.upload('s1', { file: bytes, contentType: 'image/png' }),
  'contacts.list': (c) => c.contacts.list(),
  'contacts.retrieve': (c) => c.contacts.retrieve('c1'),
  'contacts.create': (c) => c.contacts.create({ email: 'a@x.com' }),
  'contacts.update': (c) => c.contacts.update('c1', { name: 'A' }),
  'contacts.delete': (c) => c.contacts.delete('c1'),
  'companies.list': (c) => c.companies.list(),
  'companies.retrieve': (c) => c.companies.retrieve('co1'),
  'companies.create': (c) => c.companies.create({ name: 'Acme', consentSiteId: 's1' }),
  'companies.update': (c) => c.companies.update('co1', { name: 'B' }),
  'companies.delete': (c) => c.companies.delete('co1'),
  'pipelines.list': (c) => c.pipelines.list(),
  'pipelines.retrieve': (c) => c.pipelines.retrieve('p1'),
  'deals.list': (c) => c.deals.list(),
  'deals.retrieve': (c) => c.deals.retrieve('de1'),
  'deals.create': (c) => c.deals.create({ title: 'Big', consentSiteId: 's1' }),
  'deals.update': (c) => c.deals.update('de1', { title: 'B' }),
  'deals.delete': (c) => c.deals.delete('de1'),
  'tasks.list': (c) => c.tasks.list(),
  'tasks.retrieve': (c) => c.tasks.retrieve('t1'),
  'tasks.create': (c) => c.tasks.create({ title: 'Call', consentSiteId: 's1' }),
  'tasks.update': (c) => c.tasks.update('t1', { status: 'done' }),
  'tasks.delete': (c) => c.tasks.delete('t1'),
  'activities.list': (c) => c.activities.list(),
  'activities.retrieve': (c) => c.activities.retrieve('a1'),
  'activities.create': (c) => c.activities.create({ body: 'Met', consentSiteId: 's1', contactId: 'c1' }),
  'activities.delete': (c) => c.activities.delete('a1'),
  'emailTemplates.list': (c) => c.emailTemplates.list(),
  'emailTemplates.retrieve': (c) => c.emailTemplates.retrieve('e1'),
  'emailTemplates.create': (c) => c.emailTemplates.create({ name: 'Hi', body: 'Hello', consentSiteId: 's1' }),
  'emailTemplates.update': (c) => c.emailTemplates.update('e1', { name: 'Hey' }),
  'emailTemplates.delete': (c) => c.emailTemplates.delete('e1'),
  'leads.list': (c) => c.leads.list({ siteId: 's1' }),
  'leads.retrieve': (c) => c.leads.retrieve('l1', { siteId: 's1' }),
  'leads.update': (c) => c.leads.update('l1', { siteId: 's1', status: 'working' }),
  'leads.convert': (c) => c.leads.convert('l1', { siteId: 's1' }),
  'orders.list': (c) => c.orders.list('s1'),
  'orders.retrieve': (c) => c.orders.retrieve('s1', 'o1'),
  'orders.update': (c) => c.orders.update('s1', 'o1', { status: 'fulfilled' }),
  'products.list': (c) => c.products.list('s1'),
  'products.retrieve': (c) => c.products.retrieve('s1', 'p1'),
};

describe('the client against the catalog', () => {
  it('covers the same 69 operations', () => {
    expect(operations).toHaveLength(69);
    expect(Object.keys(byOperation).sort()).toEqual(operations.map((o) => o.id).sort());
  });

  it.each(operations.map((o) => [o.id, o] as const))('%s sends what the catalog says', async (id, op) => {
    await byOperation[id]!(client);
    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    const matched = matchOperation(req.method, req.path);
    expect(matched.operation?.id).toBe(id);
    expect(req.headers['idempotency-key'] !== undefined).toBe(op.keyed !== null);
    expect(req.headers.authorization !== undefined).toBe(op.auth === 'key');
    expect(req.headers['x-service-secret'] !== undefined).toBe(op.auth === 'hook_secret');
  });
});

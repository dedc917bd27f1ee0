// One call of every endpoint, with what it must send: the endpoint tests check it against a
// scripted server, and test/client-emulator.test.ts runs the same calls against the emulator.
import type { ServiceClient } from '../client.js';

export type Call = [label: string, run: (c: ServiceClient) => PromiseLike<unknown>, method: string, path: string, extra?: { query?: Record<string, string>; body?: unknown; keyed?: boolean; anonymous?: boolean }];

export const calls: Call[] = [
  ['api', (c) => c.api.retrieve(), 'GET', '/v1'],
  ['me', (c) => c.me.retrieve(), 'GET', '/v1/me'],
  ['usage', (c) => c.usage.retrieve(), 'GET', '/v1/usage'],
  ['openapi', (c) => c.openapi.retrieve(), 'GET', '/v1/openapi.json', { anonymous: true }],
  ['marketplace', (c) => c.marketplace.listingVersions({ listing: 'acme.maps' }), 'GET', '/api/marketplace/listing-versions', { query: { listing: 'acme.maps' }, anonymous: true }],

  ['datasets.list', (c) => c.datasets.list({ limit: 5 }), 'GET', '/v1/datasets', { query: { limit: '5' } }],
  ['datasets.retrieve', (c) => c.datasets.retrieve('d1'), 'GET', '/v1/datasets/d1'],
  ['datasets.create', (c) => c.datasets.create({ name: 'Trips', fields: ['city'], model: { city: { type: 'text' } } }), 'POST', '/v1/datasets', { body: { name: 'Trips', fields: ['city'], model: { city: { type: 'text' } } }, keyed: true }],
  ['datasets.update', (c) => c.datasets.update('d1', { name: 'N' }), 'PATCH', '/v1/datasets/d1', { body: { name: 'N' } }],
  ['datasets.delete', (c) => c.datasets.delete('d1'), 'DELETE', '/v1/datasets/d1', { keyed: true }],

  ['records.list', (c) => c.records.list('d1'), 'GET', '/v1/datasets/d1/records'],
  ['records.retrieve', (c) => c.records.retrieve('d1', 'r1'), 'GET', '/v1/datasets/d1/records/r1'],
  ['records.create', (c) => c.records.create('d1', { values: { city: 'Oslo' } }), 'POST', '/v1/datasets/d1/records', { body: { values: { city: 'Oslo' } }, keyed: true }],
  ['records.update', (c) => c.records.update('d1', 'r1', { values: { city: 'Bergen' } }), 'PATCH', '/v1/datasets/d1/records/r1', { body: { values: { city: 'Bergen' } } }],
  ['records.delete', (c) => c.records.delete('d1', 'r1'), 'DELETE', '/v1/datasets/d1/records/r1', { keyed: true }],

  ['sites.list', (c) => c.sites.list(), 'GET', '/v1/sites'],
  ['sites.retrieve', (c) => c.sites.retrieve('s1'), 'GET', '/v1/sites/s1'],
  ['sites.create', (c) => c.sites.create({ displayName: 'Shop', subdomain: 'shop-1' }), 'POST', '/v1/sites', { body: { displayName: 'Shop', subdomain: 'shop-1' }, keyed: true }],
  ['sites.publish', (c) => c.sites.publish('s1'), 'POST', '/v1/sites/s1/publish'],

  ['formSubmissions.list', (c) => c.formSubmissions.list('s1', { formId: 'f1', read: false }), 'GET', '/v1/sites/s1/form-submissions', { query: { formId: 'f1', read: 'false' } }],
  ['formSubmissions.retrieve', (c) => c.formSubmissions.retrieve('s1', 'fs1'), 'GET', '/v1/sites/s1/form-submissions/fs1'],
  ['formSubmissions.update', (c) => c.formSubmissions.update('s1', 'fs1', { read: true }), 'PATCH', '/v1/sites/s1/form-submissions/fs1', { body: { read: true } }],
  ['formSubmissions.delete', (c) => c.formSubmissions.delete('s1', 'fs1'), 'DELETE', '/v1/sites/s1/form-submissions/fs1', { keyed: true }],

  ['media.list', (c) => c.media.list({ folder: 'fo1' }), 'GET', '/v1/media', { query: { folder: 'fo1' } }],
  ['media.list site', (c) => c.media.list('s1', { folder: 'fo1' }), 'GET', '/v1/sites/s1/media', { query: { folder: 'fo1' } }],
  ['media.retrieve', (c) => c.media.retrieve('m1'), 'GET', '/v1/media/m1'],
  ['media.upload', (c) => c.media.upload({ file: new TextEncoder().encode('hi'), contentType: 'text/plain', fileName: 'hi.txt' }), 'POST', '/v1/media', { body: { fileName: 'hi.txt', data: 'aGk=', contentType: 'text/plain' }, keyed: true }],
  ['media.upload site', (c) => c.media.upload('s1', { file: new Uint8Array([1, 2, 3]), contentType: 'image/png', private: true, alt: 'a', folderId: 'f' }), 'POST', '/v1/sites/s1/media', { body: { private: true, alt: 'a', folderId: 'f', data: 'AQID', contentType: 'image/png' }, keyed: true }],

  ['contacts.list', (c) => c.contacts.list({ email: 'A@x.com', lifecycleStage: 'lead', consentSiteId: 's1' }), 'GET', '/v1/contacts', { query: { email: 'A@x.com', lifecycleStage: 'lead', consentSiteId: 's1' } }],
  ['contacts.retrieve', (c) => c.contacts.retrieve('c1', { consentSiteId: 's1' }), 'GET', '/v1/contacts/c1', { query: { consentSiteId: 's1' } }],
  ['contacts.create', (c) => c.contacts.create({ email: 'a@x.com', marketingConsent: true, consentSiteId: 's1', phone: '+4712345678' }), 'POST', '/v1/contacts', { body: { email: 'a@x.com', marketingConsent: true, consentSiteId: 's1', phone: '+4712345678' }, keyed: true }],
  ['contacts.update', (c) => c.contacts.update('c1', { tags: [], jobTitle: null, consentSiteId: 's1' }), 'PATCH', '/v1/contacts/c1', { body: { tags: [], jobTitle: null, consentSiteId: 's1' } }],
  ['contacts.delete', (c) => c.contacts.delete('c1'), 'DELETE', '/v1/contacts/c1', { keyed: true }],

  ['companies.list', (c) => c.companies.list({ domain: 'acme.com', updatedAfter: '2025-01-01T00:00:00Z' }), 'GET', '/v1/companies', { query: { domain: 'acme.com', updatedAfter: '2025-01-01T00:00:00Z' } }],
  ['companies.retrieve', (c) => c.companies.retrieve('co1'), 'GET', '/v1/companies/co1'],
  ['companies.create', (c) => c.companies.create({ name: 'Acme', consentSiteId: 's1', domain: 'acme.com' }), 'POST', '/v1/companies', { body: { name: 'Acme', consentSiteId: 's1', domain: 'acme.com' }, keyed: true }],
  ['companies.update', (c) => c.companies.update('co1', { industry: null }), 'PATCH', '/v1/companies/co1', { body: { industry: null } }],
  ['companies.delete', (c) => c.companies.delete('co1'), 'DELETE', '/v1/companies/co1', { keyed: true }],

  ['pipelines.list', (c) => c.pipelines.list({ updatedAfter: new Date('2025-02-03T04:05:06.000Z') }), 'GET', '/v1/pipelines', { query: { updatedAfter: '2025-02-03T04:05:06.000Z' } }],
  ['pipelines.retrieve', (c) => c.pipelines.retrieve('p1'), 'GET', '/v1/pipelines/p1'],

  ['deals.list', (c) => c.deals.list({ status: 'won', contactId: 'c1' }), 'GET', '/v1/deals', { query: { status: 'won', contactId: 'c1' } }],
  ['deals.retrieve', (c) => c.deals.retrieve('de1'), 'GET', '/v1/deals/de1'],
  ['deals.create', (c) => c.deals.create({ title: 'Big', consentSiteId: 's1', lineItems: [{ name: 'A', quantity: 2, unitAmountCents: 500 }] }), 'POST', '/v1/deals', { body: { title: 'Big', consentSiteId: 's1', lineItems: [{ name: 'A', quantity: 2, unitAmountCents: 500 }] }, keyed: true }],
  ['deals.update', (c) => c.deals.update('de1', { status: 'lost', lostReason: 'price' }), 'PATCH', '/v1/deals/de1', { body: { status: 'lost', lostReason: 'price' } }],
  ['deals.delete', (c) => c.deals.delete('de1'), 'DELETE', '/v1/deals/de1', { keyed: true }],

  ['tasks.list', (c) => c.tasks.list({ status: 'open', assigneeUid: 'u1' }), 'GET', '/v1/tasks', { query: { status: 'open', assigneeUid: 'u1' } }],
  ['tasks.retrieve', (c) => c.tasks.retrieve('t1'), 'GET', '/v1/tasks/t1'],
  ['tasks.create', (c) => c.tasks.create({ title: 'Call', consentSiteId: 's1', kind: 'call', priority: 'high' }), 'POST', '/v1/tasks', { body: { title: 'Call', consentSiteId: 's1', kind: 'call', priority: 'high' }, keyed: true }],
  ['tasks.update', (c) => c.tasks.update('t1', { status: 'done' }), 'PATCH', '/v1/tasks/t1', { body: { status: 'done' } }],
  ['tasks.delete', (c) => c.tasks.delete('t1'), 'DELETE', '/v1/tasks/t1', { keyed: true }],

  ['activities.list', (c) => c.activities.list({ kind: 'note', dealId: 'de1' }), 'GET', '/v1/activities', { query: { kind: 'note', dealId: 'de1' } }],
  ['activities.retrieve', (c) => c.activities.retrieve('a1'), 'GET', '/v1/activities/a1'],
  ['activities.create', (c) => c.activities.create({ body: 'Met', consentSiteId: 's1', contactId: 'c1', kind: 'meeting' }), 'POST', '/v1/activities', { body: { body: 'Met', consentSiteId: 's1', contactId: 'c1', kind: 'meeting' }, keyed: true }],
  ['activities.delete', (c) => c.activities.delete('a1'), 'DELETE', '/v1/activities/a1', { keyed: true }],

  ['emailTemplates.list', (c) => c.emailTemplates.list({ kind: 'snippet', visibility: 'personal' }), 'GET', '/v1/email-templates', { query: { kind: 'snippet', visibility: 'personal' } }],
  ['emailTemplates.retrieve', (c) => c.emailTemplates.retrieve('e1'), 'GET', '/v1/email-templates/e1'],
  ['emailTemplates.create', (c) => c.emailTemplates.create({ name: 'Hi', body: 'Hello {{contact.name}}', consentSiteId: 's1' }), 'POST', '/v1/email-templates', { body: { name: 'Hi', body: 'Hello {{contact.name}}', consentSiteId: 's1' }, keyed: true }],
  ['emailTemplates.update', (c) => c.emailTemplates.update('e1', { subject: null }), 'PATCH', '/v1/email-templates/e1', { body: { subject: null } }],
  ['emailTemplates.delete', (c) => c.emailTemplates.delete('e1'), 'DELETE', '/v1/email-templates/e1', { keyed: true }],

  ['leads.list', (c) => c.leads.list({ siteId: 's1', status: 'new' }), 'GET', '/v1/leads', { query: { siteId: 's1', status: 'new' } }],
  ['leads.retrieve', (c) => c.leads.retrieve('l1', { siteId: 's1' }), 'GET', '/v1/leads/l1', { query: { siteId: 's1' } }],
  ['leads.update', (c) => c.leads.update('l1', { siteId: 's1', status: 'unqualified', unqualifiedReason: 'spam' }), 'PATCH', '/v1/leads/l1', { query: { siteId: 's1' }, body: { status: 'unqualified', unqualifiedReason: 'spam' } }],
  ['leads.convert', (c) => c.leads.convert('l1', { siteId: 's1', company: { create: { name: 'Acme', domain: 'acme.com' } }, deal: { title: 'First', amountCents: 1000 } }), 'POST', '/v1/leads/l1/convert', { query: { siteId: 's1' }, body: { company: { create: { name: 'Acme', domain: 'acme.com' } }, deal: { title: 'First', amountCents: 1000 } }, keyed: true }],

  ['orders.list', (c) => c.orders.list('s1', { status: 'paid', channel: 'online' }), 'GET', '/v1/sites/s1/orders', { query: { status: 'paid', channel: 'online' } }],
  ['orders.retrieve', (c) => c.orders.retrieve('s1', 'o1'), 'GET', '/v1/sites/s1/orders/o1'],
  ['orders.update', (c) => c.orders.update('s1', 'o1', { status: 'fulfilled', carrier: 'UPS', trackingNumber: '1Z999' }), 'PATCH', '/v1/sites/s1/orders/o1', { body: { status: 'fulfilled', carrier: 'UPS', trackingNumber: '1Z999' } }],
  ['products.list', (c) => c.products.list('s1', { status: 'active' }), 'GET', '/v1/sites/s1/products', { query: { status: 'active' } }],
  ['products.retrieve', (c) => c.products.retrieve('s1', 'p1'), 'GET', '/v1/sites/s1/products/p1'],
];

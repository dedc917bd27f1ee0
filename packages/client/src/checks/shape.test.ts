import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientFor, startServer, type TestServer } from '../__fixtures__/server.js';
import type { ServiceClient } from '../client.js';
import { LocalCheckError } from '../core/errors.js';
import { isInstant } from '@extkit/api';

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

// Casts stand for callers in plain JavaScript or with `any`: the types already refuse these.
const refused: [label: string, run: (c: ServiceClient) => PromiseLike<unknown>, code: string, field: string][] = [
  ['unknown key in contacts.create', (c) => c.contacts.create({ email: 'a@x.com', sources: ['api'] } as never), 'unknown_key', 'sources'],
  ['email in contacts.update', (c) => c.contacts.update('c1', { email: 'b@x.com' } as never), 'unknown_key', 'email'],
  ['siteId in companies.update', (c) => c.companies.update('co1', { siteId: 's2' } as never), 'unknown_key', 'siteId'],
  ['consentSiteId in deals.update', (c) => c.deals.update('d1', { consentSiteId: 's1' } as never), 'unknown_key', 'consentSiteId'],
  ['pipelineId in deals.update', (c) => c.deals.update('d1', { pipelineId: 'p2' } as never), 'unknown_key', 'pipelineId'],
  ['visibleTo in tasks.update', (c) => c.tasks.update('t1', { visibleTo: ['u'] } as never), 'unknown_key', 'visibleTo'],
  ['unknown key in activities.create', (c) => c.activities.create({ body: 'x', consentSiteId: 's', contactId: 'c', title: 'x' } as never), 'unknown_key', 'title'],
  ['unknown key in emailTemplates.update', (c) => c.emailTemplates.update('e1', { html: '<p>' } as never), 'unknown_key', 'html'],
  ['unknown key in orders.update', (c) => c.orders.update('s1', 'o1', { status: 'fulfilled', note: 'x' } as never), 'unknown_key', 'note'],
  ['unknown key in formSubmissions.update', (c) => c.formSubmissions.update('s1', 'f1', { read: true, form: 'x' } as never), 'unknown_key', 'form'],
  ['string read in formSubmissions.update', (c) => c.formSubmissions.update('s1', 'f1', { read: 'true' } as never), 'invalid_type', 'read'],
  ['missing read in formSubmissions.update', (c) => c.formSubmissions.update('s1', 'f1', {} as never), 'missing_key', 'read'],
  ['unknown key in leads.update', (c) => c.leads.update('l1', { siteId: 's1', email: 'x' } as never), 'unknown_key', 'email'],
  ['unknown nested key in leads.convert', (c) => c.leads.convert('l1', { siteId: 's1', deal: { title: 't', pipelineId: 'p' } } as never), 'unknown_key', 'deal.pipelineId'],
  ['lifecycleStage outside its list', (c) => c.contacts.update('c1', { lifecycleStage: 'vip', consentSiteId: 's1' } as never), 'invalid_enum', 'lifecycleStage'],
  ['deal status outside its list', (c) => c.deals.create({ title: 't', consentSiteId: 's', status: 'pending' } as never), 'invalid_enum', 'status'],
  ['task priority outside its list', (c) => c.tasks.create({ title: 't', consentSiteId: 's', priority: 'urgent' } as never), 'invalid_enum', 'priority'],
  ['template visibility outside its list', (c) => c.emailTemplates.create({ name: 'n', body: 'b', consentSiteId: 's', visibility: 'team' } as never), 'invalid_enum', 'visibility'],
  ['lead status qualified on update', (c) => c.leads.update('l1', { siteId: 's1', status: 'qualified' } as never), 'invalid_enum', 'status'],
  ['order status cancelled', (c) => c.orders.update('s1', 'o1', { status: 'cancelled' } as never), 'invalid_enum', 'status'],
  ['deals.list status filter', (c) => c.deals.list({ status: 'closed' } as never), 'invalid_enum', 'status'],
  ['activities.list kind filter', (c) => c.activities.list({ kind: 'sms' } as never), 'invalid_enum', 'kind'],
  ['contacts.list lifecycleStage filter', (c) => c.contacts.list({ lifecycleStage: 'Lead' } as never), 'invalid_enum', 'lifecycleStage'],
  ['leads.list status filter', (c) => c.leads.list({ siteId: 's1', status: 'open' } as never), 'invalid_enum', 'status'],
  ['formSubmissions.list read filter', (c) => c.formSubmissions.list('s1', { read: 'yes' } as never), 'invalid_enum', 'read'],
  ['updatedAfter as a bare date', (c) => c.companies.list({ updatedAfter: '2025-01-31' }), 'invalid_instant', 'updatedAfter'],
  ['updatedAfter without an offset', (c) => c.tasks.list({ updatedAfter: '2025-01-31T10:00:00' }), 'invalid_instant', 'updatedAfter'],
  ['updatedAfter not a date', (c) => c.emailTemplates.list({ updatedAfter: 'yesterday' }), 'invalid_instant', 'updatedAfter'],
  ['params that are not an object', (c) => c.datasets.create(null as never), 'invalid_type', ''],
];

describe('local checks', () => {
  it.each(refused)('refuse %s before sending', async (_label, run, code, field) => {
    const error = await Promise.resolve(run(client)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalCheckError);
    const check = error as LocalCheckError;
    expect(check).toMatchObject({ type: 'local_check', status: null, code });
    expect(check.issues[0]!.code).toBe(code);
    expect(Object.keys(check.fields ?? {})).toContain(field);
    expect(check.message).toMatch(/^Not sent: /);
    expect(server.requests).toHaveLength(0);
  });

  it('let open bodies through (datasets, records, site create ignore unknown members)', async () => {
    await client.datasets.create({ name: 'n', fields: ['a'], extra: 1 } as never);
    await client.records.create('d1', { values: { anything: 1 }, other: true } as never);
    await client.sites.create({ displayName: 'S', subdomain: 'sss', note: 'x' } as never);
    expect(server.requests).toHaveLength(3);
  });

  it('accept documented values: a null enum clears, offsets and fractions pass', async () => {
    await client.contacts.update('c1', { lifecycleStage: null, consentSiteId: 's1' });
    await client.deals.list({ updatedAfter: '2025-01-31T10:00:00.123+05:30' });
    await client.pipelines.list({ updatedAfter: '2025-01-31T10:00Z' });
    expect(server.requests).toHaveLength(3);
  });

  it('report every problem at once, each with a JSON Pointer', async () => {
    const error = (await client.tasks.create({ title: 't', consentSiteId: 's', kind: 'fax', status: 'later', bogus: 1 } as never).catch((e: unknown) => e)) as LocalCheckError;
    expect(error.issues.map((i) => [i.code, i.path])).toEqual([
      ['unknown_key', '/bogus'],
      ['invalid_enum', '/kind'],
      ['invalid_enum', '/status'],
    ]);
  });

  it('can be turned off: the request goes out and the server decides', async () => {
    const unchecked = clientFor(server, { localChecks: false });
    await unchecked.companies.list({ updatedAfter: '2025-01-31' });
    await unchecked.contacts.create({ email: 'a@x.com', bogus: 1 } as never);
    expect(server.requests.map((r) => r.path)).toEqual(['/v1/companies', '/v1/contacts']);
    expect(server.requests[1]!.json).toEqual({ email: 'a@x.com', bogus: 1 });
  });
});

describe('isInstant', () => {
  it.each(['2025-01-31T00:00:00Z', '2025-01-31T00:00:00.5+01:00', '2025-01-31T00:00+0100', '2025-01-31t00:00:00z'])('accepts %s', (v) => {
    expect(isInstant(v)).toBe(true);
  });
  it.each(['2025-01-31', '2025-01-31T00:00:00', '2025-13-40T00:00:00Z', '1738281600', ''])('refuses %s', (v) => {
    expect(isInstant(v)).toBe(false);
  });
});

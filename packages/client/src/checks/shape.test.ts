import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientFor, startServer, type TestServer } from '../__fixtures__/server.js';
import type { ServiceClient } from '../client.js';
import { LocalCheckError } from '../core/errors.js';
import { isCalendarDate, isInstant } from '@extkit/api';

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
  [
    'unknown key in contacts.create',
    (c) => c.contacts.create({ email: 'a@x.com', sources: ['api'] } as never),
    'unknown_key',
    'sources',
  ],
  ['email in contacts.update', (c) => c.contacts.update('c1', { email: 'b@x.com' } as never), 'unknown_key', 'email'],
  ['siteId in companies.update', (c) => c.companies.update('co1', { siteId: 's2' } as never), 'unknown_key', 'siteId'],
  [
    'consentSiteId in deals.update',
    (c) => c.deals.update('d1', { consentSiteId: 's1' } as never),
    'unknown_key',
    'consentSiteId',
  ],
  [
    'pipelineId in deals.update',
    (c) => c.deals.update('d1', { pipelineId: 'p2' } as never),
    'unknown_key',
    'pipelineId',
  ],
  ['visibleTo in tasks.update', (c) => c.tasks.update('t1', { visibleTo: ['u'] } as never), 'unknown_key', 'visibleTo'],
  [
    'unknown key in activities.create',
    (c) => c.activities.create({ body: 'x', consentSiteId: 's', contactId: 'c', title: 'x' } as never),
    'unknown_key',
    'title',
  ],
  [
    'unknown key in emailTemplates.update',
    (c) => c.emailTemplates.update('e1', { html: '<p>' } as never),
    'unknown_key',
    'html',
  ],
  [
    'unknown key in orders.update',
    (c) => c.orders.update('s1', 'o1', { status: 'fulfilled', note: 'x' } as never),
    'unknown_key',
    'note',
  ],
  [
    'unknown key in formSubmissions.update',
    (c) => c.formSubmissions.update('s1', 'f1', { read: true, form: 'x' } as never),
    'unknown_key',
    'form',
  ],
  [
    'string read in formSubmissions.update',
    (c) => c.formSubmissions.update('s1', 'f1', { read: 'true' } as never),
    'invalid_type',
    'read',
  ],
  [
    'missing read in formSubmissions.update',
    (c) => c.formSubmissions.update('s1', 'f1', {} as never),
    'missing_key',
    'read',
  ],
  [
    'unknown key in leads.update',
    (c) => c.leads.update('l1', { siteId: 's1', email: 'x' } as never),
    'unknown_key',
    'email',
  ],
  [
    'unknown nested key in leads.convert',
    (c) => c.leads.convert('l1', { siteId: 's1', deal: { title: 't', pipelineId: 'p' } } as never),
    'unknown_key',
    'deal.pipelineId',
  ],
  [
    'lifecycleStage outside its list',
    (c) => c.contacts.update('c1', { lifecycleStage: 'vip', consentSiteId: 's1' } as never),
    'invalid_enum',
    'lifecycleStage',
  ],
  [
    'deal status outside its list',
    (c) => c.deals.create({ title: 't', consentSiteId: 's', status: 'pending' } as never),
    'invalid_enum',
    'status',
  ],
  [
    'task priority outside its list',
    (c) => c.tasks.create({ title: 't', consentSiteId: 's', priority: 'urgent' } as never),
    'invalid_enum',
    'priority',
  ],
  [
    'template visibility outside its list',
    (c) => c.emailTemplates.create({ name: 'n', body: 'b', consentSiteId: 's', visibility: 'team' } as never),
    'invalid_enum',
    'visibility',
  ],
  [
    'lead status qualified on update',
    (c) => c.leads.update('l1', { siteId: 's1', status: 'qualified' } as never),
    'invalid_enum',
    'status',
  ],
  [
    'order status cancelled',
    (c) => c.orders.update('s1', 'o1', { status: 'cancelled' } as never),
    'invalid_enum',
    'status',
  ],
  ['deals.list status filter', (c) => c.deals.list({ status: 'closed' } as never), 'invalid_enum', 'status'],
  ['activities.list kind filter', (c) => c.activities.list({ kind: 'sms' } as never), 'invalid_enum', 'kind'],
  [
    'contacts.list lifecycleStage filter',
    (c) => c.contacts.list({ lifecycleStage: 'Lead' } as never),
    'invalid_enum',
    'lifecycleStage',
  ],
  [
    'leads.list status filter',
    (c) => c.leads.list({ siteId: 's1', status: 'open' } as never),
    'invalid_enum',
    'status',
  ],
  [
    'formSubmissions.list read filter',
    (c) => c.formSubmissions.list('s1', { read: 'yes' } as never),
    'invalid_enum',
    'read',
  ],
  [
    'updatedAfter as a bare date',
    (c) => c.companies.list({ updatedAfter: '2025-01-31' }),
    'invalid_instant',
    'updatedAfter',
  ],
  [
    'updatedAfter without an offset',
    (c) => c.tasks.list({ updatedAfter: '2025-01-31T10:00:00' }),
    'invalid_instant',
    'updatedAfter',
  ],
  [
    'updatedAfter not a date',
    (c) => c.emailTemplates.list({ updatedAfter: 'yesterday' }),
    'invalid_instant',
    'updatedAfter',
  ],
  ['params that are not an object', (c) => c.datasets.create(null as never), 'invalid_type', ''],
  // The documented 400s between members, and the required members of each create.
  [
    'an activity with none of contactId, companyId, dealId',
    (c) => c.activities.create({ body: 'Met', consentSiteId: 's1' }),
    'missing_key',
    'contactId',
  ],
  [
    'an activity whose links are all null',
    (c) => c.activities.create({ body: 'Met', consentSiteId: 's1', contactId: null, companyId: null, dealId: null }),
    'missing_key',
    'contactId',
  ],
  [
    'an activity without body',
    (c) => c.activities.create({ consentSiteId: 's1', contactId: 'c1' } as never),
    'missing_key',
    'body',
  ],
  [
    'an activity at a bare date',
    (c) => c.activities.create({ body: 'Met', consentSiteId: 's1', contactId: 'c1', at: '2025-01-31' }),
    'invalid_instant',
    'at',
  ],
  [
    'a negative durationMinutes',
    (c) => c.activities.create({ body: 'Met', consentSiteId: 's1', contactId: 'c1', durationMinutes: -5 }),
    'invalid_value',
    'durationMinutes',
  ],
  [
    'a personal template without ownerUid',
    (c) => c.emailTemplates.create({ name: 'n', body: 'b', consentSiteId: 's1', visibility: 'personal' }),
    'missing_key',
    'ownerUid',
  ],
  [
    'a shared template with ownerUid',
    (c) => c.emailTemplates.create({ name: 'n', body: 'b', consentSiteId: 's1', visibility: 'shared', ownerUid: 'u1' }),
    'conflicting_keys',
    'ownerUid',
  ],
  [
    'a template with ownerUid and the default visibility',
    (c) => c.emailTemplates.create({ name: 'n', body: 'b', consentSiteId: 's1', ownerUid: 'u1' }),
    'conflicting_keys',
    'ownerUid',
  ],
  [
    'a template PATCH to shared naming an owner',
    (c) => c.emailTemplates.update('e1', { visibility: 'shared', ownerUid: 'u1' }),
    'conflicting_keys',
    'ownerUid',
  ],
  [
    'a template PATCH to personal clearing the owner',
    (c) => c.emailTemplates.update('e1', { visibility: 'personal', ownerUid: null }),
    'missing_key',
    'ownerUid',
  ],
  [
    'a template subject that is not a string',
    (c) => c.emailTemplates.update('e1', { subject: 42 } as never),
    'invalid_type',
    'subject',
  ],
  [
    'a template without consentSiteId',
    (c) => c.emailTemplates.create({ name: 'n', body: 'b' } as never),
    'missing_key',
    'consentSiteId',
  ],
  [
    'ownerUid with ownerEmail on a lead',
    (c) => c.leads.update('l1', { siteId: 's1', ownerUid: 'u1', ownerEmail: 'ann@x.com' }),
    'conflicting_keys',
    'ownerEmail',
  ],
  [
    'unqualifiedReason with status working',
    (c) => c.leads.update('l1', { siteId: 's1', status: 'working', unqualifiedReason: 'spam' }),
    'conflicting_keys',
    'unqualifiedReason',
  ],
  ['a lead call with an empty siteId', (c) => c.leads.list({ siteId: '' }), 'invalid_value', 'siteId'],
  ['a lead retrieve without siteId', (c) => c.leads.retrieve('l1', {} as never), 'missing_key', 'siteId'],
  [
    'a conversion deal without title',
    (c) => c.leads.convert('l1', { siteId: 's1', deal: { amountCents: 100 } as never }),
    'missing_key',
    'deal.title',
  ],
  [
    'a conversion deal amountCents that is not a whole number',
    (c) => c.leads.convert('l1', { siteId: 's1', deal: { title: 't', amountCents: 10.5 } }),
    'invalid_value',
    'deal.amountCents',
  ],
  [
    'a conversion company with neither link nor create',
    (c) => c.leads.convert('l1', { siteId: 's1', company: {} as never }),
    'missing_key',
    'company.link',
  ],
  [
    'a conversion company with both link and create',
    (c) => c.leads.convert('l1', { siteId: 's1', company: { link: 'co1', create: { name: 'A' } } }),
    'conflicting_keys',
    'company.create',
  ],
  [
    'amountCents that is not an integer',
    (c) => c.deals.create({ title: 't', consentSiteId: 's1', amountCents: 12.5 }),
    'invalid_value',
    'amountCents',
  ],
  ['amountCents below 0', (c) => c.deals.update('d1', { amountCents: -1 }), 'invalid_value', 'amountCents'],
  [
    'amountCents as a string',
    (c) => c.deals.update('d1', { amountCents: '100' } as never),
    'invalid_value',
    'amountCents',
  ],
  [
    'amountCents beside line items',
    (c) =>
      c.deals.create({
        title: 't',
        consentSiteId: 's1',
        amountCents: 1000,
        lineItems: [{ name: 'A', quantity: 1, unitAmountCents: 1000 }],
      }),
    'conflicting_keys',
    'amountCents',
  ],
  [
    'a line item quantity of 0',
    (c) => c.deals.update('d1', { lineItems: [{ name: 'A', quantity: 0, unitAmountCents: 1 }] }),
    'invalid_value',
    'lineItems.0.quantity',
  ],
  [
    'a line item quantity past 1,000,000',
    (c) => c.deals.update('d1', { lineItems: [{ name: 'A', quantity: 1_000_001, unitAmountCents: 1 }] }),
    'invalid_value',
    'lineItems.0.quantity',
  ],
  [
    'a line item without a name',
    (c) => c.deals.update('d1', { lineItems: [{ quantity: 1, unitAmountCents: 1 }] as never }),
    'missing_key',
    'lineItems.0.name',
  ],
  [
    '51 line items',
    (c) =>
      c.deals.update('d1', {
        lineItems: Array.from({ length: 51 }, () => ({ name: 'A', quantity: 1, unitAmountCents: 1 })),
      }),
    'invalid_value',
    'lineItems',
  ],
  [
    'a line item in another currency than the deal',
    (c) =>
      c.deals.update('d1', {
        currency: 'EUR',
        lineItems: [{ name: 'A', quantity: 1, unitAmountCents: 1, currency: 'usd' }],
      }),
    'conflicting_keys',
    'lineItems.0.currency',
  ],
  [
    'expectedCloseAt as a bare date',
    (c) => c.deals.update('d1', { expectedCloseAt: '2025-06-30' }),
    'invalid_instant',
    'expectedCloseAt',
  ],
  ['a deal without consentSiteId', (c) => c.deals.create({ title: 't' } as never), 'missing_key', 'consentSiteId'],
  ['a contact name of empty string', (c) => c.contacts.create({ email: 'a@x.com', name: '' }), 'invalid_value', 'name'],
  ['a contact without email', (c) => c.contacts.create({ name: 'Ann' } as never), 'missing_key', 'email'],
  [
    'a profile field without consentSiteId',
    (c) => c.contacts.create({ email: 'a@x.com', phone: '+4712345678' }),
    'missing_key',
    'consentSiteId',
  ],
  [
    'a profile field cleared without consentSiteId',
    (c) => c.contacts.update('c1', { jobTitle: null }),
    'missing_key',
    'consentSiteId',
  ],
  [
    'marketingConsent true without consentSiteId',
    (c) => c.contacts.update('c1', { marketingConsent: true }),
    'missing_key',
    'consentSiteId',
  ],
  [
    'consentSiteId with marketingConsent false and no profile field',
    (c) => c.contacts.create({ email: 'a@x.com', marketingConsent: false, consentSiteId: 's1' }),
    'conflicting_keys',
    'consentSiteId',
  ],
  [
    'a birthdate that is not a real day',
    (c) => c.contacts.update('c1', { consentSiteId: 's1', birthdate: '1990-02-30' }),
    'invalid_date',
    'birthdate',
  ],
  [
    'a birthdate in the future',
    (c) => c.contacts.update('c1', { consentSiteId: 's1', birthdate: `${new Date().getUTCFullYear() + 2}-01-01` }),
    'invalid_date',
    'birthdate',
  ],
  [
    '21 mediaIds',
    (c) => c.contacts.update('c1', { consentSiteId: 's1', mediaIds: Array.from({ length: 21 }, (_, i) => `m${i}`) }),
    'invalid_value',
    'mediaIds',
  ],
  [
    'a bare date for dueAt',
    (c) => c.tasks.create({ title: 't', consentSiteId: 's1', dueAt: '2025-03-01' }),
    'invalid_instant',
    'dueAt',
  ],
  [
    'dueAt without an offset',
    (c) => c.tasks.update('t1', { dueAt: '2025-03-01T09:00:00' }),
    'invalid_instant',
    'dueAt',
  ],
  ['a task without title', (c) => c.tasks.create({ consentSiteId: 's1' } as never), 'missing_key', 'title'],
  [
    'a company without consentSiteId',
    (c) => c.companies.create({ name: 'Acme' } as never),
    'missing_key',
    'consentSiteId',
  ],
  [
    'dataset fields that are all blank',
    (c) => c.datasets.create({ name: 'n', fields: ['', '  '] }),
    'invalid_value',
    'fields',
  ],
  ['dataset fields: [] on a PATCH', (c) => c.datasets.update('d1', { fields: [] }), 'invalid_value', 'fields'],
  [
    'a dataset model that is not an object',
    (c) => c.datasets.create({ name: 'n', fields: ['a'], model: [] as never }),
    'invalid_type',
    'model',
  ],
  [
    'a dataset model of 64 KB or more',
    (c) => c.datasets.create({ name: 'n', fields: ['a'], model: { big: 'x'.repeat(65_536) } }),
    'invalid_value',
    'model',
  ],
  ['a dataset without fields', (c) => c.datasets.create({ name: 'n' } as never), 'missing_key', 'fields'],
  [
    'a subdomain of 2 characters',
    (c) => c.sites.create({ displayName: 'S', subdomain: 'ab' }),
    'invalid_value',
    'subdomain',
  ],
  [
    'a subdomain with capitals',
    (c) => c.sites.create({ displayName: 'S', subdomain: 'MyShop' }),
    'invalid_value',
    'subdomain',
  ],
  [
    'a subdomain starting with a hyphen',
    (c) => c.sites.create({ displayName: 'S', subdomain: '-shop' }),
    'invalid_value',
    'subdomain',
  ],
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

  it('say what the documents say', async () => {
    const message = async (run: PromiseLike<unknown>): Promise<string> =>
      ((await Promise.resolve(run).catch((e: unknown) => e)) as LocalCheckError).issues[0]!.message;
    expect(await message(client.activities.create({ body: 'Met', consentSiteId: 's1' }))).toBe(
      'at least one of `contactId`, `companyId`, `dealId` is required',
    );
    expect(
      await message(
        client.emailTemplates.create({ name: 'n', body: 'b', consentSiteId: 's1', visibility: 'personal' }),
      ),
    ).toBe('`ownerUid` is required when visibility is personal');
    expect(await message(client.leads.update('l1', { siteId: 's1', ownerUid: 'u1', ownerEmail: 'a@x.com' }))).toMatch(
      /not accepted together with `ownerUid`/,
    );
    expect(await message(client.deals.update('d1', { amountCents: 1.5 }))).toBe(
      '`amountCents` must be a whole number 0 or more; received 1.5',
    );
    expect(await message(client.contacts.create({ email: 'a@x.com', name: '' }))).toBe(
      '`name` may not be an empty string',
    );
    expect(await message(client.contacts.create({ email: 'a@x.com', phone: '+47', jobTitle: 'CEO' }))).toBe(
      '`consentSiteId` is required: `phone`, `jobTitle` are per-site profile fields, and writing any of them requires consentSiteId',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('let through what the documents allow beside them', async () => {
    await client.activities.create({ body: 'Met', consentSiteId: 's1', contactId: null, dealId: 'd1' });
    await client.emailTemplates.create({
      name: 'n',
      body: 'b',
      consentSiteId: 's1',
      visibility: 'personal',
      ownerUid: 'u1',
    });
    await client.emailTemplates.create({ name: 'n', body: 'b', consentSiteId: 's1', ownerUid: null });
    await client.emailTemplates.update('e1', { ownerUid: 'u2' });
    await client.leads.update('l1', { siteId: 's1', ownerUid: 'u1', ownerEmail: null });
    await client.leads.update('l1', { siteId: 's1', unqualifiedReason: 'reworded' });
    await client.deals.update('d1', { amountCents: 0 });
    await client.deals.update('d1', { lineItems: [], amountCents: 500 });
    await client.deals.create({
      title: 't',
      consentSiteId: 's1',
      currency: 'USD',
      lineItems: [{ name: 'A', quantity: 1_000_000, unitAmountCents: 0, currency: 'usd' }],
    });
    await client.contacts.create({ email: 'a@x.com', marketingConsent: false });
    await client.contacts.update('c1', {
      name: null,
      consentSiteId: 's1',
      birthdate: new Date().toISOString().slice(0, 10),
    });
    await client.tasks.update('t1', { dueAt: new Date('2025-03-01T09:00:00Z') });
    await client.datasets.create({ name: 'n', fields: ['a', ''] });
    await client.sites.create({ displayName: 'S', subdomain: 'shop-1' });
    expect(server.requests).toHaveLength(14);
    expect(server.requests[11]!.json).toEqual({ dueAt: '2025-03-01T09:00:00.000Z' });
  });

  it('report every problem at once, each with a JSON Pointer', async () => {
    const error = (await client.tasks
      .create({ title: 't', consentSiteId: 's', kind: 'fax', status: 'later', bogus: 1 } as never)
      .catch((e: unknown) => e)) as LocalCheckError;
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
  it.each(['2025-01-31T00:00:00Z', '2025-01-31T00:00:00.5+01:00', '2025-01-31T00:00+0100', '2025-01-31t00:00:00z'])(
    'accepts %s',
    (v) => {
      expect(isInstant(v)).toBe(true);
    },
  );
  it.each(['2025-01-31', '2025-01-31T00:00:00', '2025-13-40T00:00:00Z', '1738281600', ''])('refuses %s', (v) => {
    expect(isInstant(v)).toBe(false);
  });
});

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '1990-12-31', '2000-01-01'])('accepts %s', (v) => {
    expect(isCalendarDate(v)).toBe(true);
  });
  it.each(['2023-02-29', '1990-02-30', '1990-13-01', '1990-1-1', '1990-01-01T00:00:00Z', ''])('refuses %s', (v) => {
    expect(isCalendarDate(v)).toBe(false);
  });
});

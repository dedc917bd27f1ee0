// CRM rules of document 001 a review found broken in the emulator (issue 30 §1), as HTTP scenarios.
import { expect } from 'vitest';
import { firstSite } from './conventions.js';
import { caller, unique } from './http.js';
import type { Scenario } from './target.js';

export const crm: Scenario[] = [
  {
    doc: '001 §1 rule 5, 000 §7',
    title:
      'past a hard CRM records band a contact is 403 contact_quota, a company or deal crm_records_quota; the key is given back',
    async run(t) {
      const call = caller(t, await t.key('nearly-full'));
      const site = await call('/sites', { body: { displayName: 'Band', subdomain: unique('band').slice(0, 30) } });
      expect(site.status).toBe(201);
      const first = await call('/contacts', { body: { email: `${unique('one')}@example.com` } });
      expect(first.status).toBe(201);
      const email = `${unique('two')}@example.com`;
      const key = unique('band-key');
      const refused = await call('/contacts', { body: { email }, idempotencyKey: key });
      expect([refused.status, refused.body.error.type, refused.body.error.code]).toEqual([
        403,
        'plan_required',
        'contact_quota',
      ]);
      const company = await call('/companies', { body: { name: 'Acme', consentSiteId: site.body.id } });
      expect([company.status, company.body.error.code]).toEqual([403, 'crm_records_quota']);
      const deal = await call('/deals', { body: { title: 'Big', consentSiteId: site.body.id } });
      expect([deal.status, deal.body.error.code]).toEqual([403, 'crm_records_quota']);
      expect((await call(`/contacts/${first.body.id}`, { method: 'DELETE' })).status).toBe(200);
      const retried = await call('/contacts', { body: { email }, idempotencyKey: key });
      expect([retried.status, retried.body.email]).toEqual([201, email]);
    },
  },
  {
    doc: '001 §2 Contact',
    title: 'a create without name takes first and last name; later writes of them never rewrite name',
    async run(t) {
      const call = caller(t, await t.key('full'));
      const site = await firstSite(call);
      const made = await call('/contacts', {
        body: { email: `${unique('ada')}@example.com`, consentSiteId: site, firstName: 'Ada', lastName: 'Lovelace' },
      });
      expect([made.status, made.body.name]).toEqual([201, 'Ada Lovelace']);
      const patched = await call(`/contacts/${made.body.id}`, {
        method: 'PATCH',
        body: { consentSiteId: site, lastName: 'Byron' },
      });
      expect([patched.body.name, patched.body.lastName]).toEqual(['Ada Lovelace', 'Byron']);
    },
  },
  {
    doc: '001 §2 Contact',
    title: 'reportsToContactId is cleared when the contact it names is deleted',
    async run(t) {
      const call = caller(t, await t.key('full'));
      const site = await firstSite(call);
      const boss = await call('/contacts', { body: { email: `${unique('boss')}@example.com` } });
      const report = await call('/contacts', {
        body: { email: `${unique('report')}@example.com`, consentSiteId: site, reportsToContactId: boss.body.id },
      });
      expect(report.body.reportsToContactId).toBe(boss.body.id);
      expect((await call(`/contacts/${boss.body.id}`, { method: 'DELETE' })).status).toBe(200);
      expect((await call(`/contacts/${report.body.id}`)).body.reportsToContactId).toBeNull();
    },
  },
  {
    doc: '000 §4 rule 7, 001 §1 rule 6',
    title: 'the same PATCH twice lands the same state and returns the same 200',
    async run(t) {
      const call = caller(t, await t.key('full'));
      const site = await firstSite(call);
      const deal = await call('/deals', { body: { title: unique('twice'), consentSiteId: site } });
      const company = await call('/companies', { body: { name: unique('twice'), consentSiteId: site } });
      for (const [path, body] of [
        [`/deals/${deal.body.id}`, { stageId: 'proposal-sent', amountCents: 500 }],
        [`/companies/${company.body.id}`, { industry: 'Boats' }],
      ] as const) {
        const first = await call(path, { method: 'PATCH', body });
        // A second later, so a second stamp of `updated` would differ.
        await new Promise((r) => setTimeout(r, 1_100));
        const second = await call(path, { method: 'PATCH', body });
        expect([path, first.status, second.status, second.body]).toEqual([path, 200, 200, first.body]);
      }
    },
  },
];

// CRM rules a review of the documents found broken (issue 30 §1), on both engines: the hard
// records band and conversion at it, a statement's first use, contact names and reporting
// lines, a conversion's nested field names, and the same PATCH twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '../packages/emulator/src/index.js';
import { onBothEngines } from './helpers/engines.js';

const S1 = 'site_0000001';

interface Answer {
  status: number;
  body: any;
}

function suite(engine: string, options: () => Promise<EmulatorOptions>, skip: string | null): void {
  describe.skipIf(skip)(`CRM rules on ${engine}`, () => {
    let emu: Emulator;
    const api =
      (key: string) =>
      async (path: string, method = 'GET', body?: unknown, idempotencyKey?: string): Promise<Answer> => {
        const r = await fetch(emu.baseUrl + path, {
          method,
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: r.status, body: await r.json() };
      };
    /** A new organization on the nearly-full plan (CRM records band of 1, hard), with its one site. */
    const hardBanded = async () => {
      const call = api(await emu.createKey({ plan: 'nearly-full' }));
      const org = String((await call('/me')).body.org);
      const site = await call('/sites', 'POST', { displayName: 'Band', subdomain: `band-${org.slice(-8)}` });
      expect(site.status).toBe(201);
      return { call, org, site: String(site.body.id) };
    };

    beforeAll(async () => {
      emu = await startEmulator({ seed: 'demo', ...(await options()) });
    }, 120_000);
    afterAll(() => emu?.close());

    // First: it needs statements no request has used yet.
    it("never lets a statement's first use poison the session, even several at once", async () => {
      const call = api(await emu.createKey({ plan: 'nearly-full' }));
      const answers = await Promise.all([
        ...Array.from({ length: 5 }, (_, i) => call('/contacts', 'POST', { email: `first-${i}@example.com` })),
        call('/usage'),
        call('/sites', 'POST', { displayName: 'First', subdomain: `first-${engine.toLowerCase()}` }),
        call('/companies'),
      ]);
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      const contacts = answers.slice(0, 5);
      expect(contacts.filter((a) => a.status === 201)).toHaveLength(1);
      expect(contacts.filter((a) => a.status === 403).map((a) => a.body.error.code)).toEqual(
        Array(4).fill('contact_quota'),
      );
      const usage = await call('/usage');
      expect([usage.status, usage.body.crmRecords]).toEqual([200, { used: 1, included: 1, metered: false }]);
      const second = await call('/sites', 'POST', {
        displayName: 'Second',
        subdomain: `second-${engine.toLowerCase()}`,
      });
      expect([second.status, second.body.error.code]).toEqual([403, 'site_quota']);
    });

    it('refuses a contact, company or deal past a hard band (403 contact_quota / crm_records_quota), giving the key back', async () => {
      const { call, site } = await hardBanded();
      const first = await call('/contacts', 'POST', { email: 'one@example.com' });
      expect(first.status).toBe(201);
      const second = await call('/contacts', 'POST', { email: 'two@example.com' }, 'band-key');
      expect([second.status, second.body.error.type, second.body.error.code]).toEqual([
        403,
        'plan_required',
        'contact_quota',
      ]);
      const company = await call('/companies', 'POST', { name: 'Acme', consentSiteId: site });
      expect([company.status, company.body.error.code]).toEqual([403, 'crm_records_quota']);
      const deal = await call('/deals', 'POST', { title: 'Big', consentSiteId: site });
      expect([deal.status, deal.body.error.code]).toEqual([403, 'crm_records_quota']);
      // A slot freed, the same key creates (it was given back, not remembered with the refusal).
      expect((await call(`/contacts/${first.body.id}`, 'DELETE')).status).toBe(200);
      const retried = await call('/contacts', 'POST', { email: 'two@example.com' }, 'band-key');
      expect([retried.status, retried.body.email]).toEqual([201, 'two@example.com']);
    });

    it('lets exactly one of several simultaneous creates take the last slot of the band', async () => {
      const { call, site } = await hardBanded();
      const answers = await Promise.all([
        ...Array.from({ length: 4 }, (_, i) => call('/contacts', 'POST', { email: `race-${i}@example.com` })),
        call('/companies', 'POST', { name: 'Race', consentSiteId: site }),
        call('/deals', 'POST', { title: 'Race', consentSiteId: site }),
      ]);
      expect(answers.map((a) => a.status).filter((s) => s === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 403)).toBe(true);
    });

    it('refuses a conversion whose company or deal does not fit the band: the contact stands, the lead stays unconverted, the key comes back', async () => {
      const { call, org, site } = await hardBanded();
      for (const [extra, email] of [
        [{ company: { create: { name: 'Acme' } } }, 'lead-company@example.com'],
        [{ deal: { title: 'Deal' } }, 'lead-deal@example.com'],
      ] as const) {
        const captured = await emu.actions.capture({ org, siteId: site, kind: 'booking', email, fields: {} });
        const leadId = String((captured.lead as { id: string }).id);
        const path = `/leads/${leadId}/convert?siteId=${site}`;
        const refused = await call(path, 'POST', extra, `convert-${email}`);
        expect([refused.status, refused.body.error.code]).toEqual([403, 'crm_records_quota']);
        const contact = (await call(`/contacts?email=${email}`)).body.data;
        expect(contact).toHaveLength(1);
        const lead = (await call(`/leads/${leadId}?siteId=${site}`)).body;
        expect([lead.status, lead.convertedContactId ?? null]).toEqual(['new', null]);
        const converted = await call(path, 'POST', {}, `convert-${email}`);
        expect([converted.status, converted.body.contactId, converted.body.lead.status]).toEqual([
          201,
          contact[0].id,
          'qualified',
        ]);
        // Free the band's one slot for the next round.
        expect((await call(`/contacts/${contact[0].id}`, 'DELETE')).status).toBe(200);
      }
    });

    it("names a conversion's nested fields with their prefix (deal.stageId), and changes nothing", async () => {
      const call = api(emu.apiKey);
      const email = `nested-${engine.toLowerCase()}@example.com`;
      const lead = (await emu.actions.capture({ siteId: S1, kind: 'booking', email, fields: {} })).lead as {
        id: string;
      };
      const path = `/leads/${lead.id}/convert?siteId=${S1}`;
      for (const [body, field] of [
        [{ deal: { title: 'X', stageId: 'no-such-stage' } }, 'deal.stageId'],
        [{ deal: { title: 'X', currency: 'euros' } }, 'deal.currency'],
        [{ deal: { title: 'X', amountCents: -5 } }, 'deal.amountCents'],
        [{ deal: {} }, 'deal.title'],
        [{ company: { create: {} } }, 'company.create.name'],
        [{ company: { create: { name: 'A', domain: 'not a domain' } } }, 'company.create.domain'],
      ] as const) {
        const refused = await call(path, 'POST', body);
        expect([JSON.stringify(body), refused.status, Object.keys(refused.body.error.fields ?? {})]).toEqual([
          JSON.stringify(body),
          400,
          [field],
        ]);
      }
      expect((await call(`/contacts?email=${email}`)).body.data).toEqual([]);
      expect((await call(`/leads/${lead.id}?siteId=${S1}`)).body.status).toBe('new');
    });

    it('takes first and last name into a new contact without a name, and never rewrites name after', async () => {
      const call = api(emu.apiKey);
      const made = await call('/contacts', 'POST', {
        email: `ada-${engine.toLowerCase()}@example.com`,
        consentSiteId: S1,
        firstName: 'Ada',
        lastName: 'Lovelace',
      });
      expect([made.status, made.body.name]).toEqual([201, 'Ada Lovelace']);
      const renamed = await call(`/contacts/${made.body.id}`, 'PATCH', { consentSiteId: S1, lastName: 'Byron' });
      expect([renamed.body.name, renamed.body.lastName]).toEqual(['Ada Lovelace', 'Byron']);
      expect((await call(`/contacts/${made.body.id}`)).body.name).toBe('Ada Lovelace');
      const bare = await call('/contacts', 'POST', { email: `bare-${engine.toLowerCase()}@example.com` });
      const later = await call(`/contacts/${bare.body.id}`, 'PATCH', { consentSiteId: S1, firstName: 'Grace' });
      expect([later.body.name, later.body.firstName]).toEqual([null, 'Grace']);
      const named = await call('/contacts', 'POST', {
        email: `named-${engine.toLowerCase()}@example.com`,
        name: 'G. Hopper',
        consentSiteId: S1,
        firstName: 'Grace',
      });
      expect(named.body.name).toBe('G. Hopper');
    });

    it('clears reportsToContactId when the contact it names is deleted', async () => {
      const call = api(emu.apiKey);
      const boss = await call('/contacts', 'POST', { email: `boss-${engine.toLowerCase()}@example.com` });
      const report = await call('/contacts', 'POST', {
        email: `report-${engine.toLowerCase()}@example.com`,
        consentSiteId: S1,
        reportsToContactId: boss.body.id,
      });
      expect(report.body.reportsToContactId).toBe(boss.body.id);
      expect((await call(`/contacts/${boss.body.id}`, 'DELETE')).status).toBe(200);
      expect((await call(`/contacts/${report.body.id}`)).body.reportsToContactId).toBeNull();
      expect((await call(`/contacts/${report.body.id}?consentSiteId=${S1}`)).body.reportsToContactId).toBeNull();
    });

    it('lands the same PATCH twice as the same state and the same 200; a PATCH that changes nothing keeps updated', async () => {
      const call = api(emu.apiKey);
      const tag = engine.toLowerCase();
      const contact = await call('/contacts', 'POST', { email: `twice-${tag}@example.com` });
      const company = await call('/companies', 'POST', { name: 'Twice', consentSiteId: S1 });
      const deal = await call('/deals', 'POST', { title: 'Twice', consentSiteId: S1 });
      const task = await call('/tasks', 'POST', { title: 'Twice', consentSiteId: S1 });
      const template = await call('/email-templates', 'POST', { name: 'Twice', body: 'Hi', consentSiteId: S1 });
      const lead = (
        await emu.actions.capture({ siteId: S1, kind: 'booking', email: `twice-lead-${tag}@example.com`, fields: {} })
      ).lead as { id: string };
      const dataset = await call('/datasets', 'POST', { name: `twice-${tag}`, fields: ['title'] });
      const record = await call(`/datasets/${dataset.body.id}/records`, 'POST', { values: { title: 'A' } });
      const patches: [string, unknown][] = [
        [`/contacts/${contact.body.id}`, { tags: ['vip'], consentSiteId: S1, jobTitle: 'CTO' }],
        [`/companies/${company.body.id}`, { industry: 'Boats' }],
        [`/deals/${deal.body.id}`, { stageId: 'proposal-sent', amountCents: 500 }],
        [`/tasks/${task.body.id}`, { status: 'done' }],
        [`/email-templates/${template.body.id}`, { subject: 'Hello' }],
        [`/leads/${lead.id}?siteId=${S1}`, { status: 'working', notes: 'Called' }],
        [`/datasets/${dataset.body.id}/records/${record.body.id}`, { values: { title: 'B' } }],
      ];
      for (const [path, body] of patches) {
        const first = await call(path, 'PATCH', body);
        emu.clock.advance(61_000);
        const second = await call(path, 'PATCH', body);
        expect([path, first.status, second.status]).toEqual([path, 200, 200]);
        expect([path, second.body]).toEqual([path, first.body]);
        expect([path, (await call(path)).body]).toEqual([path, first.body]);
      }
      // Writing back what is stored changes nothing, so `updated` keeps the create's stamp.
      const same: [string, unknown][] = [
        [`/companies/${company.body.id}`, { name: 'Twice' }],
        [`/email-templates/${template.body.id}`, { name: 'Twice', body: 'Hi' }],
        [`/contacts/${contact.body.id}`, { tags: ['vip'] }],
      ];
      for (const [path, body] of same) {
        const before = (await call(path)).body.updated;
        emu.clock.advance(61_000);
        const answer = await call(path, 'PATCH', body);
        expect([path, answer.status, answer.body.updated]).toEqual([path, 200, before]);
      }
    });
  });
}

onBothEngines('crm_rules', suite);

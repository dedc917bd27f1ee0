// The demo seed's CRM: companies, contacts with their per-site profiles, a pipeline with deals,
// tasks, activities, email templates, and leads.
import type { SeedData } from './load.js';
import { at, cities, day, firstNames, lastNames, pick, S1, S2 } from './demo-kit.js';

type CrmSeed = Pick<
  SeedData,
  'companies' | 'contacts' | 'pipelines' | 'deals' | 'tasks' | 'activities' | 'emailTemplates' | 'leads'
>;

/** Draws from `r` after the website's families, in a fixed order. */
export function crmSeed(r: () => number): CrmSeed {
  const companies = Array.from({ length: 20 }, (_, i) => ({
    id: `co_${(i + 1).toString(36).padStart(7, '0')}`,
    name: `${pick(r, lastNames)} ${pick(r, ['Logistics', 'Studios', 'Foods', 'Marine', 'Labs'])}`,
    domain: `company${i + 1}.example`,
    website: `https://company${i + 1}.example`,
    phone: null,
    address: { city: pick(r, cities)[0], country: 'NO' },
    industry: pick(r, ['Travel', 'Retail', 'Hospitality', 'Software']),
    ownerUid: pick(r, ['u_owner', 'u_sales']),
    notes: null,
    siteId: S1,
    created: at(i * day),
    updated: at(i * day),
  }));
  const stages = ['qualified', 'contact-made', 'proposal-sent', 'negotiation', 'won', 'lost'];
  const lifecycle = ['subscriber', 'lead', 'marketing-qualified', 'sales-qualified', 'opportunity', 'customer'];
  const contacts = Array.from({ length: 300 }, (_, i) => {
    const first = pick(r, firstNames);
    const last = pick(r, lastNames);
    const siteId = i % 4 === 0 ? S2 : S1;
    const companyId = i % 3 === 0 ? companies[i % companies.length]!.id : null;
    return {
      email: `${first}.${last}.${i + 1}@example.com`.toLowerCase(),
      name: `${first} ${last}`,
      tags: i % 5 === 0 ? ['vip'] : i % 7 === 0 ? ['newsletter'] : [],
      notes: null,
      marketingConsent: i % 2 === 0,
      consentSites: i % 2 === 0 ? [siteId] : [],
      sources: [pick(r, ['form', 'order', 'booking', 'newsletter'])],
      companyIds: companyId ? [companyId] : [],
      alternateEmails: [],
      __profiles: {
        [siteId]: {
          lifecycleStage: pick(r, lifecycle),
          ownerUid: pick(r, ['u_owner', 'u_sales', null]),
          companyId,
          firstName: first,
          lastName: last,
        },
      },
      __sites: [siteId],
      created: at(i * 3_600_000),
      updated: at(i * 3_600_000),
    };
  });
  const contactId = (i: number): string => `ct_${(i + 1).toString(36).padStart(7, '0')}`;
  const pipelines = [
    {
      id: 'pl_0000001',
      name: 'Sales',
      isDefault: true,
      archived: false,
      archivedAt: null,
      stages: stages.map((id, order) => ({
        id,
        name: id.replace('-', ' '),
        order,
        probability: [10, 20, 40, 60, 100, 0][order],
        kind: id === 'won' ? 'won' : id === 'lost' ? 'lost' : 'open',
      })),
      siteId: S1,
      created: at(0),
      updated: at(0),
    },
  ];
  const deals = Array.from({ length: 40 }, (_, i) => {
    const stageId = stages[i % stages.length]!;
    const status = stageId === 'won' ? 'won' : stageId === 'lost' ? 'lost' : 'open';
    const lines =
      i % 4 === 0
        ? [{ productId: null, name: 'Guided tour', quantity: 2, unitAmountCents: 45_000, currency: 'usd' }]
        : [];
    return {
      title: `Deal ${i + 1}`,
      pipelineId: 'pl_0000001',
      stageId,
      status,
      amountCents: lines.length ? 90_000 : 10_000 * (1 + Math.floor(r() * 50)),
      currency: 'usd',
      lineItems: lines,
      expectedCloseAt: at((60 + i) * day),
      closedAt: status === 'open' ? null : at((10 + i) * day),
      stageChangedAt: at((5 + i) * day),
      ownerUid: pick(r, ['u_owner', 'u_sales']),
      contactId: contactId(i * 7),
      companyId: companies[i % companies.length]!.id,
      lostReason: status === 'lost' ? 'Price' : null,
      notes: null,
      siteId: S1,
      created: at(i * day),
      updated: at((5 + i) * day),
    };
  });
  const tasks = Array.from({ length: 30 }, (_, i) => ({
    title: `Follow up ${i + 1}`,
    notes: null,
    kind: pick(r, ['call', 'email', 'meeting', 'todo']),
    priority: pick(r, ['low', 'normal', 'high']),
    status: i % 3 === 0 ? 'done' : 'open',
    dueAt: at((20 + i) * day),
    completedAt: i % 3 === 0 ? at((15 + i) * day) : null,
    assigneeUid: pick(r, ['u_owner', 'u_sales', 'u_support']),
    contactId: contactId(i),
    companyId: null,
    dealId: `dl_${((i % 40) + 1).toString(36).padStart(7, '0')}`,
    siteId: S1,
    created: at(i * day),
    updated: at(i * day),
  }));
  const activities = Array.from({ length: 60 }, (_, i) => ({
    kind: pick(r, ['call', 'email', 'meeting', 'note', 'other']),
    body: `Spoke about the season (${i + 1})`,
    at: at(i * 7_200_000),
    byUid: pick(r, ['u_owner', 'u_sales']),
    contactId: contactId(i % 50),
    companyId: null,
    dealId: null,
    outcome: null,
    durationMinutes: 15,
    siteId: S1,
    created: at(i * 7_200_000),
    updated: at(i * 7_200_000),
  }));
  const emailTemplates = [
    ['Welcome', 'template', 'shared', null],
    ['Quote follow-up', 'template', 'shared', null],
    ['Signature', 'snippet', 'personal', 'u_sales'],
  ].map(([name, kind, visibility, ownerUid], i) => ({
    name,
    kind,
    visibility,
    ownerUid,
    subject: kind === 'snippet' ? '' : `${name} from {{site.name}}`,
    body: `Hello {{contact.firstName}},\n\n${name}.`,
    siteId: S1,
    created: at(i * day),
    updated: at(i * day),
  }));
  const leadStatuses = ['new', 'working', 'unqualified', null];
  const leads = Array.from({ length: 50 }, (_, i) => {
    const first = pick(r, firstNames);
    const status = leadStatuses[i % leadStatuses.length]!;
    return {
      siteId: i % 2 === 0 ? S1 : S2,
      email: `lead${i + 1}@example.net`,
      name: `${first} ${pick(r, lastNames)}`,
      status,
      ownerUid: i % 3 === 0 ? 'u_sales' : null,
      notes: null,
      unqualifiedReason: status === 'unqualified' ? 'Out of area' : null,
      sources: [i % 2 === 0 ? 'form:form_booking' : 'signup'],
      submissionCount: 1 + (i % 3),
      firstSeen: at(i * day),
      lastSeen: at(((i * 37) % 50) * day + 3_600_000),
      marketingConsent: i % 2 === 0,
      marketingConsentAt: i % 2 === 0 ? at(i * day) : null,
      convertedContactId: null,
      convertedAt: null,
      companyId: null,
      dealId: null,
      created: at(i * day),
      updated: at(i * day),
    };
  });
  return { companies, contacts, pipelines, deals, tasks, activities, emailTemplates, leads };
}

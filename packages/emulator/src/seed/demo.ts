// `--seed demo`: a coherent organization, the same every time (a seeded PRNG, fixed
// instants, ids from the sequences), so tests and screenshots can name its ids.
import type { SeedData } from './load.js';

/** Mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const epoch = Date.parse('2025-01-06T09:00:00Z');
const day = 86_400_000;
const at = (n: number): string => new Date(epoch + n).toISOString();

const firstNames = [
  'Ada',
  'Bjorn',
  'Chiara',
  'Dmitri',
  'Elif',
  'Farah',
  'Goran',
  'Hana',
  'Ines',
  'Jonas',
  'Kaito',
  'Lena',
  'Mateo',
  'Nora',
  'Oskar',
  'Priya',
  'Quinn',
  'Rosa',
  'Sven',
  'Tala',
];
const lastNames = [
  'Berg',
  'Costa',
  'Dahl',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Holm',
  'Ito',
  'Jensen',
  'Khan',
  'Lund',
  'Moreau',
  'Nakamura',
  'Olsen',
  'Petrov',
  'Rossi',
];
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** The demo organization. */
export function demoSeed(): SeedData {
  const r = prng(20250106);
  const sites = [
    {
      id: 'site_0000001',
      displayName: 'Fjord Outfitters',
      subdomain: 'fjord-outfitters',
      domain: 'fjord.example',
      __pages: 42,
    },
    { id: 'site_0000002', displayName: 'Harbor Cafe', subdomain: 'harbor-cafe', domain: null, __pages: 7 },
  ];
  const datasets = [
    {
      id: 'ds_0000001',
      name: 'Trips',
      fields: ['title', 'city', 'nights', 'guided', 'startsAt', 'location'],
      created: at(0),
      __model: {
        title: { type: 'text', required: true, maxLength: 120 },
        city: { type: 'text' },
        nights: { type: 'integer', min: 1, max: 60 },
        guided: { type: 'boolean' },
        startsAt: { type: 'timestamp' },
        location: { type: 'coordinates' },
      },
    },
  ];
  const cities: [string, number, number][] = [
    ['Bergen', 60.39, 5.32],
    ['Tromso', 69.65, 18.96],
    ['Alesund', 62.47, 6.15],
    ['Flam', 60.86, 7.11],
  ];
  const records = Array.from({ length: 40 }, (_, i) => {
    const [city, lat, lng] = pick(r, cities);
    return {
      datasetId: 'ds_0000001',
      values: {
        title: `${city} trip ${i + 1}`,
        city,
        nights: 1 + Math.floor(r() * 10),
        guided: r() < 0.5,
        startsAt: epoch + (30 + i) * day,
        location: { latitude: lat, longitude: lng },
      },
      created: at(i * 3_600_000),
      updated: at(i * 3_600_000),
    };
  });
  const forms = [
    ['form_contact', 'Contact us'],
    ['form_booking', 'Book a trip'],
  ] as const;
  const formSubmissions = Array.from({ length: 30 }, (_, i) => {
    const [formId, form] = pick(r, forms);
    const legacy = i < 3;
    return {
      siteId: i % 3 === 0 ? 'site_0000002' : 'site_0000001',
      object: 'form_submission',
      form_id: legacy ? null : formId,
      form: legacy ? null : form,
      path: formId === 'form_booking' ? '/book' : '/contact',
      fields: { name: `${pick(r, firstNames)} ${pick(r, lastNames)}`, message: 'Hello from the demo seed' },
      read: r() < 0.4,
      routing: null,
      created: at(i * day),
    };
  });
  const S1 = 'site_0000001';
  const S2 = 'site_0000002';
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
  const orderStatuses = ['pending', 'paid', 'partially_fulfilled', 'fulfilled', 'delivered', 'cancelled', 'refunded'];
  const channels = ['online', 'pos', 'draft', 'subscription', null];
  const carriers = ['UPS', 'Posten', 'DHL'];
  const jacket = (size: string, quantity: number) => ({
    productId: 'prod_0000001',
    variantId: `v-${size.toLowerCase()}`,
    name: 'Rain jacket',
    variantLabel: size,
    sku: `RJ-${size}`,
    productType: 'physical',
    quantity,
    unitAmountCents: 4_900,
  });
  const orders = Array.from({ length: 70 }, (_, i) => {
    const legacy = i % 10 === 9;
    const channel = channels[i % channels.length]!;
    const status = orderStatuses[i % orderStatuses.length]!;
    // A partly shipped order has a second line, still to ship.
    const lineItems =
      status === 'partially_fulfilled' ? [jacket('M', 1 + (i % 3)), jacket('L', 1)] : [jacket('M', 1 + (i % 3))];
    const items = lineItems.reduce((sum, l) => sum + l.quantity * l.unitAmountCents, 0);
    const totals = legacy
      ? { itemsCents: 0, shippingCents: 0, taxCents: 0, discountCents: 0, totalCents: items + 500, feeCents: 150 }
      : {
          itemsCents: items,
          shippingCents: 500,
          taxCents: Math.round(items * 0.25),
          discountCents: 0,
          totalCents: items + 500 + Math.round(items * 0.25),
          feeCents: 150,
        };
    // Shipped orders carry what shipped (002: fulfillments are empty only when nothing shipped).
    const shipped = ['partially_fulfilled', 'fulfilled', 'delivered'].includes(status);
    const carrier = carriers[i % carriers.length]!;
    const order: Record<string, unknown> = {
      siteId: S1,
      number: i + 1,
      status,
      currency: 'usd',
      customerEmail: channel === 'pos' ? null : `buyer${i + 1}@example.com`,
      lineItems,
      totals,
      refundedCents: status === 'refunded' ? totals.totalCents : 0,
      disputed: i === 13,
      taxMode: legacy ? null : 'stripe-automatic',
      shippingAddress:
        channel === 'pos'
          ? null
          : { name: 'Buyer', line1: '1 Quay', city: 'Bergen', state: null, postalCode: '5003', country: 'NO' },
      couponCode: null,
      fulfillments: shipped
        ? [
            {
              id: 'f_1',
              lineItemIds: [0],
              carrier,
              trackingNumber: `${carrier.slice(0, 2).toUpperCase()}${(100_000 + i * 7_919).toString()}`,
              trackingUrl: null,
              at: at(i * day + day),
            },
          ]
        : [],
      created: at(i * day),
    };
    if (channel !== null) order.channel = channel;
    if (channel !== 'pos' && channel !== 'draft') order.customerName = `Buyer ${i + 1}`;
    return order;
  });
  const variant = (id: string | null, label: Record<string, string>, price: number, inventory: number | null) => ({
    id,
    sku: id ? `RJ-${id}` : 'GC',
    barcode: null,
    options: label,
    priceUsd: price,
    compareAtPriceUsd: null,
    weightGrams: 500,
    inventory,
    inventoryTracked: inventory !== null,
  });
  const products = [
    {
      siteId: S1,
      name: 'Rain jacket',
      slug: 'rain-jacket',
      description: null,
      type: 'physical',
      status: 'active',
      tags: ['outdoor'],
      categoryIds: [],
      mediaUrls: [],
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: ['S', 'M', 'L'].map((s) => variant(`v-${s.toLowerCase()}`, { Size: s }, 49, 10)),
      inventory: 30,
      subscription: null,
      created: at(0),
      updated: at(0),
    },
    {
      siteId: S1,
      name: 'Gift card',
      slug: 'gift-card',
      description: null,
      type: 'digital',
      status: 'active',
      tags: [],
      categoryIds: [],
      mediaUrls: [],
      options: [],
      variants: [variant('default', {}, 25, null)],
      inventory: null,
      subscription: null,
      created: at(day),
      updated: at(day),
    },
    {
      siteId: S1,
      name: 'Old map',
      slug: 'old-map',
      description: null,
      type: 'physical',
      status: 'archived',
      tags: [],
      categoryIds: [],
      mediaUrls: [],
      options: [],
      variants: [variant('default', {}, 5, 0)],
      inventory: 0,
      subscription: null,
      created: at(2 * day),
      updated: at(2 * day),
    },
    {
      siteId: S1,
      name: 'Trip club',
      slug: 'trip-club',
      description: null,
      type: 'service',
      status: 'draft',
      tags: [],
      categoryIds: [],
      mediaUrls: [],
      options: [],
      variants: [variant('default', {}, 9, null)],
      inventory: null,
      subscription: { interval: 'month', trialDays: 14 },
      created: at(3 * day),
      updated: at(3 * day),
    },
    {
      siteId: S1,
      name: 'Deleted item',
      slug: 'deleted',
      description: null,
      type: 'physical',
      status: 'active',
      tags: [],
      categoryIds: [],
      mediaUrls: [],
      options: [],
      variants: [variant('default', {}, 1, null)],
      inventory: null,
      subscription: null,
      created: at(4 * day),
      updated: at(4 * day),
      __deleted: true,
    },
  ];
  return {
    sites,
    datasets,
    records,
    formSubmissions,
    companies,
    contacts,
    pipelines,
    deals,
    tasks,
    activities,
    emailTemplates,
    leads,
    orders,
    products,
  };
}

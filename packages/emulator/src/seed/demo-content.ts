// The demo seed's website and data: two sites, a Trips dataset with its records, form submissions.
import type { SeedData } from './load.js';
import { at, cities, day, epoch, firstNames, lastNames, pick } from './demo-kit.js';

/** Draws from `r` in a fixed order: the families after it take the sequence where this one leaves it. */
export function contentSeed(r: () => number): Pick<SeedData, 'sites' | 'datasets' | 'records' | 'formSubmissions'> {
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
  return { sites, datasets, records, formSubmissions };
}

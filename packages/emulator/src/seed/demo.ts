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

const firstNames = ['Ada', 'Bjorn', 'Chiara', 'Dmitri', 'Elif', 'Farah', 'Goran', 'Hana', 'Ines', 'Jonas', 'Kaito', 'Lena', 'Mateo', 'Nora', 'Oskar', 'Priya', 'Quinn', 'Rosa', 'Sven', 'Tala'];
const lastNames = ['Berg', 'Costa', 'Dahl', 'Eriksen', 'Fischer', 'Garcia', 'Holm', 'Ito', 'Jensen', 'Khan', 'Lund', 'Moreau', 'Nakamura', 'Olsen', 'Petrov', 'Rossi'];
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** The demo organization. */
export function demoSeed(): SeedData {
  const r = prng(20250106);
  const sites = [
    { id: 'site_0000001', displayName: 'Fjord Outfitters', subdomain: 'fjord-outfitters', domain: 'fjord.example', __pages: 42 },
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
      values: { title: `${city} trip ${i + 1}`, city, nights: 1 + Math.floor(r() * 10), guided: r() < 0.5, startsAt: epoch + (30 + i) * day, location: { latitude: lat, longitude: lng } },
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

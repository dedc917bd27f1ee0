// The seed the client's calls fixture names its ids from (packages/client/src/__fixtures__/calls.ts).
import { demoSeed } from '../../packages/emulator/dist/seed/demo.js';
import type { SeedData } from '../../packages/emulator/dist/seed/load.js';

/** The demo organization plus one object of each collection under the ids the calls name (s1, d1, r1, ...). */
export function seedForCalls(): SeedData {
  const demo = demoSeed();
  const first = (name: keyof SeedData, changes: Record<string, unknown>): Record<string, unknown>[] => [
    ...demo[name]!,
    { ...demo[name]![0], ...changes },
  ];
  return {
    ...demo,
    sites: first('sites', { id: 's1', subdomain: 'calls-shop', domain: null }),
    datasets: first('datasets', { id: 'd1', fields: ['city'], __model: undefined }),
    records: first('records', { id: 'r1', datasetId: 'd1' }),
    formSubmissions: first('formSubmissions', { id: 'fs1', siteId: 's1' }),
    contacts: first('contacts', { id: 'c1', email: 'calls@example.com' }),
    companies: first('companies', { id: 'co1', domain: 'calls.example' }),
    pipelines: first('pipelines', { id: 'p1' }),
    deals: first('deals', { id: 'de1', contactId: 'c1' }),
    tasks: first('tasks', { id: 't1' }),
    activities: first('activities', { id: 'a1', contactId: 'c1' }),
    emailTemplates: first('emailTemplates', { id: 'e1' }),
    leads: first('leads', { id: 'l1', siteId: 's1' }),
    orders: first('orders', { id: 'o1', siteId: 's1', status: 'paid' }),
    products: first('products', { id: 'p1', siteId: 's1' }),
  };
}

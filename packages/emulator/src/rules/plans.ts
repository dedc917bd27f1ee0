// Plans as data (000 §7-§8, 001 §1): what each one opens, includes and refuses.
// Band sizes past the self-serve plans are "not shown"; the numbers here are the kit's.

export interface Plan {
  name: string;
  /** False: every endpoint answers 403 plan_required with no code. */
  api: boolean;
  crm: boolean;
  commerce: boolean;
  /** False: dataset create answers plan_required `data_store`. */
  dataStore: boolean;
  /** Document uploads (PDF, Office, text...); images need nothing. */
  documents: boolean;
  /** Included requests a month (a meter, not a wall). */
  includedRequests: number;
  /** Null: no band. */
  datasets: number | null;
  recordsPerDataset: number | null;
  sites: number | null;
  /** Contacts, companies and deals together. */
  crmRecords: number | null;
  /** True: a create past `crmRecords` is refused (Free); false: the excess is metered. */
  crmHardBand: boolean;
  storageBytes: number | null;
}

const GB = 1024 ** 3;

const business: Plan = {
  name: 'business',
  api: true,
  crm: true,
  commerce: true,
  dataStore: true,
  documents: true,
  includedRequests: 100_000,
  datasets: 20,
  recordsPerDataset: 100_000,
  sites: 10,
  crmRecords: 50_000,
  crmHardBand: false,
  storageBytes: 10 * GB,
};

/** The presets `createKey({ plan })` and the admin surface accept by name. */
export const plans: Record<string, Plan> = {
  business,
  advanced: {
    ...business,
    name: 'advanced',
    includedRequests: 1_000_000,
    datasets: 100,
    sites: 50,
    storageBytes: 100 * GB,
  },
  enterprise: {
    ...business,
    name: 'enterprise',
    includedRequests: 10_000_000,
    datasets: null,
    sites: null,
    storageBytes: null,
    recordsPerDataset: null,
  },
  'no-api': { ...business, name: 'no-api', api: false },
  'no-commerce': { ...business, name: 'no-commerce', commerce: false },
  'no-crm': { ...business, name: 'no-crm', crm: false },
  'no-data-store': { ...business, name: 'no-data-store', dataStore: false, datasets: 0 },
  'no-documents': { ...business, name: 'no-documents', documents: false },
  // Every band one step from full: the next dataset, record, site, CRM record or byte is refused.
  'nearly-full': {
    ...business,
    name: 'nearly-full',
    datasets: 1,
    recordsPerDataset: 1,
    sites: 1,
    crmRecords: 1,
    crmHardBand: true,
    storageBytes: 1024,
  },
};

export type PlanInput = string | (Partial<Plan> & { base?: string });

/** A preset by name, or a preset (`base`, default business) with members overridden. */
export function resolvePlan(input: PlanInput | undefined): Plan {
  if (input === undefined) return business;
  if (typeof input === 'string') {
    const preset = plans[input];
    if (!preset)
      throw new TypeError(
        `Unknown plan ${JSON.stringify(input)}: expected one of ${Object.keys(plans).join(', ')}, or an object of overrides`,
      );
    return preset;
  }
  const { base, ...overrides } = input;
  return { ...resolvePlan(base ?? 'business'), ...overrides };
}

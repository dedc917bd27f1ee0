// Seed files: `{ "<collection>": [ <objects in their wire shape> ] }`. Objects under a
// site or dataset name it (`siteId`, `datasetId`); a missing `id` is assigned from the
// organization's sequence, so the same file always gives the same ids.
import { iso } from '../context.js';
import type { Sql } from '../engine/engine.js';
import { recountRecordBands } from '../store/counters.js';
import { newId, newRecordId } from '../store/ids.js';
import { insert } from '../store/objects.js';

interface Collection {
  kind: string;
  prefix: string;
  /** The member naming the parent (site or dataset); null for organization-wide. */
  parent: 'siteId' | 'datasetId' | null;
  /** Keep the parent member in the stored body (leads and CRM rows carry `siteId`). */
  keepParent?: boolean;
  /** The sort key of lists not ordered by id (leads: `lastSeen`). */
  sortBy?: string;
}

export const collections: Record<string, Collection> = {
  sites: { kind: 'site', prefix: 'site', parent: null },
  datasets: { kind: 'dataset', prefix: 'ds', parent: null },
  records: { kind: 'record', prefix: '', parent: 'datasetId' },
  formSubmissions: { kind: 'form_submission', prefix: 'fs', parent: 'siteId' },
  media: { kind: 'media', prefix: 'med', parent: null },
  siteMedia: { kind: 'media', prefix: 'med', parent: 'siteId' },
  contacts: { kind: 'contact', prefix: 'ct', parent: null },
  companies: { kind: 'company', prefix: 'co', parent: null },
  pipelines: { kind: 'pipeline', prefix: 'pl', parent: null },
  deals: { kind: 'deal', prefix: 'dl', parent: null },
  tasks: { kind: 'task', prefix: 'tk', parent: null },
  activities: { kind: 'activity', prefix: 'ac', parent: null },
  emailTemplates: { kind: 'email_template', prefix: 'et', parent: null },
  leads: { kind: 'lead', prefix: 'ld', parent: 'siteId', keepParent: true, sortBy: 'lastSeen' },
  orders: { kind: 'order', prefix: 'ord', parent: 'siteId' },
  products: { kind: 'product', prefix: 'prod', parent: 'siteId' },
};

/** Moves the kind's sequence past an id the seed names, so later creates never collide with it. */
async function advancePast(sql: Sql, org: string, kind: string, id: string): Promise<void> {
  const n = parseInt(id.slice(id.lastIndexOf('_') + 1), 36);
  if (!Number.isSafeInteger(n)) return;
  await sql.query(
    'insert into counters (name, value) values ($1, $2) on conflict (name) do update set value = greatest(counters.value, excluded.value)',
    [`${org}:${kind}`, n],
  );
}

export type SeedData = Partial<Record<keyof typeof collections, Record<string, unknown>[]>>;

/** Writes every object of `data` into `org`, in collection order; answers how many. */
export async function loadSeed(sql: Sql, org: string, data: SeedData, now: number): Promise<number> {
  let n = 0;
  for (const [name, spec] of Object.entries(collections)) {
    for (const input of data[name] ?? []) {
      const object = { ...input };
      const parent = spec.parent ? String(object[spec.parent] ?? '') : '';
      if (spec.parent && parent === '') throw new TypeError(`seed: every entry of ${name} needs ${spec.parent}`);
      if (spec.parent && !spec.keepParent) delete object[spec.parent];
      const id =
        typeof object.id === 'string'
          ? object.id
          : spec.kind === 'record'
            ? await newRecordId(sql, org)
            : await newId(sql, org, spec.kind, spec.prefix);
      if (typeof object.id === 'string') await advancePast(sql, org, spec.kind === 'record' ? 'record' : spec.kind, id);
      const created = typeof object.created === 'string' ? Date.parse(object.created) : now;
      const updated = typeof object.updated === 'string' ? Date.parse(object.updated) : created;
      const body: Record<string, unknown> = {
        object: spec.kind,
        ...object,
        id,
        ...('created' in object || spec.kind === 'site' ? {} : { created: iso(created) }),
      };
      const deleted = object.__deleted === true;
      delete body.__deleted;
      const sortAt =
        spec.sortBy && typeof object[spec.sortBy] === 'string' ? Date.parse(object[spec.sortBy] as string) : 0;
      await insert(sql, { org, kind: spec.kind, parent }, id, body, created, sortAt);
      if (updated !== created || deleted)
        await sql.query(
          'update objects set updated = $5, deleted = $6 where org = $1 and kind = $2 and parent = $3 and id = $4',
          [org, spec.kind, parent, id, updated, deleted],
        );
      n++;
    }
  }
  if ((data.records ?? []).length > 0) await sql.query(recountRecordBands);
  return n;
}

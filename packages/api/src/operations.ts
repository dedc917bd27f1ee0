// Every operation of documents 000, 001 and 002, once: method, path, scope, plan
// gate, idempotency and the document section that states it. The client's tests,
// the emulator's routes and the OpenAPI document are all held to this table.
import type { Scope } from './types/service.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** What a keyed operation's Idempotency-Key is bound to besides the operation (000 §4). */
export type IdempotencyScope = 'organization' | 'dataset' | 'site';

/** A plan feature the operation needs beyond API access (000 §7 plan_required codes). */
export type PlanGate = 'crm' | 'commerce';

/** How a request proves who sends it: a bearer key, nothing, or an inbound hook's secret. */
export type Auth = 'key' | 'none' | 'hook_secret';

export interface Operation {
  /** `resource.method`, the client's own name for it: `contacts.create`. */
  id: string;
  method: HttpMethod;
  /** Below the origin, with `{param}` segments: `/v1/contacts/{contactId}`. */
  path: string;
  auth: Auth;
  /** The scope a key needs; null where any valid key will do. */
  scope: Scope | null;
  plan: PlanGate | null;
  /** Accepts an Idempotency-Key, bound to this scope; null when it takes none. */
  keyed: IdempotencyScope | null;
  /** The status of a fresh success (201 for keyed creates; 200 otherwise). */
  status: 200 | 201 | 202;
  /** Answers the List envelope. */
  list: boolean;
  /** The document and section that state it. */
  doc: string;
}

type Row = [
  id: string,
  method: HttpMethod,
  path: string,
  scope: Scope | null,
  options?: Partial<Pick<Operation, 'auth' | 'plan' | 'keyed' | 'status' | 'list' | 'doc'>>,
];

const org = 'organization' as const;
const created = (keyed: IdempotencyScope) => ({ keyed, status: 201 as const });

// CRM resources share one shape: crm:read / crm:write, the CRM plan, organization-scoped keys.
const crm = (
  resource: string,
  path: string,
  idParam: string,
  ops: ('list' | 'retrieve' | 'create' | 'update' | 'delete')[],
): Row[] => {
  const one = `${path}/{${idParam}}`;
  const doc = `001 §4 ${resource}`;
  const rows: Record<string, Row> = {
    list: [`${resource}.list`, 'GET', path, 'crm:read', { plan: 'crm', list: true, doc }],
    retrieve: [`${resource}.retrieve`, 'GET', one, 'crm:read', { plan: 'crm', doc }],
    create: [`${resource}.create`, 'POST', path, 'crm:write', { plan: 'crm', ...created(org), doc }],
    update: [`${resource}.update`, 'PATCH', one, 'crm:write', { plan: 'crm', doc }],
    delete: [`${resource}.delete`, 'DELETE', one, 'crm:write', { plan: 'crm', keyed: org, doc }],
  };
  return ops.map((op) => rows[op]!);
};
const all = ['list', 'retrieve', 'create', 'update', 'delete'] as const;

const rows: Row[] = [
  ['api.retrieve', 'GET', '/v1', null, { doc: '000 §1 Service endpoints' }],
  ['me.retrieve', 'GET', '/v1/me', null, { doc: '000 §1 Service endpoints' }],
  ['usage.retrieve', 'GET', '/v1/usage', null, { doc: '000 §1 Service endpoints' }],
  ['openapi.retrieve', 'GET', '/v1/openapi.json', null, { auth: 'none', doc: '000 §1, §9' }],
  ['marketplace.listingVersions', 'GET', '/api/marketplace/listing-versions', null, { auth: 'none', doc: '002 §4' }],
  [
    'webhooks.inbound',
    'POST',
    '/api/hooks/{hostId}/{hookId}',
    null,
    { auth: 'hook_secret', doc: '000 §4 Inbound webhook endpoint' },
  ],

  ['datasets.list', 'GET', '/v1/datasets', 'datasets:read', { list: true, doc: '000 §4 Datasets' }],
  ['datasets.retrieve', 'GET', '/v1/datasets/{datasetId}', 'datasets:read', { doc: '000 §4 Datasets' }],
  ['datasets.create', 'POST', '/v1/datasets', 'datasets:write', { ...created(org), doc: '000 §4 Datasets' }],
  ['datasets.update', 'PATCH', '/v1/datasets/{datasetId}', 'datasets:write', { doc: '000 §4 Datasets' }],
  [
    'datasets.delete',
    'DELETE',
    '/v1/datasets/{datasetId}',
    'datasets:write',
    { keyed: 'dataset', doc: '000 §4 Datasets' },
  ],

  ['records.list', 'GET', '/v1/datasets/{datasetId}/records', 'datasets:read', { list: true, doc: '000 §4 Records' }],
  [
    'records.retrieve',
    'GET',
    '/v1/datasets/{datasetId}/records/{recordId}',
    'datasets:read',
    { doc: '000 §4 Records' },
  ],
  [
    'records.create',
    'POST',
    '/v1/datasets/{datasetId}/records',
    'datasets:write',
    { ...created('dataset'), doc: '000 §4 Records' },
  ],
  [
    'records.update',
    'PATCH',
    '/v1/datasets/{datasetId}/records/{recordId}',
    'datasets:write',
    { doc: '000 §4 Records' },
  ],
  [
    'records.delete',
    'DELETE',
    '/v1/datasets/{datasetId}/records/{recordId}',
    'datasets:write',
    { keyed: 'dataset', doc: '000 §4 Records' },
  ],

  ['sites.list', 'GET', '/v1/sites', 'sites:read', { list: true, doc: '000 §4 Sites' }],
  ['sites.retrieve', 'GET', '/v1/sites/{siteId}', 'sites:read', { doc: '000 §4 Sites' }],
  ['sites.create', 'POST', '/v1/sites', 'sites:write', { ...created(org), doc: '000 §4 Sites' }],
  ['sites.publish', 'POST', '/v1/sites/{siteId}/publish', 'sites:publish', { doc: '000 §4 Sites' }],

  [
    'formSubmissions.list',
    'GET',
    '/v1/sites/{siteId}/form-submissions',
    'forms:read',
    { list: true, doc: '000 §4 Form submissions' },
  ],
  [
    'formSubmissions.retrieve',
    'GET',
    '/v1/sites/{siteId}/form-submissions/{submissionId}',
    'forms:read',
    { doc: '000 §4 Form submissions' },
  ],
  [
    'formSubmissions.update',
    'PATCH',
    '/v1/sites/{siteId}/form-submissions/{submissionId}',
    'forms:write',
    { doc: '000 §4 Form submissions' },
  ],
  [
    'formSubmissions.delete',
    'DELETE',
    '/v1/sites/{siteId}/form-submissions/{submissionId}',
    'forms:write',
    { keyed: 'site', doc: '000 §4 Form submissions' },
  ],

  ['media.list', 'GET', '/v1/media', 'media:read', { list: true, doc: '000 §4 Media' }],
  ['media.listSite', 'GET', '/v1/sites/{siteId}/media', 'media:read', { list: true, doc: '000 §4 Media' }],
  ['media.retrieve', 'GET', '/v1/media/{mediaId}', 'media:read', { doc: '000 §4 Media' }],
  ['media.upload', 'POST', '/v1/media', 'media:write', { ...created(org), doc: '000 §4 Media' }],
  ['media.uploadSite', 'POST', '/v1/sites/{siteId}/media', 'media:write', { ...created('site'), doc: '000 §4 Media' }],

  ['contacts.list', 'GET', '/v1/contacts', 'contacts:read', { list: true, doc: '001 §4 Contacts' }],
  ['contacts.retrieve', 'GET', '/v1/contacts/{contactId}', 'contacts:read', { doc: '001 §4 Contacts' }],
  ['contacts.create', 'POST', '/v1/contacts', 'contacts:write', { ...created(org), doc: '001 §4 Contacts' }],
  ['contacts.update', 'PATCH', '/v1/contacts/{contactId}', 'contacts:write', { doc: '001 §4 Contacts' }],
  ['contacts.delete', 'DELETE', '/v1/contacts/{contactId}', 'contacts:write', { keyed: org, doc: '001 §4 Contacts' }],

  ...crm('companies', '/v1/companies', 'companyId', [...all]),
  ...crm('pipelines', '/v1/pipelines', 'pipelineId', ['list', 'retrieve']),
  ...crm('deals', '/v1/deals', 'dealId', [...all]),
  ...crm('tasks', '/v1/tasks', 'taskId', [...all]),
  ...crm('activities', '/v1/activities', 'activityId', ['list', 'retrieve', 'create', 'delete']),
  ...crm('emailTemplates', '/v1/email-templates', 'templateId', [...all]),

  ['leads.list', 'GET', '/v1/leads', 'crm:read', { plan: 'crm', list: true, doc: '001 §4 Leads' }],
  ['leads.retrieve', 'GET', '/v1/leads/{leadId}', 'crm:read', { plan: 'crm', doc: '001 §4 Leads' }],
  ['leads.update', 'PATCH', '/v1/leads/{leadId}', 'crm:write', { plan: 'crm', doc: '001 §4 Leads' }],
  [
    'leads.convert',
    'POST',
    '/v1/leads/{leadId}/convert',
    'crm:write',
    { plan: 'crm', ...created('site'), doc: '001 §4 Leads' },
  ],

  ['orders.list', 'GET', '/v1/sites/{siteId}/orders', 'orders:read', { plan: 'commerce', list: true, doc: '002 §4' }],
  ['orders.retrieve', 'GET', '/v1/sites/{siteId}/orders/{orderId}', 'orders:read', { plan: 'commerce', doc: '002 §4' }],
  [
    'orders.update',
    'PATCH',
    '/v1/sites/{siteId}/orders/{orderId}',
    'orders:write',
    { plan: 'commerce', doc: '002 §3, §4' },
  ],
  [
    'products.list',
    'GET',
    '/v1/sites/{siteId}/products',
    'products:read',
    { plan: 'commerce', list: true, doc: '002 §4' },
  ],
  [
    'products.retrieve',
    'GET',
    '/v1/sites/{siteId}/products/{productId}',
    'products:read',
    { plan: 'commerce', doc: '002 §4' },
  ],
];

/** The 69 operations, in document order. */
export const operations: readonly Operation[] = rows.map(([id, method, path, scope, o = {}]) => ({
  id,
  method,
  path,
  auth: o.auth ?? 'key',
  scope,
  plan: o.plan ?? null,
  keyed: o.keyed ?? null,
  status: o.status ?? 200,
  list: o.list ?? false,
  doc: o.doc ?? '',
}));

/** An operation by id; throws for an id the table does not hold (a bug, not a user error). */
export function operation(id: string): Operation {
  const found = operations.find((o) => o.id === id);
  if (!found) throw new Error(`@extkit/api: no operation ${JSON.stringify(id)}`);
  return found;
}

/** The methods each path template answers, for a 405's `Allow` header: `{'/v1/activities/{activityId}': ['GET', 'DELETE']}`. */
export const allowedMethods: Readonly<Record<string, readonly HttpMethod[]>> = operations.reduce<
  Record<string, HttpMethod[]>
>((acc, o) => {
  (acc[o.path] ??= []).push(o.method);
  return acc;
}, {});

/** The operation whose template matches `method` and `pathname`, with its path parameters (decoded), or why none does. */
export function matchOperation(
  method: string,
  pathname: string,
): { operation: Operation; params: Record<string, string> } | { operation: null; allow: readonly HttpMethod[] | null } {
  for (const [template, methods] of Object.entries(allowedMethods)) {
    const params = matchPath(template, pathname);
    if (!params) continue;
    const op = operations.find((o) => o.path === template && o.method === method);
    if (op) return { operation: op, params };
    return { operation: null, allow: methods };
  }
  return { operation: null, allow: null };
}

/** `{contactId: 'c_1'}` when `pathname` fits `template`, else null. A segment never spans a `/`. */
export function matchPath(template: string, pathname: string): Record<string, string> | null {
  const want = template.split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const g = got[i]!;
    if (w.startsWith('{')) {
      if (g === '') return null;
      let value: string;
      try {
        value = decodeURIComponent(g);
      } catch {
        return null;
      }
      params[w.slice(1, -1)] = value;
    } else if (w !== g) return null;
  }
  return params;
}

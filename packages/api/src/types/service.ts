// The service endpoints: GET /v1, /v1/me, /v1/usage, /v1/openapi.json (document 1, section 1).

/** `GET /v1`: what the API is and its top-level resources. */
export interface ApiInfo {
  object: 'api';
  name: string;
  version: 'v1';
  documentation: string;
  /** Top-level resources only; form submissions, orders and products live under a site. */
  resources: string[];
}

/** `GET /v1/me`: the calling key. */
export interface ApiKeyInfo {
  object: 'api_key';
  org: string;
  scopes: Scope[];
}

/** Scopes named by the documents; other scope strings come through as `string`. */
export type Scope =
  | 'datasets:read'
  | 'datasets:write'
  | 'contacts:read'
  | 'contacts:write'
  | 'crm:read'
  | 'crm:write'
  | 'media:read'
  | 'media:write'
  | 'sites:read'
  | 'sites:write'
  | 'sites:publish'
  | 'forms:read'
  | 'forms:write'
  | 'orders:read'
  | 'orders:write'
  | 'products:read'
  | (string & {});

/** `GET /v1/usage`. Members beyond `month` and `apiRequests` are not documented and come through untyped. */
export interface Usage {
  object: 'usage';
  /** `YYYY-MM`, a calendar month in UTC. */
  month: string;
  apiRequests: { used: number; included: number; remaining: number; metered: boolean };
  [member: string]: unknown;
}

/** `GET /v1/openapi.json`: an OpenAPI 3.1 document (JSON Schema 2020-12 schemas). */
export interface OpenApiDocument {
  openapi: string;
  [member: string]: unknown;
}

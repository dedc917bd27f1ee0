// The one SQL schema both engines run. Every resource is a row of `objects`
// (its wire body as jsonb); the rules that must hold across processes are
// constraints or single statements: unique subdomains, unique contact emails and
// company domains, counters bumped by one upsert.
import { marketplaceReviewSchema, marketplaceSchema } from '../marketplace/schema.js';
import { recountRecordBands } from '../store/counters.js';

export const schema = `
create table if not exists orgs (
  id text primary key,
  plan jsonb not null
);
create table if not exists api_keys (
  key text primary key,
  org text not null references orgs(id) on delete cascade,
  scopes jsonb not null
);
create table if not exists objects (
  org text not null,
  kind text not null,
  parent text not null default '',
  id text not null,
  body jsonb not null,
  created bigint not null,
  updated bigint not null,
  sort_at bigint not null default 0,
  deleted boolean not null default false,
  primary key (org, kind, parent, id)
);
create unique index if not exists objects_site_subdomain on objects ((body->>'subdomain')) where kind = 'site';
create unique index if not exists objects_contact_email on objects (org, (body->>'email')) where kind = 'contact';
create unique index if not exists objects_company_domain on objects (org, (body->>'domain')) where kind = 'company' and body->>'domain' is not null;
create index if not exists objects_updated on objects (org, kind, parent, updated, id);
create table if not exists counters (
  name text primary key,
  value bigint not null
);
create table if not exists windows (
  bucket text not null,
  start bigint not null,
  count integer not null,
  primary key (bucket, start)
);
create table if not exists idempotency (
  org text not null,
  op text not null,
  scope text not null,
  key text not null,
  state text not null,
  status integer,
  body text,
  at bigint not null,
  primary key (org, op, scope, key)
);
create table if not exists meta (
  name text primary key,
  value text not null
);
create table if not exists webhooks (
  org text primary key,
  url text not null,
  secret text
);
`;

/** The schema's versions, applied in order, each once per database (recorded in `schema_migrations`). */
export const migrations: { version: number; name: string; sql: string }[] = [
  { version: 1, name: 'objects, keys, counters, idempotency', sql: schema },
  { version: 2, name: 'marketplace', sql: marketplaceSchema },
  { version: 3, name: 'record bands counted', sql: recountRecordBands },
  { version: 4, name: 'marketplace: review of versions, install settings', sql: marketplaceReviewSchema },
];

/** Every table of the state, for reset (not `schema_migrations`, which describes the schema). */
export const tables = ['objects', 'counters', 'windows', 'idempotency', 'webhooks', 'meta', 'api_keys', 'orgs'];

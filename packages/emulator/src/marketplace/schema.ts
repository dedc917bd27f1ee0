// The marketplace's tables, on the emulator's one SQL store (both engines). The rules
// that must hold across processes are constraints: one row per (listing, version), so
// of two simultaneous publishes of one new version exactly one is stored; one listing
// per (publisher, package), so a renamed id is refused even when two race.
export const marketplaceSchema = `
create table if not exists mk_publishers (
  handle text primary key,
  key text unique not null,
  created bigint not null
);
create table if not exists mk_listings (
  id text primary key,
  publisher text not null references mk_publishers(handle) on delete cascade,
  manifest_id text not null,
  package text,
  state text not null,
  reason text,
  revoked boolean not null default false,
  revoked_reason text,
  created bigint not null,
  updated bigint not null
);
create unique index if not exists mk_listings_package on mk_listings (publisher, package) where package is not null;
create table if not exists mk_versions (
  listing text not null references mk_listings(id) on delete cascade,
  version text not null,
  integrity text not null,
  manifest jsonb not null,
  files jsonb not null,
  changelog text,
  signature jsonb,
  created bigint not null,
  primary key (listing, version)
);
create table if not exists mk_staff_keys (
  key_id text primary key,
  public_key text not null,
  created bigint not null
);
create table if not exists mk_installs (
  org text not null,
  site text not null default '',
  listing text not null references mk_listings(id) on delete cascade,
  version text not null,
  integrity text not null,
  created bigint not null,
  primary key (org, site, listing)
);
`;

/**
 * Review of versions (docs/marketplace.md, "Widening goes back to review"): each version's own
 * state (submitted, in_review, listed, rejected) and a rejection's reason; an install's settings.
 * Versions stored before keep the state they had in effect: live.
 */
export const marketplaceReviewSchema = `
alter table mk_versions add column if not exists state text not null default 'listed';
alter table mk_versions add column if not exists reason text;
alter table mk_installs add column if not exists config jsonb;
`;

/** The marketplace's tables, in an order `truncate` accepts together. */
export const marketplaceTables = ['mk_installs', 'mk_versions', 'mk_staff_keys', 'mk_listings', 'mk_publishers'];

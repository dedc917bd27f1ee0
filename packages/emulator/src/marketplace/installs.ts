// Installs (002, end): an organization (or one of its sites) pins a version and its hash;
// upgrading is an explicit new pin. Whether a pinned version loads is the loader
// policy's answer, asked with the pin, the host's ABI, the signature and the revocation.
import type { Sql } from '../engine/engine.js';
import { BROWSABLE } from './lifecycle.js';
import { findListing, versionOf, versionsOf } from './listings.js';
import { Refusal } from './refusals.js';
import { decideVersion, staffKeys, type ListingRow } from './trust.js';

export interface InstallRow {
  org: string;
  site: string;
  listing: string;
  version: string;
  integrity: string;
  created: string | number;
}

const text = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** Pins `version` (default: the newest) of a listed listing for `org` (and `site`, when given). */
export async function install(sql: Sql, org: string, body: Record<string, unknown>, now: number): Promise<InstallRow> {
  if (
    !text(body.listing) ||
    (body.version !== undefined && !text(body.version)) ||
    (body.site !== undefined && !text(body.site))
  ) {
    throw new Refusal(
      'install.invalid',
      'An install is { "listing": "<publisher>.<id>", "version"?: "<semver>", "site"?: "<site id>" }.',
    );
  }
  const listing = await findListing(sql, body.listing);
  if (!listing) throw new Refusal('marketplace.not_found', `No such listing: ${body.listing}.`);
  if (listing.revoked)
    throw new Refusal(
      'install.revoked',
      `${listing.id} is revoked${listing.revoked_reason ? ` (${listing.revoked_reason})` : ''}; it cannot be installed.`,
    );
  if (!(BROWSABLE as readonly string[]).includes(listing.state))
    throw new Refusal(
      'install.not_listed',
      `${listing.id} is ${listing.state}; only listed and verified (or legacy) listings can be installed.`,
    );
  const version =
    body.version !== undefined
      ? await versionOf(sql, listing.id, body.version)
      : (await versionsOf(sql, listing.id, { files: false }))[0]!;
  const site = body.site ?? '';
  const [row] = await sql.query<InstallRow>(
    `insert into mk_installs (org, site, listing, version, integrity, created) values ($1, $2, $3, $4, $5, $6)
     on conflict (org, site, listing) do update set version = excluded.version, integrity = excluded.integrity, created = excluded.created
     returning org, site, listing, version, integrity, created`,
    [org, site, listing.id, version.version, version.integrity, now],
  );
  return row!;
}

/** An install as the host reads it: the pin and the loader policy's decision for it. */
export async function describeInstall(sql: Sql, row: InstallRow, hostAbi: number): Promise<Record<string, unknown>> {
  const listing = (await findListing(sql, row.listing)) as ListingRow;
  const version = await versionOf(sql, row.listing, row.version);
  const load = decideVersion(listing, version, await staffKeys(sql), { pinnedIntegrity: row.integrity, hostAbi });
  return {
    object: 'install',
    listing: row.listing,
    site: row.site || null,
    version: row.version,
    integrity: row.integrity,
    date: new Date(Number(row.created)).toISOString(),
    hostAbi,
    load,
  };
}

export async function installsOf(
  sql: Sql,
  org: string,
  filter: { listing?: string | null; site?: string | null } = {},
): Promise<InstallRow[]> {
  const rows = await sql.query<InstallRow>(
    'select org, site, listing, version, integrity, created from mk_installs where org = $1 order by listing, site',
    [org],
  );
  return rows.filter(
    (r) => (!filter.listing || r.listing === filter.listing) && (filter.site == null || r.site === filter.site),
  );
}

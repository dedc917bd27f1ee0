// Installs (002, end): an organization (or one of its sites) pins a version and its hash;
// upgrading is an explicit new pin. Whether a pinned version loads is the loader
// policy's answer, asked with the pin, the host's ABI, the signature and the revocation.
import { checkSettings, type ConfigField } from '@extkit/manifest';
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
  /** The installation's settings, held to the pinned version's config fields. */
  config: Record<string, unknown> | null;
}

const text = (v: unknown): v is string => typeof v === 'string' && v !== '';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Pins `version` (default: the newest approved) of a listed listing for `org` (and `site`, when given), with its settings. */
export async function install(sql: Sql, org: string, body: Record<string, unknown>, now: number): Promise<InstallRow> {
  if (
    !text(body.listing) ||
    (body.version !== undefined && !text(body.version)) ||
    (body.site !== undefined && !text(body.site)) ||
    (body.config !== undefined && !isRecord(body.config))
  ) {
    throw new Refusal(
      'install.invalid',
      'An install is { "listing": "<publisher>.<id>", "version"?: "<semver>", "site"?: "<site id>", "config"?: { "<field key>": <value> } }.',
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
  const live = (await versionsOf(sql, listing.id, { files: false })).filter((v) => v.state === 'listed');
  const version = body.version !== undefined ? await versionOf(sql, listing.id, body.version) : live[0];
  if (!version || version.state !== 'listed')
    throw new Refusal(
      'install.not_listed',
      `${listing.id}@${version?.version ?? '(none)'} is not an approved version${version ? ` (it is ${version.state})` : ''}; installs pin approved versions${live[0] ? `: the newest is ${live[0].version}` : ''}.`,
    );
  let config: Record<string, unknown> | null = null;
  if (isRecord(body.config)) {
    const fields = (version.manifest.config as { fields?: ConfigField[] } | undefined)?.fields ?? [];
    const checked = checkSettings(fields, body.config);
    if (checked.errors.length > 0)
      throw new Refusal(
        'install.config_invalid',
        `The settings do not fit ${listing.id}@${version.version}'s config fields (extkit validate's rules for defaults apply).`,
        checked.errors.map((e) => ({ code: e.code, message: e.message, path: e.path })),
      );
    config = checked.values;
  }
  const site = body.site ?? '';
  const [row] = await sql.query<InstallRow>(
    `insert into mk_installs (org, site, listing, version, integrity, created, config) values ($1, $2, $3, $4, $5, $6, $7::jsonb)
     on conflict (org, site, listing) do update set version = excluded.version, integrity = excluded.integrity, created = excluded.created,
       config = coalesce(excluded.config, mk_installs.config)
     returning org, site, listing, version, integrity, created, config`,
    [org, site, listing.id, version.version, version.integrity, now, config === null ? null : JSON.stringify(config)],
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
    config: row.config ?? {},
  };
}

export async function installsOf(
  sql: Sql,
  org: string,
  filter: { listing?: string | null; site?: string | null } = {},
): Promise<InstallRow[]> {
  const rows = await sql.query<InstallRow>(
    'select org, site, listing, version, integrity, created, config from mk_installs where org = $1 order by listing, site',
    [org],
  );
  return rows.filter(
    (r) => (!filter.listing || r.listing === filter.listing) && (filter.site == null || r.site === filter.site),
  );
}

/** Every install of every organization, for staff (the emulator's page): who pinned which version, where. */
export async function allInstalls(sql: Sql): Promise<Array<Record<string, unknown>>> {
  const rows = await sql.query<InstallRow>(
    'select org, site, listing, version, integrity, created, config from mk_installs order by listing, org, site',
  );
  return rows.map((r) => ({
    object: 'install',
    org: r.org,
    site: r.site || null,
    listing: r.listing,
    version: r.version,
    date: new Date(Number(r.created)).toISOString(),
  }));
}

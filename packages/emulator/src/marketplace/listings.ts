// Reading listings and their versions, and who may see what: browse shows listed,
// verified and legacy listings that are not revoked; the owner and staff see the rest.
import semver from 'semver';
import type { Sql } from '../engine/engine.js';
import { BROWSABLE, nextStep, type ListingState } from './lifecycle.js';
import { Refusal } from './refusals.js';
import { buyerTrust, decideVersion, staffKeys, type ListingRow, type VersionRow } from './trust.js';

/** Who asks: staff (the admin surface), a publisher (its key), or anyone. */
export interface Viewer {
  staff?: boolean;
  publisher?: string | null;
}

const iso = (ms: string | number): string => new Date(Number(ms)).toISOString();

export const browsable = (l: ListingRow): boolean => !l.revoked && (BROWSABLE as readonly string[]).includes(l.state);
/** True when `viewer` may see the listing. */
export const visible = (l: ListingRow, viewer: Viewer): boolean =>
  viewer.staff === true || (viewer.publisher != null && viewer.publisher === l.publisher) || browsable(l);

export async function findListing(sql: Sql, id: string): Promise<ListingRow | null> {
  const [row] = await sql.query<ListingRow>(
    'select id, publisher, manifest_id, state, reason, revoked, revoked_reason from mk_listings where id = $1',
    [id],
  );
  return row ?? null;
}

/** The listing if `viewer` may see it; otherwise the same 404 as an unknown one (its existence is not told). */
export async function listingFor(sql: Sql, id: string, viewer: Viewer): Promise<ListingRow> {
  const row = await findListing(sql, id);
  if (!row || !visible(row, viewer)) throw new Refusal('marketplace.not_found', `No such listing: ${id}.`);
  return row;
}

/** A listing's versions, newest first. */
export async function versionsOf(sql: Sql, listing: string, options: { files?: boolean } = {}): Promise<VersionRow[]> {
  // Without files, the loader weighs the integrity checked when the version was published.
  const files = options.files === false ? 'null as files' : 'files';
  const rows = await sql.query<VersionRow>(
    `select listing, version, integrity, manifest, ${files}, changelog, signature, created, state, reason from mk_versions where listing = $1`,
    [listing],
  );
  return rows.sort((a, b) => semver.rcompare(a.version, b.version));
}

export async function versionOf(sql: Sql, listing: string, version: string): Promise<VersionRow> {
  const [row] = await sql.query<VersionRow>(
    'select listing, version, integrity, manifest, files, changelog, signature, created, state, reason from mk_versions where listing = $1 and version = $2',
    [listing, version],
  );
  if (!row) throw new Refusal('marketplace.not_found', `No such version: ${listing}@${version}.`);
  return row;
}

/** True when `viewer` is the listing's owner or staff, who see every version and its review. */
export const insiderOf = (listing: ListingRow, viewer: Viewer): boolean =>
  viewer.staff === true || (viewer.publisher != null && viewer.publisher === listing.publisher);

/** What a reviewer judges of a version: its capabilities, where it loads and the settings it asks for. */
const reach = (m: VersionRow['manifest']) => {
  const config = m.config as { fields?: unknown } | undefined;
  return {
    capabilities: m.capabilities ?? null,
    contributes: m.contributes ?? null,
    config: { fields: config?.fields ?? [] },
  };
};

/**
 * A listing as the viewer may see it: state, reason, revocation and its versions with their
 * trust, review state and reach. Buyers see the live versions only; the owner and staff see all.
 */
export async function describeListing(sql: Sql, listing: ListingRow, viewer: Viewer): Promise<Record<string, unknown>> {
  const keys = await staffKeys(sql);
  const insider = insiderOf(listing, viewer);
  const versions = (await versionsOf(sql, listing.id, { files: false })).filter((v) => insider || v.state === 'listed');
  return {
    object: 'listing',
    id: listing.id,
    publisher: listing.publisher,
    manifestId: listing.manifest_id,
    state: listing.state,
    verified: listing.state === 'verified',
    ...(insider ? { reason: listing.reason, next: nextStep(listing.state as ListingState) } : {}),
    revoked: listing.revoked ? { reason: listing.revoked_reason } : null,
    versions: versions.map((v) => {
      const decision = decideVersion(listing, v, keys);
      return {
        version: v.version,
        integrity: v.integrity,
        hostAbi: v.manifest.hostAbi,
        changelog: v.changelog,
        date: iso(v.created),
        state: v.state,
        ...(insider && v.state === 'rejected' ? { reason: v.reason ?? null } : {}),
        trust: buyerTrust(decision, v),
        load: decision,
        ...reach(v.manifest),
      };
    }),
  };
}

/** Browse: listings the viewer may see, in id order. */
export async function browse(sql: Sql, viewer: Viewer): Promise<Array<Record<string, unknown>>> {
  const rows = await sql.query<ListingRow>(
    'select id, publisher, manifest_id, state, reason, revoked, revoked_reason from mk_listings order by id',
  );
  const out = [];
  for (const row of rows.filter((r) => visible(r, viewer))) out.push(await describeListing(sql, row, viewer));
  return out;
}

/**
 * `GET /api/marketplace/listing-versions`: the buyer-safe subset (version, changelog, trust,
 * hostAbi, date) of browsable listings' versions; with `listing`, that listing's only.
 */
export async function listingVersions(
  sql: Sql,
  listing: string | null,
): Promise<Array<Record<string, unknown>> | null> {
  const rows =
    listing === null
      ? await sql.query<ListingRow>(
          'select id, publisher, manifest_id, state, reason, revoked, revoked_reason from mk_listings order by id',
        )
      : [await findListing(sql, listing)];
  if (listing !== null && !(rows[0] && browsable(rows[0]))) return null;
  const keys = await staffKeys(sql);
  const out: Array<Record<string, unknown>> = [];
  for (const row of (rows as ListingRow[]).filter(browsable)) {
    for (const v of await versionsOf(sql, row.id, { files: false })) {
      // Buyers see the versions that are live: a version held for review is not yet theirs.
      if (v.state !== 'listed') continue;
      const trust = buyerTrust(decideVersion(row, v, keys), v);
      out.push({
        ...(listing === null ? { listing: row.id } : {}),
        version: v.version,
        changelog: v.changelog,
        trust,
        hostAbi: v.manifest.hostAbi,
        date: iso(v.created),
      });
    }
  }
  return out;
}

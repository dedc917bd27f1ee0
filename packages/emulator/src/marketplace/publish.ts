// Publishing a version: the upload is checked (checks.ts), then the store's rules run in
// one transaction on the listing's row: ownership, a renamed id, revocation, immutability
// and version order, and the insert they guard. The primary key (listing, version) is the
// last word: of two simultaneous publishes of one new version exactly one is stored, and
// the other answers it (same bytes) or is refused (other bytes).
import semver from 'semver';
import type { Engine, Sql } from '../engine/engine.js';
import { checkUpload } from './checks.js';
import { Refusal } from './refusals.js';
import { parseUpload, withUploadFolder } from './upload.js';
import type { ListingState } from './lifecycle.js';

export interface PublishAnswer {
  object: 'listing_version';
  listing: string;
  version: string;
  integrity: string;
  state: ListingState;
  /** False when these very bytes were already published: the existing version is answered. */
  created: boolean;
  /** The reviewer's reason, when the listing was rejected. */
  reason: string | null;
}

const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '23505';

/** Publishes the uploaded artifact (`body`) for the publisher `handle`. Throws a Refusal. */
export async function publishVersion(
  engine: Engine,
  handle: string,
  body: unknown,
  now: number,
): Promise<PublishAnswer> {
  const { files, changelog } = parseUpload(body);
  const { record, manifest } = await withUploadFolder(files, (dir) => checkUpload(dir, handle));
  const listing = `${handle}.${manifest.id}`;
  const stored = Object.fromEntries([...files].map(([path, bytes]) => [path, bytes.toString('base64')]));
  const attempt = (): Promise<PublishAnswer> =>
    engine.transaction(async (sql) => {
      await claimListing(sql, listing, handle, manifest.id, record.source.package, now);
      const [row] = await sql.query<{
        state: ListingState;
        reason: string | null;
        revoked: boolean;
        revoked_reason: string | null;
      }>('select state, reason, revoked, revoked_reason from mk_listings where id = $1 for update', [listing]);
      if (row!.revoked)
        throw new Refusal(
          'publish.listing_revoked',
          `The listing ${listing} is revoked${row!.revoked_reason ? ` (${row!.revoked_reason})` : ''}; nothing more publishes to it.`,
        );
      const versions = await sql.query<{ version: string; integrity: string }>(
        'select version, integrity from mk_versions where listing = $1',
        [listing],
      );
      const same = versions.find((v) => v.version === record.version);
      if (same) {
        if (same.integrity !== record.integrity) {
          throw new Refusal(
            'publish.version_exists',
            `${listing}@${record.version} is already published with integrity ${same.integrity}; this upload's is ${record.integrity}. A published version never changes: bump "version" in manifest.json and build again.`,
          );
        }
        return answer(listing, record.version, record.integrity, row!, false);
      }
      const highest = versions.map((v) => v.version).sort(semver.rcompare)[0];
      if (highest !== undefined && !semver.gt(record.version, highest)) {
        throw new Refusal(
          'publish.version_not_greater',
          `${record.version} is not greater than ${highest}, the highest version of ${listing} published; every publish is a new, greater version.`,
        );
      }
      await sql.query(
        'insert into mk_versions (listing, version, integrity, manifest, files, changelog, created) values ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7)',
        [listing, record.version, record.integrity, JSON.stringify(manifest), JSON.stringify(stored), changelog, now],
      );
      // A rejected listing goes back to review with its next version.
      const state: ListingState = row!.state === 'rejected' ? 'submitted' : row!.state;
      await sql.query(
        'update mk_listings set state = $2, reason = case when $2 = state then reason else null end, updated = $3 where id = $1',
        [listing, state, now],
      );
      return answer(
        listing,
        record.version,
        record.integrity,
        { state, reason: state === row!.state ? row!.reason : null },
        true,
      );
    });
  try {
    return await attempt();
  } catch (error) {
    // Lost a race to the same new version (or to the same renamed package): the winner is
    // committed now, so a second pass answers it or refuses with the rule's own code.
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}

function answer(
  listing: string,
  version: string,
  integrity: string,
  row: { state: ListingState; reason: string | null },
  created: boolean,
): PublishAnswer {
  return {
    object: 'listing_version',
    listing,
    version,
    integrity,
    state: row.state,
    created,
    reason: row.state === 'rejected' ? row.reason : null,
  };
}

/** Creates the listing on its first publish; refuses a package already listed under another id. */
async function claimListing(
  sql: Sql,
  listing: string,
  handle: string,
  manifestId: string,
  pkg: string | null,
  now: number,
): Promise<void> {
  if (pkg !== null) {
    const [other] = await sql.query<{ id: string }>(
      'select id from mk_listings where publisher = $1 and package = $2 and id <> $3',
      [handle, pkg, listing],
    );
    if (other) {
      throw new Refusal(
        'publish.listing_id_changed',
        `The package ${pkg} is published as ${other.id}; this upload names it "${manifestId}". A listing's id is never renamed: set "id" back in manifest.json, or publish a new extension under a new package name.`,
      );
    }
  }
  await sql.query(
    "insert into mk_listings (id, publisher, manifest_id, package, state, created, updated) values ($1, $2, $3, $4, 'submitted', $5, $5) on conflict (id) do nothing",
    [listing, handle, manifestId, pkg, now],
  );
}

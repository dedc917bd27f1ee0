// Publishing a version: the upload is checked (checks.ts), then the store's rules run in one
// transaction on the listing's row (`planPublish`): ownership, a renamed id, revocation,
// immutability, version order and the review a new version needs; then the insert they guard.
// A dry run is the same upload checks and the same plan, in a transaction that writes nothing.
// The primary key (listing, version) is the last word: of two simultaneous publishes of one new
// version exactly one is stored, and the other answers it (same bytes) or is refused (other bytes).
import semver from 'semver';
import type { Engine, Sql } from '../engine/engine.js';
import type { ArtifactRecord } from '@extkit/bundler';
import type { Manifest } from '@extkit/manifest';
import { checkUpload } from './checks.js';
import { Refusal } from './refusals.js';
import { parseUpload, withUploadFolder } from './upload.js';
import type { ListingState } from './lifecycle.js';
import { lastApproved, reviewOf, stateForNew, type VersionReview, type VersionState } from './review.js';

export interface PublishAnswer {
  object: 'listing_version';
  listing: string;
  version: string;
  integrity: string;
  /** The listing's state. */
  state: ListingState;
  /** The version's own: `listed` is live; `submitted` waits for a reviewer (held, or with its listing). */
  versionState: VersionState;
  /** False when these very bytes were already published: the existing version is answered. */
  created: boolean;
  /** The reviewer's reason, when the listing (or this version) was rejected. */
  reason: string | null;
  /** True for a dry run: every check ran, and nothing was stored. */
  dryRun: boolean;
  /** What the version changes since the last approved version, and whether that holds it for review. */
  review: VersionReview & { held: boolean };
}

const isUniqueViolation = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '23505';

/** Thrown to roll a dry run's transaction back with its answer. */
class DryRun extends Error {
  constructor(readonly answer: PublishAnswer) {
    super('dry run');
  }
}

/** Publishes the uploaded artifact (`body`) for the publisher `handle`; with `"dryRun": true`, stores nothing. Throws a Refusal. */
export async function publishVersion(
  engine: Engine,
  handle: string,
  body: unknown,
  now: number,
): Promise<PublishAnswer> {
  const { files, changelog, dryRun } = parseUpload(body);
  const { record, manifest } = await withUploadFolder(files, (dir) => checkUpload(dir, handle));
  const stored = Object.fromEntries([...files].map(([path, bytes]) => [path, bytes.toString('base64')]));
  const attempt = (): Promise<PublishAnswer> =>
    engine.transaction(async (sql) => {
      const plan = await planPublish(sql, handle, record, manifest, now);
      if (dryRun) throw new DryRun({ ...plan.answer, dryRun: true });
      if (!plan.answer.created) return plan.answer;
      await sql.query(
        'insert into mk_versions (listing, version, integrity, manifest, files, changelog, created, state) values ($1, $2, $3, $4::jsonb, $5::jsonb, $6, $7, $8)',
        [
          plan.answer.listing,
          record.version,
          record.integrity,
          JSON.stringify(manifest),
          JSON.stringify(stored),
          changelog,
          now,
          plan.answer.versionState,
        ],
      );
      await sql.query(
        'update mk_listings set state = $2, reason = case when $2 = state then reason else null end, updated = $3 where id = $1',
        [plan.answer.listing, plan.answer.state, now],
      );
      return plan.answer;
    });
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof DryRun) return error.answer;
    // Lost a race to the same new version (or to the same renamed package): the winner is
    // committed now, so a second pass answers it or refuses with the rule's own code.
    if (isUniqueViolation(error)) return attempt();
    throw error;
  }
}

/**
 * Every rule of the store for a checked upload, in the caller's transaction: the listing is
 * created (a dry run rolls it back), locked, and the version held to revocation, immutability,
 * version order and review. Answers what publishing does; throws a Refusal.
 */
export async function planPublish(
  sql: Sql,
  handle: string,
  record: ArtifactRecord,
  manifest: Manifest,
  now: number,
): Promise<{ answer: PublishAnswer }> {
  const listing = `${handle}.${manifest.id}`;
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
  const versions = await sql.query<{ version: string; integrity: string; state: VersionState; reason: string | null }>(
    'select version, integrity, state, reason from mk_versions where listing = $1',
    [listing],
  );
  const base = { object: 'listing_version' as const, listing, version: record.version, integrity: record.integrity };
  const review = async (): Promise<VersionReview> =>
    reviewOf(await lastApproved(sql, listing, record.version), manifest);
  const same = versions.find((v) => v.version === record.version);
  if (same) {
    if (same.integrity !== record.integrity) {
      throw new Refusal(
        'publish.version_exists',
        `${listing}@${record.version} is already published with integrity ${same.integrity}; this upload's is ${record.integrity}. A published version never changes: bump "version" in manifest.json (to ${semver.inc(record.version, 'patch') ?? 'a greater version'} or above) and build again.`,
      );
    }
    const r = await review();
    return {
      answer: {
        ...base,
        state: row!.state,
        versionState: same.state,
        created: false,
        reason: same.state === 'rejected' ? same.reason : row!.state === 'rejected' ? row!.reason : null,
        dryRun: false,
        review: { ...r, held: same.state !== 'listed' },
      },
    };
  }
  const highest = versions.map((v) => v.version).sort(semver.rcompare)[0];
  if (highest !== undefined && !semver.gt(record.version, highest)) {
    throw new Refusal(
      'publish.version_not_greater',
      `${record.version} is not greater than ${highest}, the highest version of ${listing} published; every publish is a new, greater version (${semver.inc(highest, 'patch')} or above).`,
    );
  }
  // A rejected listing goes back to review with its next version.
  const state: ListingState = row!.state === 'rejected' ? 'submitted' : row!.state;
  const r = await review();
  const versionState = stateForNew(state, r);
  return {
    answer: {
      ...base,
      state,
      versionState,
      created: true,
      reason: null,
      dryRun: false,
      review: { ...r, held: versionState !== 'listed' },
    },
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

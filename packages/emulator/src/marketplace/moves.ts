// A staff move named by the CLI (`extkit marketplace review <listing> [<version>]`): on the
// listing (its first review, a rejection, the verified badge) or on one version of a listed
// listing (one held for review because it widens). Answers the version moved and what it changes.
import type { Sql } from '../engine/engine.js';
import { moveListing, transitions, type StaffAction } from './lifecycle.js';
import { findListing, versionOf, versionsOf } from './listings.js';
import { Refusal } from './refusals.js';
import { browsableState, heldVersion, lastApproved, moveVersion, reviewOf, type VersionReview } from './review.js';

export interface MoveAnswer {
  /** The version moved, or the newest version when the move was the listing's. */
  version: string | null;
  /** What that version changes since the last approved version before it (the reviewer's diff). */
  review: VersionReview | null;
}

/**
 * Moves a listing, or one of its versions: with no `version`, a listing-level move where the
 * lifecycle allows it, else (review, approve on a browsable listing) its newest held version.
 */
export async function staffMove(
  sql: Sql,
  id: string,
  action: StaffAction,
  version: string | null,
  reason: string | null,
  now: number,
): Promise<MoveAnswer> {
  const listing = await findListing(sql, id);
  if (!listing) throw new Refusal('marketplace.not_found', `No such listing: ${id}.`);
  let target = version;
  if (target === null) {
    const listingMove = (transitions[action].from as readonly string[]).includes(listing.state);
    const held = action === 'review' || action === 'approve' ? await heldVersion(sql, id, action) : null;
    if (listingMove || held === null || !browsableState(listing.state)) {
      await moveListing(sql, id, action, reason, now);
      const newest = (await versionsOf(sql, id, { files: false }))[0];
      return { version: newest?.version ?? null, review: newest ? await reviewFor(sql, id, newest) : null };
    }
    target = held;
  }
  if (action === 'verify')
    throw new Refusal(
      'marketplace.transition',
      `verify applies to a listing, not to one version: extkit marketplace verify ${id}`,
    );
  await moveVersion(sql, listing, target, action, reason);
  return { version: target, review: await reviewFor(sql, id, await versionOf(sql, id, target)) };
}

async function reviewFor(
  sql: Sql,
  id: string,
  v: { version: string; manifest: Record<string, unknown> },
): Promise<VersionReview> {
  return reviewOf(await lastApproved(sql, id, v.version), v.manifest);
}

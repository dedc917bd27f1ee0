// Review of versions (kit policy, docs/marketplace.md): 002 reviews a listing and says nothing
// about later versions. A version that widens what the extension reaches, by
// @extkit/manifest/diff's verdict against the last approved version, is held `submitted` on its
// own while buyers keep the last approved one; a version that only narrows or changes code goes
// live. Before the listing is first approved its versions are reviewed with it.
import { diffManifests, type ManifestChange } from '@extkit/manifest/diff';
import semver from 'semver';
import type { Sql } from '../engine/engine.js';
import { BROWSABLE } from './lifecycle.js';
import { Refusal } from './refusals.js';
import type { ListingRow, VersionRow } from './trust.js';

/** A version's own review state: `listed` is live (buyers see and install it). */
export type VersionState = 'submitted' | 'in_review' | 'listed' | 'rejected';

/** Staff moves on one version, mirroring the listing's. */
export const versionTransitions = {
  review: { from: ['submitted'], to: 'in_review' },
  approve: { from: ['in_review'], to: 'listed' },
  reject: { from: ['submitted', 'in_review'], to: 'rejected' },
} as const satisfies Record<string, { from: readonly VersionState[]; to: VersionState }>;

export type VersionAction = keyof typeof versionTransitions;

/** Versions that wait for a reviewer (held on their own, or with their listing). */
export const PENDING: readonly VersionState[] = ['submitted', 'in_review'];

export const browsableState = (state: string): boolean => (BROWSABLE as readonly string[]).includes(state);

/** What a version changes since the last approved version: the reviewer's and the publisher's view. */
export interface VersionReview {
  /** The last approved version it is judged against; null when none was approved yet. */
  since: string | null;
  widens: boolean;
  changes: ManifestChange[];
}

/** The newest live version below `below` (every live version when not given): the baseline a version is judged against. */
export async function lastApproved(sql: Sql, listing: string, below?: string): Promise<VersionRow | null> {
  const rows = await sql.query<VersionRow>(
    "select listing, version, integrity, manifest, null as files, changelog, signature, created, state from mk_versions where listing = $1 and state = 'listed'",
    [listing],
  );
  const live = rows.filter((r) => below === undefined || semver.lt(r.version, below));
  return live.sort((a, b) => semver.rcompare(a.version, b.version))[0] ?? null;
}

/**
 * The changes from `baseline` (null: nothing approved yet, so everything the manifest asks for
 * is new) to `manifest`, in @extkit/manifest/diff's words: the same codes and messages `extkit diff` prints.
 */
export function reviewOf(baseline: VersionRow | null, manifest: Record<string, unknown>): VersionReview {
  const older = baseline?.manifest ?? {
    id: manifest.id,
    name: manifest.name,
    entry: manifest.entry,
    hostAbi: manifest.hostAbi,
    contributes: {},
  };
  const diff = diffManifests({ manifest: older }, { manifest });
  return { since: baseline?.version ?? null, widens: diff.widens, changes: diff.changes };
}

/**
 * The state a new version is stored in: live when its listing is browsable and it widens nothing
 * since the last approved version; else held (`submitted`), on its own or with its listing.
 */
export function stateForNew(listingState: string, review: VersionReview): VersionState {
  return browsableState(listingState) && !review.widens ? 'listed' : 'submitted';
}

/** The version `action` applies to when staff name none: the newest held version in a state it moves from. */
export async function heldVersion(sql: Sql, listing: string, action: VersionAction): Promise<string | null> {
  const rows = await sql.query<{ version: string; state: VersionState }>(
    'select version, state from mk_versions where listing = $1',
    [listing],
  );
  const from = versionTransitions[action].from as readonly string[];
  return (
    rows.filter((r) => from.includes(r.state)).sort((a, b) => semver.rcompare(a.version, b.version))[0]?.version ?? null
  );
}

/** Moves one version of a browsable listing by a staff action; refuses a move the table does not allow. */
export async function moveVersion(
  sql: Sql,
  listing: ListingRow,
  version: string,
  action: VersionAction,
  reason: string | null,
): Promise<VersionState> {
  const t = versionTransitions[action];
  if (action === 'reject' && !reason?.trim())
    throw new Refusal(
      'marketplace.reason_required',
      'A rejection needs a reason: it is sent to the publisher (--reason "...").',
    );
  if (!browsableState(listing.state))
    throw new Refusal(
      'marketplace.transition',
      `${listing.id}@${version} is reviewed with its listing, which is ${listing.state}: extkit marketplace ${action} ${listing.id}`,
    );
  const [row] = await sql.query<{ state: VersionState }>(
    'select state from mk_versions where listing = $1 and version = $2 for update',
    [listing.id, version],
  );
  if (!row) throw new Refusal('marketplace.not_found', `No such version: ${listing.id}@${version}.`);
  if (!(t.from as readonly string[]).includes(row.state))
    throw new Refusal(
      'marketplace.transition',
      `Cannot ${action} ${listing.id}@${version}: it is ${row.state}, and ${action} applies to a version that is ${t.from.join(' or ')}.`,
    );
  await sql.query('update mk_versions set state = $3, reason = $4 where listing = $1 and version = $2', [
    listing.id,
    version,
    t.to,
    action === 'reject' ? reason!.trim() : null,
  ]);
  return t.to;
}

// The listing review lifecycle (002, end): publish, submitted, in_review, listed,
// verified; a reviewer may reject with a reason sent to the publisher. The moves are a
// table, read by one function; revocation is not a state (it beats every state).
import type { Sql } from '../engine/engine.js';
import { Refusal } from './refusals.js';

export type ListingState = 'submitted' | 'in_review' | 'listed' | 'verified' | 'rejected' | 'legacy';

/** Staff actions and the states each may start from. */
export const transitions = {
  review: { from: ['submitted'], to: 'in_review' },
  approve: { from: ['in_review'], to: 'listed' },
  verify: { from: ['listed'], to: 'verified' },
  reject: { from: ['submitted', 'in_review', 'listed'], to: 'rejected' },
} as const satisfies Record<string, { from: readonly ListingState[]; to: ListingState }>;

export type StaffAction = keyof typeof transitions;

/** States a buyer browses: listed and verified, and legacy listings (published before review existed). */
export const BROWSABLE: readonly ListingState[] = ['listed', 'verified', 'legacy'];

const NEXT: Record<ListingState, string> = {
  submitted: 'waiting for a reviewer: staff start the review (extkit marketplace review)',
  in_review: 'in review: staff approve it (extkit marketplace approve) or reject it with a reason',
  listed: 'listed: buyers see it in browse and can install it',
  verified: 'verified: listed with the verified badge',
  rejected: 'rejected: fix what the reason says and publish a new version to resubmit',
  legacy: 'legacy: listed from before review existed',
};

/** What happens next for a listing in `state`, for the publisher. */
export const nextStep = (state: ListingState): string => NEXT[state];

/** Moves a listing by a staff action; refuses a move the table does not allow. */
export async function moveListing(
  sql: Sql,
  id: string,
  action: StaffAction,
  reason: string | null,
  now: number,
): Promise<{ id: string; state: ListingState; reason: string | null }> {
  const t = transitions[action];
  if (action === 'reject' && !reason?.trim())
    throw new Refusal(
      'marketplace.reason_required',
      'A rejection needs a reason: it is sent to the publisher (--reason "...").',
    );
  const [row] = await sql.query<{ state: ListingState }>('select state from mk_listings where id = $1 for update', [
    id,
  ]);
  if (!row) throw new Refusal('marketplace.not_found', `No such listing: ${id}.`);
  if (!(t.from as readonly string[]).includes(row.state)) {
    throw new Refusal(
      'marketplace.transition',
      `Cannot ${action} ${id}: it is ${row.state}, and ${action} applies to a listing that is ${t.from.join(' or ')}.`,
    );
  }
  const kept = action === 'reject' ? reason!.trim() : null;
  await sql.query('update mk_listings set state = $2, reason = $3, updated = $4 where id = $1', [id, t.to, kept, now]);
  // The versions that waited with the listing go live with it, or are rejected with it.
  if (action === 'approve' || action === 'reject')
    await sql.query(
      "update mk_versions set state = $2, reason = $3 where listing = $1 and state in ('submitted', 'in_review')",
      [id, action === 'approve' ? 'listed' : 'rejected', kept],
    );
  return { id, state: t.to, reason: kept };
}

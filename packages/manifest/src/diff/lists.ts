// Lists compared as sets (props, events, placements, lineage): what one side has that the other does not.
import { join } from '../pointer.js';
import { type Changes, keyed, sameEntries, shown, side } from './collect.js';
import type { ChangeCode } from './codes.js';

export interface ListRule {
  /** The list's JSON Pointer (the same on both sides). */
  at: string;
  /** What one entry is, for messages: "the prop", "the console route". */
  noun: string;
  added: ChangeCode;
  removed: ChangeCode;
  /** Whether an added entry widens, and why (or why not). */
  onAdded: { widens: boolean; reason: string };
  onRemoved: { reason: string };
}

/** Reports each entry only one side lists (repeats count once), in the newer list's order then the older's. */
export function diffList(changes: Changes, rule: ListRule, older: unknown, newer: unknown): void {
  if (sameEntries(older, newer)) return;
  const a = keyed(older);
  const b = keyed(newer);
  for (const [key, index] of b) {
    if (a.has(key)) continue;
    const value = (newer as unknown[])[index];
    changes.add(
      rule.added,
      null,
      side(join(rule.at, index), value),
      rule.onAdded.widens,
      `adds ${rule.noun} ${shown(value)}`,
      rule.onAdded.reason,
    );
  }
  for (const [key, index] of a) {
    if (b.has(key)) continue;
    const value = (older as unknown[])[index];
    changes.add(
      rule.removed,
      side(join(rule.at, index), value),
      null,
      false,
      `removes ${rule.noun} ${shown(value)}`,
      rule.onRemoved.reason,
    );
  }
}

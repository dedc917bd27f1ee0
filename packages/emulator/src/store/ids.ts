// Ids: deterministic (a reset and the same seed give the same ids) and ordered by
// creation, so "ordered by id" lists read in the order things were made.
import type { Sql } from '../engine/engine.js';
import { nextNumber } from './counters.js';

const pad = (n: number, width: number): string => n.toString(36).padStart(width, '0');

/** `prefix_000001a`: a prefixed id from the organization's sequence for `kind`. */
export async function newId(sql: Sql, org: string, kind: string, prefix: string): Promise<string> {
  return `${prefix}_${pad(await nextNumber(sql, `${org}:${kind}`), 7)}`;
}

/** The sequence record ids are drawn from. */
export const recordSequence = (org: string): string => `${org}:record`;

/** A record id from its sequence's number: an opaque 10-character string with no prefix (000 §2 Record). */
export const recordId = (n: number): string => pad(n, 10);

/** A record id: an opaque 10-character string with no prefix (000 §2 Record). */
export async function newRecordId(sql: Sql, org: string): Promise<string> {
  return recordId(await nextNumber(sql, recordSequence(org)));
}

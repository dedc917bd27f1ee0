// Rules between members of one body that the documents state in prose ("required when
// personal", "not together with ownerUid"). Each carries the document's wording, and
// lives in a ShapeSpec beside the key lists, so it moves with them.
import type { ShapeRule } from './issue.js';

type Body = Readonly<Record<string, unknown>>;

/** Sent with a value: neither absent nor null (null clears, so it never conflicts). */
export const isSet = (value: unknown): boolean => value !== undefined && value !== null;

const pathOf = (at: string, key: string): string => `${at}/${key}`;

/** At least one of `keys` must be set; reported on the first, as the server does. */
export const atLeastOne =
  (keys: readonly string[], message: string): ShapeRule =>
  (body, at) =>
    keys.some((k) => isSet(body[k])) ? null : { code: 'missing_key', path: pathOf(at, keys[0]!), message };

/** `a` and `b` may not both be set. */
export const notTogether =
  (a: string, b: string, message: string): ShapeRule =>
  (body, at) =>
    isSet(body[a]) && isSet(body[b]) ? { code: 'conflicting_keys', path: pathOf(at, b), message } : null;

/** `key` must be set when `when` holds of the body. */
export const requiredWhen =
  (key: string, when: (body: Body) => boolean, message: string | ((body: Body) => string)): ShapeRule =>
  (body, at) =>
    !isSet(body[key]) && when(body)
      ? { code: 'missing_key', path: pathOf(at, key), message: typeof message === 'string' ? message : message(body) }
      : null;

/** `key` may not be set when `when` holds of the body. */
export const refusedWhen =
  (key: string, when: (body: Body) => boolean, message: string): ShapeRule =>
  (body, at) =>
    isSet(body[key]) && when(body) ? { code: 'conflicting_keys', path: pathOf(at, key), message } : null;

// The pieces every part of the diff shares: the list of changes being built, and the readers
// that take any JSON value (a diff is total: it never throws on what a manifest holds).
import { isObject } from '../diagnostics.js';
import { join } from '../pointer.js';
import { CHANGES, type ChangeCode } from './codes.js';
import type { ChangeSide, ManifestChange } from './types.js';

export class Changes {
  readonly list: ManifestChange[] = [];

  add(
    code: ChangeCode,
    older: ChangeSide | null,
    newer: ChangeSide | null,
    widens: boolean,
    message: string,
    reason: string,
  ): void {
    this.list.push({ code, section: CHANGES[code].section, older, newer, widens, message, reason });
  }
}

export type Json = Record<string, unknown>;

/** The value when it is an object (not an array), else undefined. */
export const objectAt = (value: unknown): Json | undefined => (isObject(value) ? value : undefined);

/** An own member (so `__proto__` written in JSON is read as written, and nothing comes from the prototype). */
export const member = (obj: Json | undefined, key: string): unknown =>
  obj !== undefined && Object.hasOwn(obj, key) ? obj[key] : undefined;

export const side = (path: string, value: unknown): ChangeSide => ({ path, value });

/** A value in a message: JSON, cut short when long (a hostile manifest's strings can be megabytes). */
export function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = Array.isArray(value) ? 'an array' : 'an object';
  }
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * Whether two JSON values are equal (objects by their own members, in any order). Iterative:
 * a hostile manifest can nest deeper than the call stack.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  const stack: Array<[unknown, unknown]> = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    if (Array.isArray(x)) {
      const ys = y as unknown[];
      if (x.length !== ys.length) return false;
      for (let i = 0; i < x.length; i++) stack.push([x[i], ys[i]]);
      continue;
    }
    const xk = Object.keys(x);
    if (xk.length !== Object.keys(y).length) return false;
    for (const k of xk) {
      if (!Object.hasOwn(y, k)) return false;
      stack.push([(x as Json)[k], (y as Json)[k]]);
    }
  }
  return true;
}

/**
 * A list's entries keyed for set comparison, each key to the index of its first occurrence:
 * strings as themselves, anything else as `\u0000` and its JSON. (Indexes, not entry objects:
 * lists can hold hundreds of thousands of entries.)
 */
export function keyed(list: unknown): Map<string, number> {
  const out = new Map<string, number>();
  if (!Array.isArray(list)) return out;
  for (let i = 0; i < list.length; i++) {
    const value: unknown = list[i];
    const key = typeof value === 'string' ? value : `\u0000${shownWhole(value, i)}`;
    if (!out.has(key)) out.set(key, i);
  }
  return out;
}

/** Whether two lists hold the same entries in the same order (compared by identity: the fast way to find an unchanged list). */
export function sameEntries(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function shownWhole(value: unknown, index: number): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return `#${index}`; // too deep to write out: never equal to another
  }
}

/** Calls `each` for every member either object has (the newer's first), with both values and the member's pointer under `at`. */
export function eachMember(
  at: string,
  a: Json | undefined,
  b: Json | undefined,
  each: (key: string, x: unknown, y: unknown, path: string) => void,
): void {
  for (const key of new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})]))
    each(key, member(a, key), member(b, key), join(at, key));
}

/**
 * Members of `a` or `b` that the diff does not know (not in `known`), as `unknown.*` changes;
 * they widen where the kit cannot tell what they grant (`grants`).
 */
export function diffUnknown(
  changes: Changes,
  at: string,
  a: Json | undefined,
  b: Json | undefined,
  known: ReadonlySet<string>,
  grants: boolean,
): void {
  eachMember(at, a, b, (key, x, y, path) => {
    if (known.has(key)) return;
    const why = grants
      ? 'the kit does not know this member, so it cannot tell what it grants: counted as widening'
      : 'the kit does not know this member; the platform ignores it';
    if (x === undefined && y !== undefined)
      changes.add('unknown.added', null, side(path, y), grants, `adds ${path} = ${shown(y)}`, why);
    else if (x !== undefined && y === undefined)
      changes.add(
        'unknown.removed',
        side(path, x),
        null,
        false,
        `removes ${path}`,
        'a member the kit does not know, gone',
      );
    else if (!sameJson(x, y))
      changes.add(
        'unknown.changed',
        side(path, x),
        side(path, y),
        grants,
        `changes ${path} from ${shown(x)} to ${shown(y)}`,
        why,
      );
  });
}

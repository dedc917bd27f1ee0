// The manifest's unknown keys: the top level's, which the compiled check leaves open, and the
// kit's bound on how many of one object's are reported one by one.
import type { Reporter } from './diagnostics.js';
import { FAR_IDENTIFIER, suggestKey, TOP_LEVEL } from './known-keys.js';
import { IDENTIFIER, join, withKey } from './pointer.js';

/**
 * Kit policy: an object's first 10,000 unknown keys are reported one by one; the rest in one
 * finding at the first of them, which counts them. A linter's flood is no help to a reader, and
 * listing and placing 775,000 of them took longer than the 1 s a 10 MB manifest is given.
 */
export const LISTED_UNKNOWN_KEYS = 10_000;

// Not toLocaleString('en'): loading ICU's data for it cost 8 ms of a cold run.
const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+$)/g, ',');

/**
 * The message of the finding at an object's first unlisted unknown key, `more` others after it
 * (`parent`: the object's readable path, '' for the manifest); with none after it, `alone`, the
 * key's own.
 */
export const unlisted = (parent: string, key: string, more: number, alone: string): string =>
  more === 0
    ? alone
    : `${withKey(parent, key)} and ${thousands(more)} more ${more === 1 ? 'key' : 'keys'} after it${parent === '' ? '' : ` in ${parent}`} are not manifest properties; they are ignored (kit policy: an object's first ${thousands(LISTED_UNKNOWN_KEYS)} unknown keys are reported one each, the rest in this one finding)`;

/**
 * Reports the manifest's own keys that are no manifest property, and returns how many. The
 * compiled check leaves the top level open (scripts/generate.ts): one loop over the keys here
 * words the finding for a great many unknown keys more cheaply than one of ajv's errors each.
 */
export function reportUnknownTopLevel(input: Record<string, unknown>, reporter: Reporter): number {
  const keys = reporter.keysOf(input);
  let unknown = 0;
  let first = -1; // the first key past the ones listed
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (TOP_LEVEL.has(key)) continue;
    if (++unknown > LISTED_UNKNOWN_KEYS) {
      if (first === -1) first = i;
      continue;
    }
    // An identifier needs neither a pointer escape nor quotes: one test, and the message shares its
    // constant part. Most unknown keys are also too far from every known key for a suggestion: the same test.
    if (FAR_IDENTIFIER.test(key)) reporter.add('manifest.unknown_property', '/' + key, key + UNKNOWN_TOP_LEVEL);
    else if (IDENTIFIER.test(key))
      reporter.add('manifest.unknown_property', '/' + key, key + UNKNOWN_TOP_LEVEL + suggestKey(key, ''));
    else
      reporter.add(
        'manifest.unknown_property',
        join('', key),
        `${withKey('', key)}${UNKNOWN_TOP_LEVEL}${suggestKey(key, '')}`,
      );
  }
  if (first !== -1) {
    const key = keys[first]!;
    const alone = `${withKey('', key)}${UNKNOWN_TOP_LEVEL}${suggestKey(key, '')}`;
    reporter.add(
      'manifest.unknown_property',
      join('', key),
      unlisted('', key, unknown - LISTED_UNKNOWN_KEYS - 1, alone),
    );
  }
  return unknown;
}

const UNKNOWN_TOP_LEVEL = ' is not a manifest property; it is ignored';

// The manifest's unknown keys: the top level's, which the compiled check leaves open, and the
// kit's bound on how many of one object's are reported one by one (config.defaults' too).
import type { Reporter } from './diagnostics.js';
import { FAR_IDENTIFIER, suggestKey, TOP_LEVEL } from './known-keys.js';
import { IDENTIFIER, join, withKey } from './pointer.js';
import { LISTED_UNKNOWN_KEYS, thousands } from './rules/listed.js';

export { LISTED_UNKNOWN_KEYS };

/**
 * One object's unknown keys, counted as a loop over its keys meets them: the first
 * LISTED_UNKNOWN_KEYS are listed (reported one each); of the rest, `first` is the first, and
 * `more` counts those after it.
 */
export class UnknownKeys {
  count = 0;
  first: string | undefined;
  more = 0;

  /** Counts an unknown key, and says whether it is one to report on its own. */
  list(key: string): boolean {
    if (++this.count <= LISTED_UNKNOWN_KEYS) return true;
    if (this.first === undefined) this.first = key;
    else this.more++;
    return false;
  }
}

const POLICY = `(kit policy: an object's first ${thousands(LISTED_UNKNOWN_KEYS)} unknown keys are reported one each, the rest in this one finding)`;

/**
 * The message of the finding at an object's first unlisted unknown key, `first` as messages name
 * it, `more` others after it, all of which `are` what the message says ("are not manifest
 * properties"); with none after it, `alone`, the key's own.
 */
export const unlisted = (first: string, more: number, are: string, alone: string): string =>
  more === 0
    ? alone
    : `${first} and ${thousands(more)} more ${more === 1 ? 'key' : 'keys'} after it ${are}; they are ignored ${POLICY}`;

/** What the unlisted unknown keys of the manifest's object at readable path `parent` ('' for the manifest) are. */
export const notProperties = (parent: string): string =>
  parent === '' ? 'are not manifest properties' : `in ${parent} are not manifest properties`;

/**
 * Reports the manifest's own keys that are no manifest property, and returns how many. The
 * compiled check leaves the top level open (scripts/generate.ts): one loop over the keys here
 * words the finding for a great many unknown keys more cheaply than one of ajv's errors each.
 */
export function reportUnknownTopLevel(input: Record<string, unknown>, reporter: Reporter): number {
  const keys = reporter.keysOf(input);
  const unknown = new UnknownKeys();
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (TOP_LEVEL.has(key) || !unknown.list(key)) continue;
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
  const key = unknown.first;
  if (key !== undefined) {
    const alone = `${withKey('', key)}${UNKNOWN_TOP_LEVEL}${suggestKey(key, '')}`;
    reporter.add(
      'manifest.unknown_property',
      join('', key),
      unlisted(withKey('', key), unknown.more, notProperties(''), alone),
    );
  }
  return unknown.count;
}

const UNKNOWN_TOP_LEVEL = ' is not a manifest property; it is ignored';

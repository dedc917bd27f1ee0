// The manifest's unknown keys: the top level's, which the compiled check leaves open, and the
// kit's bound on how many of one object's are reported one by one (config.defaults' too).
import type { Diagnostic, Reporter } from './diagnostics.js';
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
const PROPERTIES_POLICY = `(kit policy: a manifest's first ${thousands(LISTED_UNKNOWN_KEYS)} unknown keys are reported one each, the rest in this one finding)`;

/**
 * The message of the finding at an object's first unlisted unknown key, `first` as messages name
 * it, `more` others after it, all of which `are` what the message says ("are not manifest
 * properties"); with none after it, `alone`, the key's own.
 */
export const unlisted = (first: string, more: number, are: string, alone: string, policy = POLICY): string =>
  more === 0
    ? alone
    : `${first} and ${thousands(more)} more ${more === 1 ? 'key' : 'keys'} after it ${are}; they are ignored ${policy}`;

/** What the unlisted unknown keys of the manifest's object at readable path `parent` ('' for the manifest) are. */
export const notProperties = (parent: string): string =>
  parent === '' ? 'are not manifest properties' : `in ${parent} are not manifest properties`;

/**
 * The manifest's unknown properties, its top level's and its objects' together: the first
 * LISTED_UNKNOWN_KEYS are reported one each, the rest in one finding at the first of them. The
 * count is the manifest's, not each object's: by object, 78 select options of 9,999 unknown keys
 * each (7.7 MB) made 779,922 findings, 4.4 s and 1.6 GB cold.
 */
export class UnknownProperties {
  private listed = 0;
  private rest:
    | {
        finding: Diagnostic;
        alone: string;
        parent: string;
        object: string;
        key: string;
        more: number;
        elsewhere: boolean;
      }
    | undefined;

  /** Whether the next unknown key is reported on its own (and counts it so). */
  take(): boolean {
    return this.rest === undefined && ++this.listed <= LISTED_UNKNOWN_KEYS;
  }

  /** Whether the keys past the bound are being counted. */
  get counting(): boolean {
    return this.rest !== undefined;
  }

  /** The first key past the bound, `key` in the object at pointer `object` (readable path `parent`), with its own finding. */
  start(finding: Diagnostic, parent: string, object: string, key: string): void {
    this.rest = { finding, alone: finding.message, parent, object, key, more: 0, elsewhere: false };
  }

  /** One more key past the bound, in the object at pointer `object`. */
  count(object: string): void {
    const rest = this.rest!;
    rest.more++;
    if (object !== rest.object) rest.elsewhere = true;
  }

  /** Words the finding at the first key past the bound as the count of the rest. */
  finish(): void {
    const rest = this.rest;
    if (!rest) return;
    const { parent } = rest;
    const are = rest.elsewhere
      ? `in ${parent === '' ? 'the manifest' : parent} and other objects are not manifest properties`
      : notProperties(parent);
    rest.finding.message = unlisted(withKey(parent, rest.key), rest.more, are, rest.alone, PROPERTIES_POLICY);
    if (rest.more > 0) rest.finding.more = rest.more;
  }
}

/**
 * Reports the manifest's own keys that are no manifest property, and returns how many. The
 * compiled check leaves the top level open (scripts/generate.ts): one loop over the keys here
 * words the finding for a great many unknown keys more cheaply than one of ajv's errors each.
 */
export function reportUnknownTopLevel(
  input: Record<string, unknown>,
  reporter: Reporter,
  unknown: UnknownProperties,
): number {
  const keys = reporter.keysOf(input);
  let count = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (TOP_LEVEL.has(key)) continue;
    count++;
    if (!unknown.take()) {
      if (unknown.counting) unknown.count('');
      else {
        const alone = `${withKey('', key)}${UNKNOWN_TOP_LEVEL}${suggestKey(key, '')}`;
        unknown.start(reporter.add('manifest.unknown_property', join('', key), alone), '', '', key);
      }
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
  return count;
}

const UNKNOWN_TOP_LEVEL = ' is not a manifest property; it is ignored';

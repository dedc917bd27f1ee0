// The properties of each object the manifest defines, and the known key to suggest for an
// unknown one: "did you mean" when it is one or two edits away.
import { IDENTIFIER } from './pointer.js';

/** Each object's own properties, in the schema's order (a test holds them to it). */
export const KNOWN_KEYS: Record<string, string[]> = {
  '': [
    '$schema',
    'id',
    'name',
    'version',
    'entry',
    'hostAbi',
    'description',
    'capabilities',
    'contributes',
    'restrictParent',
    'restrictChildren',
    'config',
  ],
  '/capabilities': ['network', 'props', 'events', 'size'],
  '/contributes': ['site', 'console'],
  '/contributes/site': ['components', 'features', 'functionBindings'],
  '/contributes/console': ['slots', 'routes', 'orgRoutes', 'shell'],
  '/config': ['fields', 'defaults'],
};

/** The manifest's own properties (a test holds them to the schema's). */
export const TOP_LEVEL: ReadonlySet<string> = new Set(KNOWN_KEYS['']);

/** `; did you mean "contributes"?` when an unknown key is one or two edits from a known one. */
export function suggestKey(key: string, parent: string): string {
  const known = KNOWN_KEYS_INDEX[parent];
  if (known === undefined || key.length > known.longest + 2 || known.far.test(key)) return '';
  const { lengths, letters } = known;
  const bits = asciiLetterBits(key);
  let lower: string | undefined;
  let best = -1;
  let bestDistance = 3;
  for (let i = 0; i < lengths.length; i++) {
    const dl = lengths[i]! - key.length;
    if (dl > 2 || dl < -2 || bitCount(bits & ~letters[i]!) >= bestDistance) continue;
    lower ??= key.toLowerCase();
    if (missing(lower, letters[i]!, bestDistance) >= bestDistance) continue;
    const d = distance(lower, known.lower[i]!, bestDistance);
    if (d < bestDistance) [best, bestDistance] = [i, d];
  }
  return best >= 0 ? `; did you mean "${known.keys[best]!}"?` : '';
}

/** A set of characters as bits, by code modulo 32: two characters may share a bit, never one be left out. */
const letterBits = (s: string): number => {
  let bits = 0;
  for (let i = 0; i < s.length; i++) bits |= 1 << (s.charCodeAt(i) & 31);
  return bits;
};

/**
 * The letter bits of a key's ASCII characters, lower-cased without a new string. Other characters
 * are left out (lower-casing one can give an ASCII letter), so the bits name characters surely in
 * the lower-cased key: a cheap first bound, before the key is lower-cased and counted.
 */
function asciiLetterBits(s: string): number {
  let bits = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 128) bits |= 1 << ((c >= 65 && c <= 90 ? c | 32 : c) & 31);
  }
  return bits;
}

/** How many bits are set. */
function bitCount(bits: number): number {
  let n = bits - ((bits >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return Math.imul((n + (n >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * How many characters of `s` are surely not in a key with these letter bits, counted up to
 * `limit`: each one is an edit, so a key with `limit` of them is too far to suggest and needs
 * no distance table (most unknown keys share few letters with any known key).
 */
function missing(s: string, letters: number, limit: number): number {
  let n = 0;
  for (let i = 0; i < s.length && n < limit; i++) if (((letters >>> (s.charCodeAt(i) & 31)) & 1) === 0) n++;
  return n;
}

/**
 * Matches a key with three ASCII characters that no known key of the object has, in either case:
 * each is an edit, so no known key is within two (most unknown keys: one native test, where the
 * letter bits cost a loop over the key's characters). Other characters are not counted, since
 * lower-casing one can give a letter a known key has.
 */
function farFrom(lower: string[], lookahead = ''): RegExp {
  const near = new Set(lower.join(''));
  let outside = '';
  for (let c = 0; c < 128; c++) {
    const ch = String.fromCharCode(c);
    if (!near.has(ch.toLowerCase())) outside += '\\x' + c.toString(16).padStart(2, '0');
  }
  return new RegExp(`^${lookahead}(?:[^${outside}]*[${outside}]){3}`);
}

// The known keys of each object beside their lower-case forms, lengths and letters, made once rather than per unknown key.
const KNOWN_KEYS_INDEX: Record<
  string,
  { keys: string[]; lower: string[]; lengths: Int32Array; letters: Int32Array; longest: number; far: RegExp }
> = Object.fromEntries(
  Object.entries(KNOWN_KEYS).map(([parent, keys]) => {
    const lower = keys.map((k) => k.toLowerCase());
    const longest = Math.max(...keys.map((k) => k.length));
    return [
      parent,
      {
        keys,
        lower,
        lengths: Int32Array.from(keys, (k) => k.length),
        letters: Int32Array.from(lower, letterBits),
        longest,
        far: farFrom(lower),
      },
    ];
  }),
);

/** An identifier too far from every manifest property for "did you mean" (both of the tests above, in one). */
export const FAR_IDENTIFIER = farFrom(KNOWN_KEYS_INDEX['']!.lower, `(?=${IDENTIFIER.source})`);

// One row pair, reused: keys are at most 64 code units here.
const rows = [new Int32Array(66), new Int32Array(66)] as const;

/**
 * Levenshtein distance, for keys within two edits of a known one; `limit` or more once every
 * entry of a row reaches `limit` (no later row can come back under it), so a key far from every
 * known one costs a row or two, not the whole table.
 */
function distance(a: string, b: string, limit: number): number {
  let prev: Int32Array = rows[0];
  let cur: Int32Array = rows[1];
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ca === b.charCodeAt(j - 1) ? 0 : 1));
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin >= limit) return limit;
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[b.length]!;
}

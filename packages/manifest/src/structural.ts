// Runs the compiled structural check and maps ajv's errors onto the kit's own
// codes by keyword and instance path, so users never see raw ajv text.
import { COMPONENTS, type ComponentScan } from './checks/components.js';
import { describe, isObject, type Reporter } from './diagnostics.js';
import { IDENTIFIER, join, readable, tokens, withKey } from './pointer.js';
import { KeyPlaces, unescaped } from './positions.js';
import { isDiagnosticCode, type DiagnosticCode } from './rules.js';
import { validate as compiledCheck } from './structural.generated.js';

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}
type CompiledCheck = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

/**
 * The compiled structural check alone: what the benchmark sets full validation beside. It leaves
 * the manifest's own keys and the component ids' form to the rule pass (`checkStructure` reports
 * them), so it passes a manifest whose only faults are an unknown top-level key or an id out of form.
 */
export const structuralCheck = compiledCheck as unknown as CompiledCheck;

// Objects whose keys are the user's own (component ids, field keys), not part of the rule name.
const DYNAMIC_KEYS = new Set(['functionBindings', 'defaults']);

/** The rule a pointer falls under: `/config/fields/3/options/0/value` is `config.fields.options.value`. */
export function ruleOf(pointer: string): string {
  const parts: string[] = [];
  let skipNext = false;
  for (const token of tokens(pointer)) {
    if (skipNext) {
      skipNext = false;
      continue;
    }
    if (/^(0|[1-9]\d*)$/.test(token)) continue;
    parts.push(token);
    if (DYNAMIC_KEYS.has(token)) skipNext = true;
  }
  return parts.length ? parts.join('.') : 'manifest';
}

const PATTERN_PROBLEMS: Record<string, { problem: string; expected: string }> = {
  id: {
    problem: 'not_kebab_case',
    expected: 'kebab-case: lower-case letters and digits in words joined by single hyphens',
  },
  version: {
    problem: 'not_semver',
    expected: 'a semantic version MAJOR.MINOR.PATCH, with an optional -prerelease and +build',
  },
  'contributes.site.components': {
    problem: 'not_component_id',
    expected: 'a component id <publisher handle>.<manifest id>.<role>, each part kebab-case',
  },
  'contributes.site.functionBindings': {
    problem: 'not_prop_name',
    expected: 'a plain prop name (an identifier such as "onPickFn")',
  },
};

const article = (type: string): string =>
  ({
    object: 'an object',
    array: 'an array',
    integer: 'an integer',
    number: 'a number',
    string: 'a string',
    boolean: 'a boolean',
  })[type] ?? type;

function valueAt(root: unknown, pointer: string): unknown {
  let cur = root;
  for (const t of tokens(pointer)) {
    if (typeof cur !== 'object' || cur === null || !Object.hasOwn(cur, t)) return undefined;
    cur = (cur as Record<string, unknown>)[t];
  }
  return cur;
}

function kebabSuggestion(value: unknown): string {
  if (typeof value !== 'string') return '';
  const s = value
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s && s !== value ? ` (for example "${s}")` : '';
}

/**
 * Checks the manifest's structure and reports what is wrong.
 * `ignored(input)` gives a test naming subtrees whose problems are not reported (fields past the
 * 50th, fields of a dropped type), because the platform never reads them.
 * `components` is the pass over the component ids, which checks their form in place of the
 * compiled check (scripts/generate.ts): its findings are reported where that check put them.
 * Returns whether the structure is sound, so later rules can rely on its patterns.
 */
export function checkStructure(
  input: unknown,
  reporter: Reporter,
  ignored: (input: Record<string, unknown>) => (pointer: string) => boolean,
  components?: ComponentScan,
  text?: string,
): boolean {
  // The top level's unknown keys come first, as ajv would report them (before what is inside).
  const unknownKeys = isObject(input) ? reportUnknownTopLevel(input, reporter, text) : 0;
  const misshapen = components?.misshapen ?? [];
  let next = 0;
  const itemParent: ParentLabel = { pointer: undefined, text: '' };
  const reportMisshapen = (before: string | undefined) => {
    for (; next < misshapen.length && (before === undefined || follows(before, misshapen[next]!)); next++) {
      const path = join(COMPONENTS, misshapen[next]!);
      const item = components!.list[misshapen[next]!];
      const finding =
        typeof item === 'string'
          ? patternFinding('contributes.site.components', path, item, input)
          : mapError({ instancePath: path, keyword: 'type', params: { type: 'string' } }, input, itemParent);
      reporter.reportStructural(finding!.code, finding!.path, finding!.message);
    }
  };
  if (structuralCheck(input)) {
    reportMisshapen(undefined);
    return unknownKeys === 0 && misshapen.length === 0;
  }
  const ignore = isObject(input) ? ignored(input) : () => false;
  const parent: ParentLabel = { pointer: undefined, text: '' };
  // Unknown keys, the one finding there can be a great many of, are told apart by their parent's
  // pointer and the key itself (a property name JSON.parse already hashed), not by a new pointer.
  const unknown = new Map<string, Set<string>>();
  for (const e of structuralCheck.errors ?? []) {
    reportMisshapen(e.instancePath);
    if (e.keyword === 'additionalProperties') {
      const key = String(e.params.additionalProperty);
      let keys = unknown.get(e.instancePath);
      if (keys === undefined) unknown.set(e.instancePath, (keys = new Set()));
      else if (keys.has(key)) continue;
      keys.add(key);
    }
    const mapped = mapError(e, input, parent);
    if (!mapped || ignore(mapped.path)) continue;
    if (mapped.code === 'manifest.unknown_property') reporter.add(mapped.code, mapped.path, mapped.message);
    else reporter.reportStructural(mapped.code, mapped.path, mapped.message);
  }
  reportMisshapen(undefined);
  return false;
}

/**
 * Reports the manifest's own keys that are no manifest property, and returns how many. The
 * compiled check leaves the top level open (scripts/generate.ts), because this walk enumerates
 * it anyway: the keys it lists serve the duplicate-key check of the same text too. With the text
 * it was parsed from, each unknown key carries its place as it is reported (`KeyPlaces`).
 */
function reportUnknownTopLevel(input: Record<string, unknown>, reporter: Reporter, text: string | undefined): number {
  const places = KeyPlaces.of(reporter, input, text, TOP, KNOWN_KEYS['']);
  const { keys } = places;
  let unknown = 0;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (TOP_LEVEL.has(key)) continue;
    unknown++;
    // An identifier needs neither a pointer escape nor quotes: one test, and the message shares its
    // constant part. Most unknown keys are also too far from every known key for a suggestion: the same test.
    if (FAR_IDENTIFIER.test(key))
      reporter.add('manifest.unknown_property', '/' + key, key + UNKNOWN_TOP_LEVEL, places.at(i, true));
    else if (IDENTIFIER.test(key))
      reporter.add(
        'manifest.unknown_property',
        '/' + key,
        key + UNKNOWN_TOP_LEVEL + suggestKey(key, ''),
        places.at(i, true),
      );
    else
      reporter.add(
        'manifest.unknown_property',
        join('', key),
        `${withKey('', key)}${UNKNOWN_TOP_LEVEL}${suggestKey(key, '')}`,
        places.at(i, unescaped(key)),
      );
  }
  places.end();
  return unknown;
}

const TOP: readonly string[] = [];

const UNKNOWN_TOP_LEVEL = ' is not a manifest property; it is ignored';

/** The readable path of the object the last unknown key was in, made once per object rather than once per key. */
interface ParentLabel {
  pointer: string | undefined;
  text: string;
}

function mapError(
  e: AjvError,
  input: unknown,
  parent: ParentLabel,
): { code: DiagnosticCode; path: string; message: string } | undefined {
  let path = e.instancePath;
  const label = (pointer: string) => readable(pointer, input);
  if (e.keyword === 'additionalProperties') {
    const key = String(e.params.additionalProperty);
    if (parent.pointer !== path) [parent.pointer, parent.text] = [path, path === '' ? '' : label(path)];
    return {
      code: 'manifest.unknown_property',
      path: join(path, key),
      message: `${withKey(parent.text, key)} is not a manifest property; it is ignored${suggestKey(key, e.instancePath)}`,
    };
  }
  const rule = ruleOf(path);
  const value = valueAt(input, path);
  let problem: string;
  let message: string;
  switch (e.keyword) {
    case 'required': {
      path = join(path, String(e.params.missingProperty));
      problem = 'missing';
      message = `${label(path)} is required`;
      return finish(ruleOf(path), problem, path, message);
    }
    case 'type': {
      if (path === '')
        return { code: 'manifest.not_object', path, message: `A manifest is a JSON object, got ${describe(value)}` };
      const expected = Array.isArray(e.params.type)
        ? (e.params.type as string[]).map(article).join(' or ')
        : article(String(e.params.type));
      problem = 'wrong_type';
      message = `${label(path)} must be ${expected}, got ${describe(value)}`;
      break;
    }
    case 'pattern':
      return patternFinding(rule, path, value, input);
    case 'minLength':
      problem = 'empty';
      message = `${label(path)} must not be empty`;
      break;
    case 'maxLength':
      problem = 'too_long';
      message = `${label(path)} is ${typeof value === 'string' ? countCodePoints(value) : 'over the limit'} code points long; at most ${String(e.params.limit)} are allowed`;
      break;
    case 'minimum':
    case 'maximum':
      problem = 'out_of_range';
      message = `${label(path)} must be ${e.keyword === 'minimum' ? 'at least' : 'at most'} ${String(e.params.limit)}, got ${describe(value)}`;
      break;
    default:
      // `enum` on a config field's type is reported by the config rules (the field is dropped).
      return undefined;
  }
  return finish(rule, problem, path, message);
}

/** What a string that fails its schema pattern is reported as (undefined where no code says it). */
function patternFinding(rule: string, path: string, value: unknown, input: unknown) {
  const p = PATTERN_PROBLEMS[rule];
  if (!p) return undefined;
  let message = `${readable(path, input)} is ${describe(value)}, which is not ${p.expected}${rule === 'id' ? kebabSuggestion(value) : ''}`;
  if (rule === 'version' && typeof value === 'string' && /^[vV=]/.test(value))
    message += `; drop the leading "${value[0]}"`;
  return finish(rule, p.problem, path, message);
}

function countCodePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function finish(rule: string, problem: string, path: string, message: string) {
  const code = `${rule}.${problem}`;
  // Every code the schema can produce is registered; a test walks the schema to keep it so.
  if (!isDiagnosticCode(code)) return undefined;
  return { code, path, message };
}

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

// The properties the compiled check visits after the component ids (it follows the schema's
// order, which KNOWN_KEYS keeps): an error about one of them comes after the ids' own.
const AFTER_COMPONENTS = (
  [
    ['', 'contributes'],
    ['/contributes', 'site'],
    ['/contributes/site', 'components'],
  ] as const
).flatMap(([parent, key]) =>
  KNOWN_KEYS[parent]!.slice(KNOWN_KEYS[parent]!.indexOf(key) + 1).map((k) => `${parent}/${k}`),
);
const ITEM = `${COMPONENTS}/`;

/** Whether the compiled check, had it checked the ids' form, would report an error at `instancePath` after the one of component `index`. */
function follows(instancePath: string, index: number): boolean {
  if (instancePath.startsWith(ITEM)) return Number(instancePath.slice(ITEM.length)) > index;
  return AFTER_COMPONENTS.some(
    (p) => instancePath.startsWith(p) && (instancePath.length === p.length || instancePath[p.length] === '/'),
  );
}

/** `; did you mean "contributes"?` when an unknown key is one or two edits from a known one. */
function suggestKey(key: string, parent: string): string {
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
const FAR_IDENTIFIER = farFrom(KNOWN_KEYS_INDEX['']!.lower, `(?=${IDENTIFIER.source})`);

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

// Moving through JSON text without building anything: where a string, a value or a stretch of
// whitespace ends. The text is one JSON.parse accepted (or nearly: comments and trailing commas
// are stepped over), so a string holds no raw line break and a bracket inside one is skipped with
// it. Each function returns -1 where the text is not what it expects; callers then give up.

const QUOTE = 34;
const BACKSLASH = 92;
const SLASH = 47;

/** What a native search steps over inside a string: runs without quote or backslash, and escapes. Bounded, as `PLAIN` is. */
const STRING_BODY = /(?:[^"\\]+|\\[^]){0,4096}/y;

/** The offset of the quote closing the string that opens at `i`, or -1. */
export function stringEnd(text: string, i: number): number {
  const j = text.indexOf('"', i + 1);
  if (j === -1 || text.charCodeAt(j - 1) !== BACKSLASH) return j;
  // A quote after a backslash: escapes are stepped over natively, not one quote at a time.
  for (let k = i + 1; ;) {
    STRING_BODY.lastIndex = k;
    STRING_BODY.test(text);
    k = STRING_BODY.lastIndex;
    if (k >= text.length) return -1;
    if (text.charCodeAt(k) === QUOTE) return k;
    if (k === text.length - 1) return -1; // a backslash with nothing after it
  }
}

/** The offset past whitespace and comments from `i` (the text's length at its end), or -1 in an unclosed comment. */
export function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else if (c === SLASH) {
      i = commentEnd(text, i);
      if (i === -1) return -1;
    } else return Math.min(i, text.length);
  }
}

function commentEnd(text: string, i: number): number {
  const next = text.charCodeAt(i + 1);
  if (next === SLASH) {
    const end = text.indexOf('\n', i + 2);
    return end === -1 ? text.length : end + 1;
  }
  if (next !== 42) return -1; // "/" that opens no comment
  const end = text.indexOf('*/', i + 2);
  return end === -1 ? -1 : end + 2;
}

/**
 * The offset just past the value that starts at `i`: a string, a literal, or a whole object or
 * array with everything in it; -1 where the text is not one, or where an object or array runs
 * on past `limit` (a caller with a budget gives up there rather than read it to its end).
 */
export function valueEnd(text: string, i: number, limit = text.length): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) {
    const end = stringEnd(text, i);
    return end === -1 ? -1 : end + 1;
  }
  if (c === 123 || c === 91) return containerEnd(text, i, 0, limit);
  let j = i;
  while (j < text.length && !endsLiteral(text.charCodeAt(j))) j++;
  return j === i ? -1 : j;
}

/** Whether a character ends a literal (true, 12.5e3): a separator, a closing bracket, whitespace or a comment. */
const endsLiteral = (c: number): boolean =>
  c === 44 || c === 93 || c === 125 || c === 58 || c === 32 || c === 10 || c === 13 || c === 9 || c === SLASH;

/**
 * What a native search steps over inside a container: runs of characters that are no bracket,
 * quote or slash, and strings without escapes. Bounded, so that the regular expression engine's
 * backtracking stack stays small however long the run.
 */
const PLAIN = /(?:[^"[\]{}/]+|"[^"\\]*"){0,256}/y;

/**
 * The offset past the bracket that closes an object or array, counting brackets outside strings
 * and comments from `i`, inside `depth` open ones: 0 from its opening bracket, 1 from within it.
 * Everything between brackets is stepped over natively, not character by character. -1 when it
 * is not closed, or not before `limit`.
 */
export function containerEnd(text: string, i: number, depth: number, limit = text.length): number {
  const n = Math.min(text.length, limit);
  while (i < n) {
    PLAIN.lastIndex = i;
    PLAIN.test(text);
    i = PLAIN.lastIndex;
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i); // a string with escapes
      if (i === -1) return -1;
      i++;
    } else if (c === 123 || c === 91) {
      depth++;
      i++;
    } else if (c === 125 || c === 93) {
      i++;
      if (--depth === 0) return i;
    } else if (c === SLASH) {
      i = commentEnd(text, i);
      if (i === -1) return -1;
    }
  }
  return -1;
}

/** An array element that is a string without escapes or a literal, and the comma after it. */
const ELEMENT = String.raw`[ \t\n\r]*(?:"[^"\\]*"|[^ \t\n\r,:"[\]{}/]+)[ \t\n\r]*,`;
const RUNS: RegExp[] = [];

/**
 * The offset past 2^`power` array elements from `i`, the comma after each and the space after the last, when they are all
 * strings without escapes or literals; else -1 (the caller steps one element at a time). One
 * native match however many elements.
 */
export function skipElements(text: string, i: number, power: number): number {
  const re = (RUNS[power] ??= new RegExp(`(?:${ELEMENT}){${2 ** power}}[ \\t\\n\\r]*`, 'y'));
  re.lastIndex = i;
  return re.test(text) ? re.lastIndex : -1;
}

/**
 * An element as `ELEMENT` has it, its comma and exactly one line break, then the next line's
 * indentation: an array written one element a line, as `JSON.stringify(value, null, 2)` and
 * editors write it. No raw line break inside the string, so the line breaks passed are the
 * elements passed.
 */
const ELEMENT_LINE = String.raw`(?:"[^"\\\n]*"|[^ \t\n\r,:"[\]{}/]+)[ \t\r]*,[ \t\r]*\n[ \t]*`;
const LINE_RUNS: RegExp[] = [];

/**
 * How many elements the next step of `skipElementLines` takes when `count` are left: all of them
 * up to 64 (a regular expression per count, few in practice), else the largest power of two, at
 * most 2^`maxPower`, so that arbitrary gaps compile at most a few dozen expressions.
 */
export const lineRun = (count: number, maxPower: number): number =>
  count <= 64 ? count : 2 ** Math.min(maxPower, Math.floor(Math.log2(count)));

/**
 * The offset of the element `count` elements on from the one at `i` when each of them is a
 * string without escapes or a literal, alone on its line (so exactly `count` line breaks are
 * passed); else -1. One native match.
 */
export function skipElementLines(text: string, i: number, count: number): number {
  const re = (LINE_RUNS[count] ??= new RegExp(`(?:${ELEMENT_LINE}){${count}}`, 'y'));
  re.lastIndex = i;
  return re.test(text) ? re.lastIndex : -1;
}

/**
 * A property written alone on its line, from its key's opening quote: a key and a string value
 * without escapes or line breaks (or a literal value), the comma after them, exactly one line
 * break, and the next line's indentation.
 */
const PROPERTY_LINE = new RegExp(
  String.raw`"[^"\\\n]*"[ \t\r]*:[ \t\r]*(?:"[^"\\\n]*"|[^ \t\n\r,:"[\]{}/]+)[ \t\r]*,[ \t\r]*\n[ \t]*`,
  'y',
);

/** The offset past the property at `i` and its line break when it is written as `PROPERTY_LINE` has it, else -1. One native match. */
export function skipPropertyLine(text: string, i: number): number {
  PROPERTY_LINE.lastIndex = i;
  return PROPERTY_LINE.test(text) ? PROPERTY_LINE.lastIndex : -1;
}

/** The key a property name at `start`..`end` (its quotes) spells, escapes decoded. */
export function keyAt(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end);
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end + 1)) as string) : raw;
}

/**
 * How many property names the text writes: colons outside strings. An upper bound comes first
 * from counting every colon (native search, no tokenizing); only when some colon may sit inside a
 * string, because the bound exceeds `atMost`, are strings stepped over to count exactly.
 */
export function countKeys(text: string, atMost: number): number {
  let colons = 0;
  for (let i = text.indexOf(':'); i !== -1; i = text.indexOf(':', i + 1)) colons++;
  if (colons <= atMost) return colons;
  let keys = 0;
  for (let i = text.indexOf('"'); i !== -1; i = text.indexOf('"', i + 1)) {
    i = stringEnd(text, i);
    if (i === -1) return -1;
    const after = skipSpace(text, i + 1);
    if (after !== -1 && text.charCodeAt(after) === 58) keys++;
  }
  return keys;
}

/**
 * The offset where the value of the first property on `path` (object keys from the root) starts,
 * or -1 where the text has none. JSON.parse keeps the last of repeated keys: `isLastOnPath` tells,
 * once the caller has read that value, whether a later property on the path repeats a key.
 */
export function valueAt(text: string, path: readonly string[]): number {
  let i = skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  for (let k = 0; k < path.length && i !== -1; k++) {
    if (text.charCodeAt(i) !== 123) return -1;
    i = skipSpace(text, i + 1);
    if (i === -1 || text.charCodeAt(i) === 125) return -1;
    for (;;) {
      const value = propertyValue(text, i, path[k]!);
      if (value === -1) return -1;
      if (value >= 0) {
        i = value;
        break;
      }
      i = nextProperty(text, valueEnd(text, -value - 2));
      if (i < 0) return -1;
    }
  }
  return i;
}

/**
 * Whether, from `end` (just past the value `valueAt` found), every object on `path` closes
 * without another property of the same key: then that value is the one JSON.parse kept.
 */
export function isLastOnPath(text: string, path: readonly string[], end: number): boolean {
  let i = end;
  for (let k = path.length - 1; k >= 0; k--) {
    for (;;) {
      const next = nextProperty(text, i);
      if (next === -1) return false;
      if (next === -2) {
        i = skipSpace(text, i) + 1; // past the closing brace
        break;
      }
      const value = propertyValue(text, next, path[k]!);
      if (value >= -1) return false; // the same key again, or no property
      i = valueEnd(text, -value - 2);
    }
  }
  return true;
}

/** From `i` past a value (or -1), the next property's key: its offset; -2 at the object's closing brace; -1 elsewhere. */
function nextProperty(text: string, i: number): number {
  if (i === -1) return -1;
  i = skipSpace(text, i);
  if (i === -1) return -1;
  const c = text.charCodeAt(i);
  if (c === 125) return -2;
  return c === 44 ? skipSpace(text, i + 1) : -1;
}

/** For the property whose key opens at `i`: its value's offset when the key is `key`, else -2 minus that offset, or -1 for no property. */
function propertyValue(text: string, i: number, key: string): number {
  if (text.charCodeAt(i) !== QUOTE) return -1;
  const end = stringEnd(text, i);
  if (end === -1) return -1;
  const colon = skipSpace(text, end + 1);
  if (colon === -1 || text.charCodeAt(colon) !== 58) return -1;
  const value = skipSpace(text, colon + 1);
  if (value === -1 || value >= text.length) return -1;
  return keyAt(text, i, end) === key ? value : -2 - value;
}

/**
 * Calls `onKey` for each property of each object in `text`, in the order the text writes them, with
 * its key (escapes decoded), the offset of its opening quote and the path of the object it is in
 * (keys, and indexes as numbers); `onObject` and `onObjectEnd` as objects open and close. Without
 * recursion: nesting can be as deep as `JSON.parse` takes it, far deeper than a recursive parser's
 * stack (jsonc-parser's `visit` overflowed at a few thousand objects, and what came after went
 * unread). The text is one `JSON.parse` accepted; false where it is not what JSON has there.
 */
export function visitKeys(
  text: string,
  onObject: () => void,
  onObjectEnd: () => void,
  onKey: (key: string, offset: number, path: () => Array<string | number>) => void,
): boolean {
  // One slot per open container: the key being read in an object (null before the first), the index in an array.
  const path: Array<string | number | null> = [];
  const objects: boolean[] = [];
  const pathOf = (): Array<string | number> => path.slice(0, -1) as Array<string | number>;
  let i = skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  while (i !== -1 && i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 123 || c === 91) {
      const object = c === 123;
      objects.push(object);
      path.push(object ? null : 0);
      if (object) onObject();
      i = skipSpace(text, i + 1);
      if (object && text.charCodeAt(i) === QUOTE) {
        i = property(i);
        continue;
      }
      if (text.charCodeAt(i) !== (object ? 125 : 93)) continue; // the first element
    } else if (c !== 125 && c !== 93) {
      i = valueEnd(text, i); // a string or a literal
      if (i === -1) return false;
    }
    // Past a value, or at the bracket that closes an empty container or the last element's.
    i = skipSpace(text, i);
    for (;;) {
      const d = text.charCodeAt(i);
      if (d === 125 || d === 93) {
        if (objects.pop() === true) onObjectEnd();
        path.pop();
        i = skipSpace(text, i + 1);
        if (objects.length === 0) return i === text.length;
        continue;
      }
      if (d !== 44 || objects.length === 0) return false;
      i = skipSpace(text, i + 1);
      if (objects[objects.length - 1]) i = property(i);
      else path[path.length - 1] = (path[path.length - 1] as number) + 1;
      break;
    }
  }
  return i !== -1 && objects.length === 0;

  /** Reads the key at `i` and its colon; the offset of its value. */
  function property(at: number): number {
    const end = stringEnd(text, at);
    if (end === -1) return -1;
    const key = keyAt(text, at, end);
    onKey(key, at, pathOf);
    path[path.length - 1] = key;
    const colon = skipSpace(text, end + 1);
    return colon === -1 || text.charCodeAt(colon) !== 58 ? -1 : skipSpace(text, colon + 1);
  }
}

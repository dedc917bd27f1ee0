// Where things are in manifest.json's text: line and column of an offset, and of the value a
// JSON Pointer names. Each is found in one pass over the text, so that reporting n diagnostics
// costs one scan and n lookups rather than a scan of the file per diagnostic; the scan steps over
// every subtree no diagnostic is in.
import { createRequire } from 'node:module';
import { StringSet } from './checks/strings.js';
import { forget, placeOf, type Place, type Position, type Reporter } from './diagnostics.js';
import {
  containerEnd,
  isLastOnPath,
  keyAt,
  lineRun,
  skipElementLines,
  skipElements,
  skipPropertyLine,
  skipSpace,
  stringEnd,
  valueAt,
  valueEnd,
} from './scan.js';
import { NONE, WantedTree, type IndexList } from './wanted.js';

export type { Position } from './diagnostics.js';

/** The line starts of a text, found in one pass; each lookup is then a binary search. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  at(offset: number): Position {
    const { starts } = this;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  }
}

const require = createRequire(import.meta.url);
/** jsonc-parser, loaded only where a syntax error or a repeated key needs its words: a valid manifest never pays for it. */
export const jsoncParser = (): typeof import('jsonc-parser') =>
  require('jsonc-parser') as typeof import('jsonc-parser');

/**
 * At most 2^12 elements per native step: the regular expression engine's backtracking stack grows
 * with the count (2^22 overflows it) and its time per element with it.
 */
const MAX_RUN = 12;

/** The walk over `text` for the pointers in `tree`; false when the text is not JSON where it went. */
function walk(text: string, tree: WantedTree): boolean {
  try {
    return locate(text, tree);
  } catch {
    return false; // a key with an escape JSON cannot decode: not JSON
  }
}

/** An open object or array on a wanted path: for an object the next kid expected, for an array the elements passed and the next wanted index. */
interface Frame {
  node: number;
  list: IndexList | undefined;
  index: number;
  cursor: number;
  /** How many elements the next native step over an array tries: 2^run, grown while the steps succeed. */
  run: number;
  /** Whether the array is written one element a line, as far as the walk has seen: its steps then count the lines too. */
  lined: boolean;
}

/**
 * Walks the text down the wanted paths only, setting each wanted node's line and column, and
 * steps over everything else: the elements before a wanted index (natively, many at a time), the
 * rest of an array once its last wanted index is found, and every value no pointer enters.
 * Without recursion (nesting can be as deep as the text is long). False when the text is not JSON
 * where it went.
 */
function locate(text: string, tree: WantedTree): boolean {
  const { firstKid, nextKid, canon, ord, occurrence, under, line: lines, column: columns } = tree;
  let occurrences = 0;
  /** The first backslash at or after the key being read: a key before it has no escapes and is its own token. */
  let backslash = -1;
  // Lines are counted as the walk goes (it only moves forward): every line break before `counted`
  // is counted, `lineStart` is where the last one ended, and `nextBreak` is the first at or after
  // `counted` (-1 for none, -2 not searched yet). A step over elements one a line counts its lines
  // natively; anything else is caught up with `indexOf` at the next place found.
  let line = 1;
  let lineStart = 0;
  let counted = 0;
  let nextBreak = -2;
  const open: Frame[] = [];
  let i = skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (i === -1 || i >= text.length) return false;
  place(0, i);
  occurrence[0] = ++occurrences;
  if (!enter(0, i)) return valueEnd(text, i) !== -1;
  i++;

  /** Counts the line breaks up to `at`, which is not before `counted`. */
  function countTo(at: number): void {
    let nl = nextBreak === -2 ? text.indexOf('\n', counted) : nextBreak;
    while (nl !== -1 && nl < at) {
      line++;
      lineStart = nl + 1;
      nl = text.indexOf('\n', lineStart);
    }
    nextBreak = nl;
    counted = at;
  }

  /** Sets `node`'s line and column to those of `at`. */
  function place(node: number, at: number): void {
    if (at !== counted) countTo(at);
    lines[node] = line;
    columns[node] = at - lineStart + 1;
  }

  /** Opens the container at `at` when `node` has wanted kids; false to step over the value instead. */
  function enter(node: number, at: number): boolean {
    const c = text.charCodeAt(at);
    if (firstKid[node] === NONE || (c !== 123 && c !== 91)) return false;
    const list = c === 91 ? tree.indexed(node) : undefined;
    if (list !== undefined && list.nodes.length === 0) return false; // no index is wanted in this array
    open.push({ node, list, index: 0, cursor: list === undefined ? firstKid[node]! : 0, run: 0, lined: true });
    return true;
  }

  /** Records that `child` of `parent` is at `at` in this occurrence of the parent. */
  function found(parent: number, child: number, at: number): void {
    place(child, at);
    occurrence[child] = ++occurrences;
    under[child] = occurrence[parent]!;
  }

  while (open.length > 0) {
    const frame = open[open.length - 1]!;
    const parent = frame.node;
    let child = NONE;
    const list = frame.list;
    if (list !== undefined) {
      if (frame.cursor === list.nodes.length) {
        // Every wanted index is found: the rest of the array is stepped over whole.
        i = containerEnd(text, i, 1);
        if (i === -1) return false;
        open.pop();
        continue;
      }
      const target = list.indexes[frame.cursor]!;
      // Step over the elements before the next wanted one: runs of strings and literals natively,
      // 1, 2, 4... at a time while they last, anything else one at a time.
      let c: number;
      for (;;) {
        i = skipSpace(text, i);
        if (i === -1 || i >= text.length) return false;
        c = text.charCodeAt(i);
        if (c === 44) {
          i++;
          continue;
        }
        if (c === 93 || frame.index === target) break;
        if (frame.lined) {
          // One element a line: one match steps over them and counts their lines.
          if (i !== counted) countTo(i);
          const count = lineRun(target - frame.index, MAX_RUN);
          const after = skipElementLines(text, i, count);
          if (after !== -1) {
            frame.index += count;
            line += count;
            lineStart = after;
            while (text.charCodeAt(lineStart - 1) !== 10) lineStart--; // back over the indentation
            i = counted = after;
            nextBreak = -2;
            continue;
          }
        }
        let run = frame.run;
        while (1 << run > target - frame.index) run--;
        const after = skipElements(text, i, run);
        if (after !== -1) {
          frame.lined = false; // elements the step above could not take, but this one could: not one a line
          i = after;
          frame.index += 1 << run;
          if (run === frame.run && run < MAX_RUN) frame.run++;
          continue;
        }
        frame.run = 0;
        frame.index++;
        i = c === 34 ? stringEnd(text, i) + 1 : valueEnd(text, i);
        if (i <= 0) return false;
      }
      if (c === 93) {
        // The array ends before the wanted index: a missing element points at the array.
        open.pop();
        i++;
        continue;
      }
      child = list.nodes[frame.cursor++]!;
      found(parent, child, i);
      if (enter(child, i)) {
        frame.index++;
        i++;
      }
      // Else the element stays where it is, for the next step over the array to take with the
      // elements after it (or for the step over the rest once every wanted index is found).
      continue;
    } else {
      i = skipSpace(text, i);
      if (i === -1 || i >= text.length) return false;
      let c = text.charCodeAt(i);
      if (c === 44) {
        i = skipSpace(text, i + 1);
        if (i === -1 || i >= text.length) return false;
        c = text.charCodeAt(i);
      }
      if (c === 125) {
        // Kids never met in order may repeat a token met: the table makes them aliases of it.
        if (frame.cursor !== NONE) tree.tableOf(parent);
        open.pop();
        i++;
        continue;
      }
      if (c !== 34) return false;
      const end = stringEnd(text, i);
      if (end === -1) return false;
      if (backslash !== -2 && backslash < i) {
        backslash = text.indexOf('\\', i);
        if (backslash === -1) backslash = -2; // none left: no key further on has escapes
      }
      const escaped = backslash !== -2 && backslash < end;
      // Keys are mostly asked for in the order the text writes them: the next one is compared
      // with the text where it stands before the key is looked up.
      const next = frame.cursor;
      if (!escaped && next !== NONE && tree.is(next, text, i + 1, end)) {
        child = canon[next] || next;
        frame.cursor = nextKid[next]!;
      } else {
        const key = escaped ? keyAt(text, i, end) : text;
        const from = escaped ? 0 : i + 1;
        const to = escaped ? key.length : end;
        child = tree.mayHave(parent, key, from, to) ? tree.find(parent, key, from, to) : NONE;
        if (child !== NONE && frame.cursor !== NONE && ord[child]! >= ord[frame.cursor]!)
          frame.cursor = nextKid[child]!;
      }
      if (child !== NONE) found(parent, child, i);
      if (child === NONE || firstKid[child] === NONE) {
        // A property alone on its line with a plain value: one match steps over it to the next
        // key and counts its line break.
        const after = skipPropertyLine(text, i);
        if (after !== -1) {
          if (counted === i) {
            line++;
            lineStart = after;
            while (text.charCodeAt(lineStart - 1) !== 10) lineStart--; // back over the indentation
            counted = after;
            nextBreak = -2;
          }
          i = after;
          continue;
        }
      }
      i = skipSpace(text, end + 1);
      if (i === -1 || text.charCodeAt(i) !== 58) return false;
      i = skipSpace(text, i + 1);
      if (i === -1) return false;
    }
    if (child !== NONE && enter(child, i)) i++;
    else {
      i = valueEnd(text, i);
      if (i === -1) return false;
    }
  }
  return true;
}

/**
 * Finds where the values some JSON Pointers name are, or their nearest existing ancestors (a
 * missing property points at its parent object), in one pass over the text that builds no tree
 * and steps over every subtree no pointer enters. A property is placed at its key, where people
 * look; of repeated keys the last counts, as in JSON.parse.
 */
export function pointerLocator(text: string, pointers: Iterable<string>): (pointer: string) => Position | undefined {
  const tree = new WantedTree();
  for (const pointer of pointers) tree.add(pointer);
  const found = walk(text, tree);
  return (pointer) => {
    const at = found ? tree.resolve(tree.lookup(pointer)) : -1;
    return at === -1 ? undefined : { line: tree.line[at]!, column: tree.column[at]! };
  };
}

/** The 1-based line and column in `text` of the value a JSON Pointer names, or of its nearest existing ancestor. */
export const locatePointer = (text: string, pointer: string): Position | undefined =>
  pointerLocator(text, [pointer])(pointer);

/**
 * The line and column of each diagnostic: its own when it has them (syntax errors, repeated
 * keys), or the place the rule that reported it found in the same text (component repeats),
 * else those of the value its pointer names. The text is read for pointers only when some
 * diagnostic needs it, and then once.
 */
export function diagnosticPositions(
  text: string | undefined,
  diagnostics: ReadonlyArray<{ path: string; line?: number; column?: number }>,
): Array<Position | undefined> {
  const n = diagnostics.length;
  const tree = new WantedTree(n);
  const nodes = new Int32Array(n).fill(-1);
  const places = new Array<Place | undefined>(n);
  // A place counts for the text it was found in: compared once, not once per diagnostic.
  let same: string | undefined;
  let other: string | undefined;
  let wanted = false;
  if (text !== undefined) {
    for (let k = 0; k < n; k++) {
      const d = diagnostics[k]!;
      if (d.line !== undefined) continue;
      const place = placeOf(d);
      if (place !== undefined && place.text !== other && (place.text === same || place.text === text)) {
        same = place.text;
        places[k] = place;
      } else {
        if (place !== undefined) other = place.text;
        nodes[k] = tree.add(d.path);
        wanted = true;
      }
    }
  }
  const found = wanted && walk(text!, tree);
  const out = new Array<Position | undefined>(n);
  for (let k = 0; k < n; k++) {
    const d = diagnostics[k]!;
    const place = places[k];
    const at = nodes[k] === -1 || !found ? -1 : tree.resolve(nodes[k]!);
    if (d.line !== undefined) out[k] = { line: d.line, column: d.column ?? 1 };
    else if (place !== undefined) out[k] = { line: place.line, column: place.column };
    else out[k] = at === -1 ? undefined : { line: tree.line[at]!, column: tree.column[at]! };
  }
  return out;
}

/**
 * A walk through a container's text, counting lines on the way, so that what it reaches has its
 * line and column for nothing more: `at` is the offset reached, or -1 once the text is not what
 * the values JSON.parse made of it say.
 */
abstract class TextWalk {
  at: number;
  protected line = 1;
  protected lineStart = 0;
  /** The first line break at or after `breakFrom` (-1: none), once looked for; -2 before (`breakAt`). */
  private nextBreak = -2;
  private breakFrom = 0;

  /** From the container's opening bracket at `open`, when it is `bracket` (a character code). */
  constructor(
    protected readonly text: string,
    open: number,
    bracket: number,
  ) {
    for (let nl = text.indexOf('\n'); nl !== -1 && nl < open; nl = text.indexOf('\n', nl + 1)) {
      this.line++;
      this.lineStart = nl + 1;
    }
    this.at = text.charCodeAt(open) === bracket ? this.space(open + 1) : -1;
  }

  /** The line and column reached, for a diagnostic of the same text. */
  place(): Place {
    return { line: this.line, column: this.at - this.lineStart + 1, text: this.text };
  }

  /** Counts the line breaks from `from` up to `to`. */
  protected lines(from: number, to: number): void {
    for (let nl = this.breakAt(from); nl !== -1 && nl < to; nl = this.breakAt(nl + 1)) {
      this.line++;
      this.lineStart = nl + 1;
    }
  }

  /**
   * The offset of the first line break at or after `from`, or -1. The search runs on past what
   * the caller counts to, up to the next break: remembered, so that a text of many values on one
   * long line is searched once, not once per value (a minified manifest: each search to the end
   * of the file made the walk quadratic).
   */
  private breakAt(from: number): number {
    const known = this.nextBreak;
    if (known === -2 || from < this.breakFrom || (known !== -1 && known < from)) {
      this.breakFrom = from;
      return (this.nextBreak = this.text.indexOf('\n', from));
    }
    return known;
  }

  /** Past spaces, tabs and line breaks from `i`, counting the lines. */
  protected space(i: number): number {
    const { text } = this;
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 10) {
        this.line++;
        this.lineStart = ++i;
      } else if (c === 32 || c === 13 || c === 9) i++;
      else return i;
    }
  }
}

/**
 * The elements of an array in a text, one at a time, beside the values JSON.parse made of them:
 * a string written without escapes is stepped over by its length, anything else is read. Lines
 * are counted on the way, so an element's line and column cost nothing more. `at` is the offset
 * of the element reached, or -1 once the text is not what the values say.
 */
export class ElementWalk extends TextWalk {
  /** The first backslash at or after `at` (-2: none left), found again only once it is passed. */
  private backslash = -1;
  /** Where the last `skipLines` run began (offset, line, column), and its indentation (-1: not measured yet). */
  private runAt = 0;
  private runLine = 0;
  private runColumn = 0;
  private runIndent = -1;

  /** From the array's opening bracket at `open`. */
  constructor(text: string, open: number) {
    super(text, open, 91);
  }

  /** Steps over the element reached, whose parsed value is `value`, and the comma after it. */
  next(value: unknown): void {
    const { text, at } = this;
    if (at === -1) return;
    let end: number;
    if (typeof value === 'string') {
      if (this.backslash !== -2 && this.backslash < at) {
        const b = text.indexOf('\\', at);
        this.backslash = b === -1 ? -2 : b;
      }
      // Unescaped, the string is its value in quotes; an escape, if any, comes before that length ends.
      end = at + value.length + 1;
      if (this.backslash !== -2 && this.backslash < end) end = stringEnd(text, at);
      if (text.charCodeAt(at) !== 34 || end === -1 || text.charCodeAt(end) !== 34) return void (this.at = -1);
      end++;
    } else {
      end = valueEnd(text, at);
      if (end === -1) return void (this.at = -1);
      this.lines(at, end);
    }
    let i = this.space(end);
    if (text.charCodeAt(i) === 44) i = this.space(i + 1);
    else if (text.charCodeAt(i) !== 93) i = -1;
    this.at = i;
  }

  /**
   * Steps over `count` elements at once where `lines` (a sticky expression for `count` elements,
   * each followed by its comma and exactly one line break) matches their text; false where it does
   * not. Then on over any space up to the next element, as `next` does (a blank line after the run
   * would otherwise leave the walk on space, where the next element is not). When `lines` also
   * holds the lines after the first to one indentation (`Namespace.lines`), `placeInRun(k)` is,
   * until the next step, the line and column of the run's element `k`.
   */
  skipLines(count: number, lines: RegExp): boolean {
    const { text, at } = this;
    if (at === -1) return false;
    lines.lastIndex = at;
    if (!lines.test(text)) return false;
    const end = lines.lastIndex;
    this.runAt = at;
    this.runLine = this.line;
    this.runColumn = at - this.lineStart + 1;
    this.runIndent = -1;
    this.line += count;
    let start = end;
    while (text.charCodeAt(start - 1) !== 10) start--; // back over the indentation
    this.lineStart = start;
    this.at = this.space(end);
    return true;
  }

  /**
   * The line and column of element `k` of the last `skipLines` run: one line each, the first where
   * the run began, the others after the same indentation (the expression's back-reference), which
   * is measured on the second element's line when first asked.
   */
  placeInRun(k: number): Place {
    if (k === 0) return { line: this.runLine, column: this.runColumn, text: this.text };
    if (this.runIndent === -1) {
      const { text } = this;
      const start = text.indexOf('\n', this.runAt) + 1;
      let i = start;
      for (let c = text.charCodeAt(i); c === 32 || c === 9; c = text.charCodeAt(++i));
      this.runIndent = i - start;
    }
    return { line: this.runLine + k, column: this.runIndent + 1, text: this.text };
  }

  /** Steps over elements on one line where `flat` (a sticky expression for them) matches their text; false where it does not. */
  skipFlat(flat: RegExp): boolean {
    const { text, at } = this;
    if (at === -1) return false;
    flat.lastIndex = at;
    if (!flat.test(text)) return false;
    this.at = this.space(flat.lastIndex);
    return true;
  }

  /** Whether every element was where its value said, up to the closing bracket. */
  get done(): boolean {
    return this.at !== -1 && this.text.charCodeAt(this.at) === 93;
  }
}

/**
 * The properties of an object in a text, one at a time, beside the keys JSON.parse made of them
 * (in `Object.keys` order): `take(key)` gives the line and column of the property reached when it
 * is `key`, written without escapes, and steps over it; any other key, or a text that is not what
 * the keys say, ends the walk (`at` -1). A property alone on its line with a plain value is one
 * native match (`skipPropertyLine`). The walk does not tell a key written twice: a caller that
 * keeps its places checks `done` (every key taken, then the closing brace) and `isLastOnPath`.
 */
export class PropertyWalk extends TextWalk {
  /** From the object's opening brace at `open`. */
  constructor(text: string, open: number) {
    super(text, open, 123);
  }

  /** The place of the property reached when its key is `key` (which holds no quote, backslash or control character), then past it. */
  take(key: string): Place | undefined {
    const { text, at } = this;
    if (at === -1) return undefined;
    const close = at + key.length + 1;
    if (text.charCodeAt(at) !== 34 || text.charCodeAt(close) !== 34 || !text.startsWith(key, at + 1))
      return void (this.at = -1);
    const place = this.place();
    this.at = this.past(at, close, Infinity);
    return place;
  }

  /** Characters of the value the last `past` stepped over, when it was not alone on a property line (else 0). */
  private valueChars = 0;

  /**
   * Past the property whose key's quotes are at `at` and `close`, counting lines: the offset of
   * the next key or of the closing brace, or -1 where the text is not a property, or where its
   * value, not alone on a property line, is an object or array longer than `most` characters.
   * A property alone on its line with a plain value is one native match (`skipPropertyLine`).
   */
  private past(at: number, close: number, most: number): number {
    const { text } = this;
    this.valueChars = 0;
    const next = skipPropertyLine(text, at);
    if (next !== -1) {
      this.line++;
      let start = next;
      while (text.charCodeAt(start - 1) !== 10) start--; // back over the indentation
      this.lineStart = start;
      return this.space(next);
    }
    let i = this.space(close + 1);
    if (text.charCodeAt(i) !== 58) return -1;
    i = this.space(i + 1);
    const end = valueEnd(text, i, i + most);
    if (end === -1) return -1;
    this.valueChars = end - i;
    this.lines(i, end);
    i = this.space(end);
    if (text.charCodeAt(i) === 44) return this.space(i + 1);
    return text.charCodeAt(i) === 125 ? i : -1;
  }

  /** Ends the walk: the caller met a key it does not take. */
  stop(): void {
    this.at = -1;
  }

  /**
   * Every key from here to the closing brace, read from the text, with the line and column of
   * each; undefined where a key is escaped or starts with a digit (JSON.parse's object lists an
   * array index before the other keys, not where the text has it), or where the values the walk
   * steps over, other than those alone on a property line, come to more than `budget` characters
   * plus four times the characters of those lines (a small object beside a large one is not worth
   * reading from the text: its keys are cheap to list). The walk ends either way.
   */
  readKeys(budget: number): ReadKeys | undefined {
    const { text } = this;
    const keys: string[] = [];
    let lines = new Int32Array(64);
    let columns = new Int32Array(64);
    let at = this.at;
    let backslash = text.indexOf('\\', at);
    let lineChars = 0; // of the property lines read
    let stepped = 0; // of the other values stepped over
    while (at !== -1 && text.charCodeAt(at) === 34) {
      const close = text.indexOf('"', at + 1);
      if (backslash !== -1 && backslash < at) backslash = text.indexOf('\\', at);
      if (close === -1 || (backslash !== -1 && backslash < close)) return void this.stop();
      const first = text.charCodeAt(at + 1);
      if (first >= 48 && first <= 57) return void this.stop();
      const k = keys.length;
      if (k === lines.length) [lines, columns] = [grow(lines), grow(columns)];
      keys.push(text.slice(at + 1, close));
      lines[k] = this.line;
      columns[k] = at - this.lineStart + 1;
      const next = this.past(at, close, budget + 4 * lineChars - stepped);
      if (next === -1) return void this.stop();
      if (this.valueChars === 0) lineChars += next - at;
      else if ((stepped += this.valueChars) > budget + 4 * lineChars) return void this.stop();
      at = next;
    }
    this.at = at;
    return this.done ? { keys, lines, columns } : void this.stop();
  }

  /** Whether every key was where the keys said, up to the closing brace. */
  get done(): boolean {
    return this.at !== -1 && this.text.charCodeAt(this.at) === 125;
  }
}

/** Whether a key is written in JSON text as it is (no quote or backslash to escape; a control character never matches the text). */
export const unescaped = (key: string): boolean => key.indexOf('"') === -1 && key.indexOf('\\') === -1;

/** The keys of an object as its text writes them, each with its line and column. */
export interface ReadKeys {
  keys: string[];
  /** Of `keys[i]` at `i` (the arrays may be longer than the keys). */
  lines: Int32Array;
  columns: Int32Array;
}

/**
 * The keys of the object at `path` in `text` (the text JSON.parse made it from), read from the text
 * with their places, when they are what `Object.keys` of that object gives: each written without
 * escapes, none starting with a digit (so none is an array index, which Object.keys lists first),
 * none written twice, and the object the one JSON.parse kept (no key on `path` written twice).
 * Undefined otherwise, or when the object is small beside the values it holds. On an object of
 * tens of thousands of keys this costs about half of Object.keys, which sorts them by insertion
 * order, and it finds their places on the way.
 */
export function readKeys(text: string, path: readonly string[]): ReadKeys | undefined {
  const open = valueAt(text, path);
  if (open === -1) return undefined;
  const walk = new PropertyWalk(text, open);
  const read = walk.readKeys(READ_BUDGET);
  if (read === undefined || !isLastOnPath(text, path, walk.at + 1)) return undefined;
  const seen = new StringSet(read.keys);
  for (let i = 0; i < read.keys.length; i++) if (!seen.addAt(i)) return undefined;
  return read;
}

/** Characters of values not alone on their line that `readKeys` steps over, beyond four times those of the lines it read. */
const READ_BUDGET = 4096;

/**
 * The places of some keys of one object, for a rule that reports them as it goes through the keys
 * (`Object.keys` order) of the object at `path` in the text it was parsed from. `at(i, plain)` is the
 * place of `keys[i]`: the walk starts at the first key asked for and steps over the keys before it,
 * so an object with nothing to report is never read. `plain` says the key holds no quote, backslash
 * or control character (else the walk ends: such a key is escaped in the text). `end()` takes back
 * every place given unless each key was where the keys said and the object is the one JSON.parse
 * kept (none of the keys on `path` written twice); `diagnosticPositions` then walks to them.
 * Made by `KeyPlaces.of`, it lists the keys too, from the text when `readKeys` can: then every
 * place is known, and checked, before any is given.
 */
export class KeyPlaces {
  private walk: PropertyWalk | undefined;
  private taken = 0;
  private readonly given: Place[] = [];
  private read: ReadKeys | undefined;

  constructor(
    private text: string | undefined,
    private readonly path: readonly string[],
    readonly keys: readonly string[],
  ) {}

  /**
   * The keys of `obj`, the object at `path`, listed once per validation by `reporter` (from the
   * text when `readKeys` can, else by Object.keys), and their places.
   */
  static of(
    reporter: Reporter,
    obj: Record<string, unknown>,
    text: string | undefined,
    path: readonly string[],
    containers?: readonly string[],
  ): KeyPlaces {
    let read: ReadKeys | undefined;
    const keys = reporter.keysOf(
      obj,
      containers,
      text === undefined ? undefined : () => (read = readKeys(text, path))?.keys,
    );
    const places = new KeyPlaces(text, path, keys);
    places.read = read;
    return places;
  }

  at(i: number, plain: boolean): Place | undefined {
    const { text, keys, read } = this;
    if (text === undefined) return undefined;
    if (read !== undefined) return plain ? { line: read.lines[i]!, column: read.columns[i]!, text } : undefined;
    if (this.walk === undefined) {
      const open = valueAt(text, this.path);
      if (open === -1) return void (this.text = undefined);
      this.walk = new PropertyWalk(text, open);
    }
    const walk = this.walk;
    while (this.taken < i && walk.at !== -1) this.pass(keys[this.taken++]!);
    this.taken = i + 1;
    if (!plain) return void walk.stop();
    const place = walk.take(keys[i]!);
    if (place !== undefined) this.given.push(place);
    return place;
  }

  /** Steps over a key no diagnostic is placed at, which the caller has not tested. */
  private pass(key: string): void {
    if (unescaped(key)) this.walk!.take(key);
    else this.walk!.stop();
  }

  end(): void {
    const { walk, keys } = this;
    if (walk === undefined) return;
    while (this.taken < keys.length && walk.at !== -1) this.pass(keys[this.taken++]!);
    if (!walk.done || !isLastOnPath(this.text!, this.path, walk.at + 1)) forget(this.given);
  }
}

/** A copy of `a` twice as long. */
function grow(a: Int32Array): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

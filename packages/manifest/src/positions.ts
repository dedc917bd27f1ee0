// Where things are in manifest.json's text: line and column of an offset, and of the value a
// JSON Pointer names. Each is found in one pass over the text, so that reporting n diagnostics
// costs one scan and n lookups rather than a scan of the file per diagnostic; the scan steps over
// every subtree no diagnostic is in.
import { createRequire } from 'node:module';
import { tokens } from './pointer.js';
import { containerEnd, keyAt, skipSpace, stringEnd, valueEnd } from './scan.js';

export interface Position {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (what editors and SARIF count by default). */
  column: number;
}

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
export const jsoncParser = (): typeof import('jsonc-parser') => require('jsonc-parser') as typeof import('jsonc-parser');

/**
 * The pointers asked for, as a tree of their tokens. A node gets the offset where its value (or
 * its key) is, and `under`, the occurrence of its parent it was found in: when a key repeats,
 * JSON.parse keeps the last value, so what was found under an earlier one no longer counts.
 */
class Wanted {
  readonly parent: Wanted | undefined;
  readonly token: string;
  /** Whether the token has no backslash, so that a key the text writes without escapes equals it as written. */
  readonly plain: boolean;
  /** Its place among its parent's children. */
  readonly index: number;
  /** Children by token. */
  keys: Map<string, Wanted> | undefined;
  /** Children in the order first asked for: the order diagnostics come in, usually the text's own. */
  order: Wanted[] | undefined;
  /** The children whose tokens are array indexes, sorted by index when first walked as an array. */
  indexed: Array<{ index: number; node: Wanted }> | undefined;
  sorted = false;
  offset = -1;
  /** Which occurrence of this node the offset is (a repeated key makes a new one). */
  occurrence = 0;
  /** The parent's occurrence this node was found in. */
  under = -1;
  /** After the walk: whether this node and its ancestors are in the value JSON.parse keeps, and the offset it resolves to. */
  valid = false;
  resolved = UNRESOLVED;

  constructor(parent?: Wanted, token = '', index = 0) {
    this.parent = parent;
    this.token = token;
    this.plain = !token.includes('\\');
    this.index = index;
  }

  child(token: string): Wanted {
    this.keys ??= new Map();
    let next = this.keys.get(token);
    if (next === undefined) {
      const order = (this.order ??= []);
      this.keys.set(token, (next = new Wanted(this, token, order.length)));
      order.push(next);
      const first = token.charCodeAt(0);
      if (first >= 48 && first <= 57 && INDEX.test(token)) (this.indexed ??= []).push({ index: Number(token), node: next });
    }
    return next;
  }
}

const INDEX = /^(?:0|[1-9]\d{0,14})$/;
const UNRESOLVED = -2;

/** The node a pointer names, made when missing. */
function wantedAt(root: Wanted, pointer: string): Wanted {
  let node = root;
  for (const token of tokens(pointer)) node = node.child(token);
  return node;
}

/**
 * Adds pointers to the tree, one node each. Diagnostics come in runs under one parent
 * (`/config/defaults/a`, `/config/defaults/b`), so a pointer under the previous one's parent
 * is added by its last token alone, without splitting it whole.
 */
function wantedTree(): { root: Wanted; add: (pointer: string) => Wanted } {
  const root = new Wanted();
  let parentPointer: string | undefined;
  let parent = root;
  const add = (pointer: string): Wanted => {
    const cut = pointer.lastIndexOf('/');
    // The parent is the previous pointer's when its pointer is this one's up to the cut ('' for the root).
    if (cut !== parentPointer?.length || (cut > 0 && !pointer.startsWith(parentPointer))) {
      parentPointer = cut <= 0 ? '' : pointer.slice(0, cut);
      parent = wantedAt(root, parentPointer);
    }
    if (cut === -1) return root;
    const token = pointer.slice(cut + 1);
    return parent.child(token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token);
  };
  return { root, add };
}

/**
 * The offset a wanted node resolves to after the walk: its own when it and every ancestor were
 * found in the occurrences JSON.parse keeps, else its nearest such ancestor's (-1 for none).
 * Each node is resolved once, so n diagnostics cost n steps, however deep their pointers.
 */
function resolve(node: Wanted): number {
  if (node.resolved !== UNRESOLVED) return node.resolved;
  const p = node.parent;
  if (p !== undefined && p.resolved !== UNRESOLVED) {
    // The common case, a sibling of a node resolved before: one step, no chain.
    node.valid = p.valid && node.offset !== -1 && node.under === p.occurrence;
    return (node.resolved = node.valid ? node.offset : p.resolved);
  }
  const chain: Wanted[] = [];
  for (let n: Wanted | undefined = node; n !== undefined && n.resolved === UNRESOLVED; n = n.parent) chain.push(n);
  for (let k = chain.length - 1; k >= 0; k--) {
    const n = chain[k]!;
    const p = n.parent;
    n.valid = p === undefined ? n.offset !== -1 : p.valid && n.offset !== -1 && n.under === p.occurrence;
    n.resolved = n.valid || p === undefined ? n.offset : p.resolved;
  }
  return node.resolved;
}

/** The walk over `text` for the tree under `root`; false when the text is not JSON where it went. */
function walk(text: string, root: Wanted): boolean {
  try {
    return locate(text, root);
  } catch {
    return false; // a key with an escape JSON cannot decode: not JSON
  }
}

/** An open object or array on a wanted path; for an array, the next index and the next wanted child. */
interface Frame {
  node: Wanted;
  array: boolean;
  index: number;
  cursor: number;
}

/**
 * Finds where the values some JSON Pointers name are, or their nearest existing ancestors (a
 * missing property points at its parent object), in one pass over the text that builds no tree
 * and steps over every subtree no pointer enters. A property is placed at its key, where people
 * look; of repeated keys the last counts, as in JSON.parse.
 */
export function pointerLocator(text: string, pointers: Iterable<string>): (pointer: string) => Position | undefined {
  const { root, add } = wantedTree();
  for (const pointer of pointers) add(pointer);
  const found = walk(text, root);
  let lines: LineIndex | undefined;
  return (pointer) => {
    if (!found) return undefined;
    let node = root;
    for (const token of tokens(pointer)) {
      const next = node.keys?.get(token);
      if (next === undefined) break;
      node = next;
    }
    const at = resolve(node);
    return at === -1 ? undefined : (lines ??= new LineIndex(text)).at(at);
  };
}

/**
 * Walks the text down the wanted paths only, setting each wanted node's offset, and steps over
 * everything else: the rest of an array once its last wanted index is found, and every value no
 * pointer enters. Without recursion (nesting can be as deep as the text is long). False when the
 * text is not JSON where the walk went.
 */
function locate(text: string, root: Wanted): boolean {
  let occurrences = 0;
  const open: Frame[] = [];
  let i = skipSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
  if (i === -1 || i >= text.length) return false;
  root.offset = i;
  root.occurrence = ++occurrences;
  if (!enter(root, i)) return valueEnd(text, i) !== -1;
  i++;

  /** Opens the container at `at` when `node` has wanted children; false to step over the value instead. */
  function enter(node: Wanted, at: number): boolean {
    const c = text.charCodeAt(at);
    if (node.keys === undefined || (c !== 123 && c !== 91)) return false;
    if (c === 91) {
      if (node.indexed === undefined) return false; // no index is wanted in this array
      if (!node.sorted) node.indexed.sort((a, b) => a.index - b.index);
      node.sorted = true;
    }
    open.push({ node, array: c === 91, index: 0, cursor: 0 });
    return true;
  }

  while (open.length > 0) {
    const frame = open[open.length - 1]!;
    const parent = frame.node;
    let child: Wanted | undefined;
    if (frame.array) {
      const wanted = parent.indexed!;
      if (frame.cursor === wanted.length) {
        // Every wanted index is found: the rest of the array is stepped over whole.
        i = containerEnd(text, i, 1);
        if (i === -1) return false;
        open.pop();
        continue;
      }
      const target = wanted[frame.cursor]!.index;
      // Step over the elements before the next wanted one.
      let c: number;
      for (;;) {
        i = skipSpace(text, i);
        if (i === -1 || i >= text.length) return false;
        c = text.charCodeAt(i);
        if (c === 44) i++;
        else if (c === 93 || frame.index === target) break;
        else {
          frame.index++;
          i = c === 34 ? stringEnd(text, i) + 1 : valueEnd(text, i);
          if (i <= 0) return false;
        }
      }
      if (c === 93) {
        // The array ends before the wanted index: a missing element points at the array.
        open.pop();
        i++;
        continue;
      }
      child = wanted[frame.cursor++]!.node;
      frame.index++;
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
        open.pop();
        i++;
        continue;
      }
      if (c !== 34) return false;
      const end = stringEnd(text, i);
      if (end === -1) return false;
      // Keys are mostly asked for in the order the text writes them: the next one is compared
      // with the text where it stands before a key is cut out of the text and looked up.
      const next = parent.order![frame.cursor];
      if (next !== undefined && next.plain && end - i - 1 === next.token.length && text.startsWith(next.token, i + 1)) child = next;
      else child = parent.keys!.get(keyAt(text, i, end));
      if (child !== undefined) {
        if (child.index >= frame.cursor) frame.cursor = child.index + 1;
        child.offset = i;
        child.occurrence = ++occurrences;
        child.under = parent.occurrence;
      }
      i = skipSpace(text, end + 1);
      if (i === -1 || text.charCodeAt(i) !== 58) return false;
      i = skipSpace(text, i + 1);
      if (i === -1) return false;
    }
    if (child !== undefined && frame.array) {
      child.offset = i;
      child.occurrence = ++occurrences;
      child.under = parent.occurrence;
    }
    if (child !== undefined && enter(child, i)) i++;
    else {
      i = valueEnd(text, i);
      if (i === -1) return false;
    }
  }
  return true;
}

/** The 1-based line and column in `text` of the value a JSON Pointer names, or of its nearest existing ancestor. */
export const locatePointer = (text: string, pointer: string): Position | undefined => pointerLocator(text, [pointer])(pointer);

/**
 * The line and column of each diagnostic: its own when it has them (syntax errors, repeated
 * keys), else those of the value its pointer names. The text is read for pointers only when
 * some diagnostic needs it, and then once.
 */
export function diagnosticPositions(text: string | undefined, diagnostics: ReadonlyArray<{ path: string; line?: number; column?: number }>): Array<Position | undefined> {
  const { root, add } = wantedTree();
  const nodes = diagnostics.map((d) => (d.line === undefined && text !== undefined ? add(d.path) : undefined));
  const found = root.keys !== undefined || nodes.includes(root) ? walk(text!, root) : false;
  let lines: LineIndex | undefined;
  return diagnostics.map((d, i) => {
    if (d.line !== undefined) return { line: d.line, column: d.column ?? 1 };
    const at = found ? resolve(nodes[i]!) : -1;
    return at === -1 ? undefined : (lines ??= new LineIndex(text!)).at(at);
  });
}

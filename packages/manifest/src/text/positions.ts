// Where the values JSON Pointers name are in manifest.json's text, found in one walk of
// jsonc-parser's tokens (walk.ts) for every pointer at once, and only when a diagnostic asks.
import type { Position } from '../diagnostics.js';
import { tokens } from '../pointer.js';
import { LineIndex } from './lines.js';
import { DistinctMembers, matchAny } from './members.js';
import { walkJson } from './walk.js';

export type { Position } from '../diagnostics.js';

/**
 * A container some pointer goes into, and where the walk last found it: the offset of its key (a
 * property) or value (an element), and which occurrence it was (0: not found), under which
 * occurrence of its parent. A key written twice is found twice; JSON.parse keeps the last, and so
 * does a place: what was found under an earlier occurrence of the parent no longer counts.
 */
interface Container {
  parent: Container | undefined;
  /** The containers below it that pointers go into, by token. */
  kids: Map<string, Container> | undefined;
  offset: number;
  occurrence: number;
  under: number;
  /** After the walk, once asked: the offset it resolves to (its own, or its nearest found ancestor's); -1 before. */
  resolved: number;
  /** Whether it resolves to its own offset: it and every ancestor are in the values JSON.parse keeps. */
  kept: boolean;
  /** The last tokens of the pointers into it, and the index of each pointer's diagnostic. */
  asked: string[] | undefined;
  askedBy: number[];
  /**
   * Its members where it was last opened (which occurrence, and whether as an array): each key and
   * offset, or, for an object whose keys are all different, the match of its members to the asks.
   */
  opened: number;
  array: boolean;
  keys: string[];
  offsets: number[];
  match: DistinctMembers | undefined;
}

const container = (parent: Container | undefined): Container => ({
  parent,
  kids: undefined,
  offset: 0,
  occurrence: 0,
  under: 0,
  resolved: -1,
  kept: false,
  asked: undefined,
  askedBy: [],
  opened: 0,
  array: false,
  keys: [],
  offsets: [],
  match: undefined,
});

function kid(node: Container, token: string): Container {
  const kids = (node.kids ??= new Map<string, Container>());
  let k = kids.get(token);
  if (k === undefined) kids.set(token, (k = container(node)));
  return k;
}

/** The pointers' containers as a tree, and the walk down the text that records their members in one pass. */
class Asked {
  readonly root = container(undefined);
  /** The diagnostics whose pointer is the root's. */
  readonly atRoot: number[] = [];
  // Diagnostics come in runs under one parent (`/config/defaults/a`, `/config/defaults/b`): its node is kept.
  private lastParentPath: string | undefined;
  private lastParent = this.root;

  /** Asks for a pointer's place on behalf of diagnostic `k`. */
  add(pointer: string, k: number): void {
    const cut = pointer.lastIndexOf('/');
    if (cut === -1) return void this.atRoot.push(k);
    const last = this.lastParentPath;
    if (last === undefined || cut !== last.length || !pointer.startsWith(last)) {
      const parentPath = pointer.slice(0, cut);
      this.lastParentPath = parentPath;
      this.lastParent = tokens(parentPath).reduce((node, token) => kid(node, token), this.root);
    }
    const token = pointer.slice(cut + 1);
    const parent = this.lastParent;
    (parent.asked ??= []).push(token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token);
    parent.askedBy.push(k);
  }

  /** Walks the text, matching the members of objects as they are read where `distinct` (no key repeats); false where it is not JSON. */
  find(text: string, distinct: boolean): boolean {
    // The container of each open one that a pointer goes into (undefined: none does), and of the
    // value the last key or element starts.
    const open: Array<Container | undefined> = [];
    let next: Container | undefined = this.root;
    let occurrences = (this.root.occurrence = 1);
    // Where no key repeats, each container and each ask into an object is found once and for good:
    // the walk ends when all are (10,000 keys asked at the top of 12 MB are found in its first 1%).
    let left = distinct ? outstanding(this.root) : Infinity;
    const member = (token: string | number, offset: number): boolean => {
      const parent = open[open.length - 1];
      if (parent === undefined) {
        next = undefined;
        return false;
      }
      if (parent.asked !== undefined) {
        if (parent.match !== undefined) {
          const before = parent.match.answered;
          parent.match.add(token as string, offset);
          left -= parent.match.answered - before;
        } else {
          if (typeof token === 'string') parent.keys.push(token);
          parent.offsets.push(offset);
        }
      }
      next = parent.kids?.get(String(token));
      if (next !== undefined) {
        next.offset = offset;
        next.occurrence = ++occurrences;
        next.under = parent.occurrence;
        left--;
      }
      return left <= 0;
    };
    const offset = walkJson(text, {
      key: member,
      // An array's index is made a token only where a pointer goes below one of its elements.
      element: (index, offset) => void member(open[open.length - 1]?.kids === undefined ? -1 : index, offset),
      open: (object) => {
        const n = next;
        if (n !== undefined && n.kids === undefined && n.asked === undefined) return void open.push(undefined);
        if (n?.asked !== undefined) {
          [n.opened, n.array, n.keys, n.offsets] = [n.occurrence, !object, [], []];
          n.match = distinct && object ? new DistinctMembers(n.asked) : undefined;
        }
        open.push(n);
      },
      close: () => void open.pop(),
    });
    this.root.offset = offset;
    return offset !== -1;
  }
}

/** How many containers below `root` and asks the walk is to find. */
function outstanding(root: Container): number {
  let count = 0;
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    count += (node === root ? 0 : 1) + (node.asked?.length ?? 0);
    if (node.kids !== undefined) for (const kid of node.kids.values()) stack.push(kid);
  }
  return count;
}

/**
 * The offset `node` resolves to after the walk: its own when it and every ancestor were found in
 * the occurrences JSON.parse keeps, else its nearest such ancestor's. Each node is resolved once,
 * so n diagnostics cost n steps however deep their pointers.
 */
function resolve(node: Container): number {
  const chain: Container[] = [];
  for (let n: Container | undefined = node; n !== undefined && n.resolved === -1; n = n.parent) chain.push(n);
  for (let k = chain.length - 1; k >= 0; k--) {
    const n = chain[k]!;
    const p = n.parent;
    n.kept = p === undefined || (p.kept && n.occurrence !== 0 && n.under === p.occurrence);
    n.resolved = n.kept ? n.offset : p!.resolved;
  }
  return node.resolved;
}

const INDEX = /^(?:0|[1-9]\d*)$/;

/** Calls `place` with each diagnostic asked about under `node` and the offset it resolves to. */
function answer(node: Container, place: (k: number, offset: number) => void): void {
  const { asked, askedBy } = node;
  const own = resolve(node);
  // Members count only where the last occurrence JSON.parse kept was opened (not a value written in its place).
  if (!node.kept || node.opened !== node.occurrence) return askedBy.forEach((k) => place(k, own));
  const { offsets } = node;
  if (node.array) {
    asked!.forEach((token, a) => {
      const at = INDEX.test(token) ? offsets[Number(token)] : undefined;
      place(askedBy[a]!, at ?? own);
    });
    return;
  }
  if (node.match !== undefined) {
    const at = node.match.result();
    for (let a = 0; a < at.length; a++) place(askedBy[a]!, at[a] === -1 ? own : at[a]!);
    return;
  }
  const found = matchAny(node.keys, asked!);
  for (let a = 0; a < found.length; a++) place(askedBy[a]!, found[a] === -1 ? own : offsets[found[a]!]!);
}

/** Everything a text says of where things are, past one walk: whether it is JSON, and each asked container's answers. */
function placeAll(text: string, asked: Asked, distinct: boolean, place: (k: number, offset: number) => void): boolean {
  if (!asked.find(text, distinct)) return false;
  for (const k of asked.atRoot) place(k, asked.root.offset);
  const stack = [asked.root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.asked !== undefined) answer(node, place);
    if (node.kids !== undefined) for (const kid of node.kids.values()) stack.push(kid);
  }
  return true;
}

/**
 * Finds where the values some JSON Pointers name are, or their nearest existing ancestors (a
 * missing property points at its parent object), in one pass over the text. A property is placed
 * at its key, where people look; of repeated keys the last counts, as in JSON.parse. Undefined
 * for every pointer where the text is not JSON. A pointer not among `pointers` is looked up on its own.
 */
export function pointerLocator(text: string, pointers: Iterable<string>): (pointer: string) => Position | undefined {
  const list = [...pointers];
  const positions = diagnosticPositions(
    text,
    list.map((path) => ({ path })),
  );
  const byPointer = new Map(list.map((p, k) => [p, positions[k]]));
  return (pointer) => (byPointer.has(pointer) ? byPointer.get(pointer) : locatePointer(text, pointer));
}

/** The 1-based line and column in `text` of the value a JSON Pointer names, or of its nearest existing ancestor. */
export const locatePointer = (text: string, pointer: string): Position | undefined =>
  diagnosticPositions(text, [{ path: pointer }])[0];

export interface PositionOptions {
  /**
   * Whether some object in the text writes a key twice, as `validateManifestText` tells
   * (`keysRepeat`). `false` lets the walk match each object's keys in one pass, in the order
   * written, and end once every pointer is found; it also says the text is JSON (as
   * `validateManifestText` gives it only for text JSON.parse read). Left out, nothing is assumed.
   * A `false` that is not so may misplace a pointer asked twice into an object that repeats its
   * key, or place one in a text that is not JSON.
   */
  keysRepeat?: boolean;
}

/**
 * The line and column of each diagnostic: its own when it has them (syntax errors, repeated
 * keys), else those of the value its pointer names. The text is read only when some diagnostic
 * needs it, and then once for all.
 */
export function diagnosticPositions(
  text: string | undefined,
  diagnostics: ReadonlyArray<{ path: string; line?: number; column?: number }>,
  options: PositionOptions = {},
): Array<Position | undefined> {
  const out = new Array<Position | undefined>(diagnostics.length);
  const asked = new Asked();
  let wanted = false;
  for (let k = 0; k < diagnostics.length; k++) {
    const d = diagnostics[k]!;
    if (d.line !== undefined) out[k] = { line: d.line, column: d.column ?? 1 };
    else if (text !== undefined) {
      asked.add(d.path, k);
      wanted = true;
    }
  }
  if (!wanted) return out;
  let lines: LineIndex | undefined;
  placeAll(
    text!,
    asked,
    options.keysRepeat === false,
    (k, offset) => (out[k] = (lines ??= new LineIndex(text!)).at(offset)),
  );
  return out;
}

// The JSON Pointers a position lookup asks for, as a tree of their reference tokens kept in flat
// arrays. A report can hold a diagnostic per element of a 50,000-element list: an object, a Map
// entry and a token string for each cost more than finding them all in the text, so a node is an
// index into typed arrays and its token is a range of the pointer it came from, never cut out.
import { tokens } from './pointer.js';

/** No node: node 0 is the root, which is nobody's kid, so every array starts out saying "none". */
export const NONE = 0;
const NO_PARENT = -1;
const UNRESOLVED = 0;
const INVALID = 1;
const VALID = 2;
/** Unequal tokens of one hash met on one probe before a node's table hands its tokens to a Map. */
const MAX_SAME_HASH = 8;

/** The hash of `s.slice(a, b)`: its length and last eight characters (where keys sharing a prefix differ), mixed. */
function hashOf(s: string, a: number, b: number): number {
  let h = b - a;
  for (let k = b - 8 > a ? b - 8 : a; k < b; k++) h = Math.imul(h ^ s.charCodeAt(k), 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return h ^ (h >>> 13);
}

/** A weaker, cheaper hash of `s.slice(a, b)` for `mayHave`: its length and first and last characters. */
function signature(s: string, a: number, b: number): number {
  const h =
    a === b
      ? 0
      : Math.imul(b - a, 0x9e3779b1) ^
        Math.imul(s.charCodeAt(a), 0x85ebca6b) ^
        Math.imul(s.charCodeAt(b - 1), 0xc2b2ae35);
  return h ^ (h >>> 15);
}

/** The kids of one node by token: open addressing over kid ids, or a Map once crafted tokens collide. */
interface Table {
  slots: Int32Array;
  hashes: Int32Array;
  count: number;
  fallback: Map<string, number> | undefined;
}

/** The array indexes asked for under one node, ascending, and their nodes. */
export interface IndexList {
  indexes: number[];
  nodes: number[];
}

/** The array index `s.slice(a, b)` spells (digits, no leading zero), or -1. */
function indexOf(s: string, a: number, b: number): number {
  if (b === a || b - a > 15 || (s.charCodeAt(a) === 48 && b - a > 1)) return -1;
  let n = 0;
  for (let k = a; k < b; k++) {
    const d = s.charCodeAt(k) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

const newTable = (capacity: number): Table => ({
  slots: new Int32Array(capacity),
  hashes: new Int32Array(capacity),
  count: 0,
  fallback: undefined,
});

const INT32_FIELDS = [
  'parent',
  'from',
  'to',
  'firstKid',
  'lastKid',
  'nextKid',
  'ord',
  'canon',
  'line',
  'column',
  'occurrence',
  'under',
  'resolved',
] as const;

export class WantedTree {
  size = 1;
  /** Per node: its parent, and its token as `src[n].slice(from[n], to[n])`. */
  parent!: Int32Array;
  src!: string[];
  from!: Int32Array;
  to!: Int32Array;
  /** Kids in the order first asked for (the order diagnostics come in, usually the text's own), and each kid's place in it. */
  firstKid!: Int32Array;
  lastKid!: Int32Array;
  nextKid!: Int32Array;
  ord!: Int32Array;
  /** The node a kid repeats (the first asked for with its token), or NONE. */
  canon!: Int32Array;
  /** What the walk found: which occurrence (0 for none), its line and column (of the value, or of the key), in which occurrence of the parent. */
  line!: Int32Array;
  column!: Int32Array;
  occurrence!: Int32Array;
  under!: Int32Array;
  /** After the walk: whether it and its ancestors are in the values JSON.parse keeps, and the node whose place it resolves to. */
  state!: Uint8Array;
  resolved!: Int32Array;
  private tables: Array<Table | undefined> = [];
  private lists: Array<IndexList | undefined> = [];
  private filters: Array<Int32Array | undefined> = [];
  private prevCut = -1;
  private prevParentPointer = '';
  private prevParent = 0;
  private prevPath: string | undefined;
  private prevNode = 0;

  constructor(expected = 16) {
    this.resize(Math.max(16, expected + 8));
    this.parent[0] = NO_PARENT;
    this.src[0] = '';
  }

  /** The node a pointer names, made when missing. Runs under one parent (`/config/defaults/a`, `/config/defaults/b`) cost one comparison with the previous pointer's parent and no split. */
  add(pointer: string): number {
    // The last '/', and whether the last token has an escape, in one pass over that token.
    let cut = pointer.length - 1;
    let tilde = false;
    for (; cut >= 0; cut--) {
      const c = pointer.charCodeAt(cut);
      if (c === 47) break;
      if (c === 126) tilde = true;
    }
    if (cut === -1) return 0;
    // indexOf, not startsWith: V8's startsWith is several times slower with a freshly sliced prefix.
    if (cut !== this.prevCut || (cut > 0 && pointer.indexOf(this.prevParentPointer) !== 0)) {
      this.prevCut = cut;
      this.prevParentPointer = pointer.slice(0, cut);
      this.prevParent = this.descend(this.prevParentPointer);
      this.prevPath = undefined;
    } else if (pointer === this.prevPath) return this.prevNode;
    const p = this.prevParent;
    let n: number;
    if (!tilde) {
      n = this.tables[p] === undefined ? NONE : this.find(p, pointer, cut + 1, pointer.length);
      if (n === NONE) n = this.append(p, pointer, cut + 1, pointer.length);
    } else
      n = this.child(
        p,
        pointer
          .slice(cut + 1)
          .replace(/~1/g, '/')
          .replace(/~0/g, '~'),
      );
    this.prevPath = pointer;
    return (this.prevNode = n);
  }

  /** The node under `p` whose token is `token`, made when missing. */
  child(p: number, token: string): number {
    this.tableOf(p);
    const n = this.find(p, token, 0, token.length);
    return n === NONE ? this.append(p, token, 0, token.length) : n;
  }

  /**
   * Whether `p` may have a kid whose token is `s.slice(a, b)`: false when no kid has its length
   * and first and last characters. The walk asks this of the keys that are not the next one
   * asked for, most of which no pointer names, so that a node's table (which hashes every kid)
   * is built only when one may be.
   */
  mayHave(p: number, s: string, a: number, b: number): boolean {
    let bits = this.filters[p];
    if (bits === undefined) {
      let count = 0;
      for (let k = this.firstKid[p]!; k !== NONE; k = this.nextKid[k]!) count++;
      let size = 256;
      while (size < count * 8) size *= 2;
      this.filters[p] = bits = new Int32Array(size >> 5);
      const mask = size - 1;
      for (let k = this.firstKid[p]!; k !== NONE; k = this.nextKid[k]!) {
        const h = signature(this.src[k]!, this.from[k]!, this.to[k]!) & mask;
        bits[h >> 5]! |= 1 << (h & 31);
      }
    }
    const h = signature(s, a, b) & ((bits.length << 5) - 1);
    return (bits[h >> 5]! & (1 << (h & 31))) !== 0;
  }

  /** The node under `p` whose token is `s.slice(a, b)`, or NONE; the table is built when missing. */
  find(p: number, s: string, a: number, b: number): number {
    const table = this.tableOf(p);
    if (table.fallback !== undefined) return table.fallback.get(s.slice(a, b)) ?? NONE;
    const { slots, hashes } = table;
    const mask = slots.length - 1;
    const h = hashOf(s, a, b);
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const k = slots[slot]!;
      if (k === NONE) return NONE;
      if (hashes[slot] === h && this.is(k, s, a, b)) return k;
    }
  }

  /** Whether node `n`'s token is `s.slice(a, b)`. */
  is(n: number, s: string, a: number, b: number): boolean {
    const src = this.src[n]!;
    const f = this.from[n]!;
    const len = this.to[n]! - f;
    if (b - a !== len) return false;
    if (len > 12) return s.startsWith(src.slice(f, f + len), a);
    for (let k = 0; k < len; k++) if (s.charCodeAt(a + k) !== src.charCodeAt(f + k)) return false;
    return true;
  }

  /** The table of `p`'s kids, built on first use; a kid repeating an earlier one's token becomes its alias. */
  tableOf(p: number): Table {
    let table = this.tables[p];
    if (table !== undefined) return table;
    let count = 0;
    for (let k = this.firstKid[p]!; k !== NONE; k = this.nextKid[k]!) count++;
    let capacity = 16;
    while (capacity < count * 2 + 2) capacity *= 2;
    this.tables[p] = table = newTable(capacity);
    for (let k = this.firstKid[p]!; k !== NONE; k = this.nextKid[k]!) {
      const first = this.insert(p, k);
      if (first !== k) this.alias(k, first);
    }
    return table;
  }

  /**
   * `p`'s kids whose tokens are array indexes, sorted by index (the order asked for among equal
   * ones), made once per node; a kid repeating an index becomes an alias of the first.
   */
  indexed(p: number): IndexList {
    const list = this.lists[p];
    if (list !== undefined) return list;
    let indexes: number[] = [];
    let nodes: number[] = [];
    let sorted = true;
    for (let k = this.firstKid[p]!; k !== NONE; k = this.nextKid[k]!) {
      const index = this.canon[k] === NONE ? indexOf(this.src[k]!, this.from[k]!, this.to[k]!) : -1;
      if (index === -1) continue;
      if (indexes.length > 0 && index < indexes[indexes.length - 1]!) sorted = false;
      indexes.push(index);
      nodes.push(k);
    }
    if (!sorted) {
      const order = indexes.map((_, j) => j).sort((x, y) => indexes[x]! - indexes[y]!);
      indexes = order.map((j) => indexes[j]!);
      nodes = order.map((j) => nodes[j]!);
    }
    let kept = 0;
    for (let j = 0; j < indexes.length; j++) {
      if (kept > 0 && indexes[j] === indexes[kept - 1]) this.alias(nodes[j]!, nodes[kept - 1]!);
      else {
        indexes[kept] = indexes[j]!;
        nodes[kept++] = nodes[j]!;
      }
    }
    indexes.length = nodes.length = kept;
    return (this.lists[p] = { indexes, nodes });
  }

  /**
   * Makes `k` an alias of `first` (the same token under one parent). Whichever was found later
   * in the text holds what JSON.parse keeps. An alias never has kids: kids are only added under a
   * node reached through its parent's table.
   */
  alias(k: number, first: number): void {
    this.canon[k] = first;
    if (this.occurrence[k]! > this.occurrence[first]!) {
      this.line[first] = this.line[k]!;
      this.column[first] = this.column[k]!;
      this.occurrence[first] = this.occurrence[k]!;
      this.under[first] = this.under[k]!;
    }
  }

  /**
   * The node whose place (`line`, `column`) node `n` resolves to after the walk: itself
   * when it and every ancestor were found in the occurrences JSON.parse keeps, else its nearest
   * such ancestor (-1 for none).
   * Each node is resolved once, so n diagnostics cost n steps, however deep their pointers.
   */
  resolve(node: number): number {
    const n0 = this.canon[node] || node;
    const { resolved, parent, state, under, occurrence } = this;
    if (state[n0] !== UNRESOLVED) return resolved[n0]!;
    const p0 = parent[n0]!;
    if (p0 !== NO_PARENT && state[p0] !== UNRESOLVED) {
      // The common case, a sibling of a node resolved before: one step, no chain.
      const ok = state[p0] === VALID && occurrence[n0] !== 0 && under[n0] === occurrence[p0];
      state[n0] = ok ? VALID : INVALID;
      return (resolved[n0] = ok ? n0 : resolved[p0]!);
    }
    const chain: number[] = [];
    for (let n = n0; n !== NO_PARENT && state[n] === UNRESOLVED; n = parent[n]!) chain.push(n);
    for (let k = chain.length - 1; k >= 0; k--) {
      const n = chain[k]!;
      const p = parent[n]!;
      const ok = occurrence[n] !== 0 && (p === NO_PARENT || (state[p] === VALID && under[n] === occurrence[p]));
      state[n] = ok ? VALID : INVALID;
      resolved[n] = ok ? n : p === NO_PARENT ? -1 : resolved[p]!;
    }
    return resolved[n0]!;
  }

  /** The deepest node on a pointer's path (the node itself when it was asked for). */
  lookup(pointer: string): number {
    let node = 0;
    for (const token of tokens(pointer)) {
      if (this.firstKid[node] === NONE) break;
      const next = this.find(node, token, 0, token.length);
      if (next === NONE) break;
      node = next;
    }
    return node;
  }

  private descend(pointer: string): number {
    let node = 0;
    for (const token of tokens(pointer)) node = this.child(node, token);
    return node;
  }

  private append(p: number, src: string, from: number, to: number): number {
    if (this.size === this.parent.length) this.resize(this.size * 2);
    const n = this.size++;
    this.init(n, p, src, from, to);
    const last = this.lastKid[p]!;
    if (last === NONE) this.firstKid[p] = n;
    else this.nextKid[last] = n;
    this.ord[n] = last === NONE ? 0 : this.ord[last]! + 1;
    this.lastKid[p] = n;
    if (this.tables[p] !== undefined) this.insert(p, n);
    return n;
  }

  private init(n: number, p: number, src: string, from: number, to: number): void {
    this.parent[n] = p;
    this.src[n] = src;
    this.from[n] = from;
    this.to[n] = to;
  }

  /** Puts kid `n` in `p`'s table; the kid already there with its token, if any, is returned instead. */
  private insert(p: number, n: number): number {
    const table = this.tables[p]!;
    const src = this.src[n]!;
    const a = this.from[n]!;
    const b = this.to[n]!;
    if (table.fallback !== undefined) return this.insertFallback(table, n);
    const h = hashOf(src, a, b);
    const mask = table.slots.length - 1;
    let slot = h & mask;
    for (let same = 0; ; slot = (slot + 1) & mask) {
      const k = table.slots[slot]!;
      if (k === NONE) break;
      if (table.hashes[slot] !== h) continue;
      if (this.is(k, src, a, b)) return k;
      if (++same === MAX_SAME_HASH) {
        table.fallback = new Map();
        for (const kid of table.slots) if (kid !== NONE) table.fallback.set(this.token(kid), kid);
        return this.insertFallback(table, n);
      }
    }
    table.slots[slot] = n;
    table.hashes[slot] = h;
    if (++table.count * 2 > mask) this.rehash(table);
    return n;
  }

  private insertFallback(table: Table, n: number): number {
    const token = this.token(n);
    const first = table.fallback!.get(token);
    if (first !== undefined) return first;
    table.fallback!.set(token, n);
    return n;
  }

  private rehash(table: Table): void {
    const { slots, hashes } = table;
    const bigger = newTable(slots.length * 2);
    const mask = bigger.slots.length - 1;
    for (let s = 0; s < slots.length; s++) {
      if (slots[s] === NONE) continue;
      let slot = hashes[s]! & mask;
      while (bigger.slots[slot] !== NONE) slot = (slot + 1) & mask;
      bigger.slots[slot] = slots[s]!;
      bigger.hashes[slot] = hashes[s]!;
    }
    table.slots = bigger.slots;
    table.hashes = bigger.hashes;
  }

  private token(n: number): string {
    return this.src[n]!.slice(this.from[n], this.to[n]);
  }

  /** Makes room for `n` nodes, keeping those there. */
  private resize(n: number): void {
    const sized = <T extends Int32Array | Uint8Array>(old: T | undefined, make: new (n: number) => T): T => {
      const a = new make(n);
      if (old !== undefined) a.set(old);
      return a;
    };
    for (const key of INT32_FIELDS) this[key] = sized(this[key], Int32Array);
    // Sized once rather than grown by one: the copies growing makes cost more than the array.
    const src = new Array<string>(n);
    if (this.src !== undefined) for (let k = 0; k < this.size; k++) src[k] = this.src[k]!;
    this.src = src;
    this.state = sized(this.state, Uint8Array);
  }
}

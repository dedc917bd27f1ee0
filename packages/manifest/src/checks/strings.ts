// A set of strings for the long lists of one manifest (component ids, props, features).

/** Characters hashed, from the end: where ids that share a namespace differ. */
const TAIL = 8;
/** Unequal strings of one hash met on one probe before the set hands its strings to a Set. */
const MAX_SAME_HASH = 8;
/**
 * Slots passed on one probe before it does the same: at most half the slots are full, so a probe
 * of a fair hash passes one or two, and 64 in a row are a crafted list (its hashes all different,
 * all landing in one stretch of slots).
 */
const MAX_PROBE = 64;

/**
 * The distinct strings of a list, each kept at its first occurrence. A string JSON.parse made has
 * no hash yet, and a Set hashes it whole (a component id is 20 to 60 characters, most of them the
 * namespace every id shares): on a list of 30,000 ids that costs twice the JSON.parse of the list.
 * This set hashes the length and the last few characters, and compares whole strings only where
 * those hashes agree. Strings made to agree on them, or to land in one stretch of slots (a crafted
 * list), would make that slow, so after a few such strings or a long stretch on one probe it hands
 * everything to a Set: never worse than a Set by more than a bounded probe per string. It holds
 * the list's indices, not copies of its strings, so that making one costs two zeroed tables and
 * nothing per item.
 */
export class StringSet {
  private count = 0;
  /** Per list index, 1 where the item there was added. */
  private readonly added: Uint8Array;
  /** Per slot, 1 + the list index of the string there, or 0 (empty); and that string's hash. */
  private slots: Int32Array;
  private hashes: Int32Array;
  private mask: number;
  private fallback: Set<string> | undefined;

  /**
   * A set for the items of `list`, which `addAt` adds (the list is read, never changed). `shared`:
   * how many leading characters most strings share (a namespace), which the hash then leaves out:
   * it reads only where they differ. Any string may still be added or asked for.
   */
  constructor(
    private readonly list: readonly unknown[],
    private readonly shared = 0,
  ) {
    let capacity = 16;
    while (capacity < list.length * 2) capacity *= 2;
    this.slots = new Int32Array(capacity);
    this.hashes = new Int32Array(capacity);
    this.mask = capacity - 1; // at least twice the items: it never fills past half
    this.added = new Uint8Array(list.length);
  }

  /** The strings added, first occurrence first: the list itself when every item was added. */
  get items(): string[] {
    const { list, added, count } = this;
    if (count === list.length) return list as string[];
    const items = new Array<string>(count);
    for (let i = 0, k = 0; k < count; i++) if (added[i] === 1) items[k++] = list[i] as string;
    return items;
  }

  get size(): number {
    return this.count;
  }

  /** Adds `list[i]`, a string, unless an equal one was added before: false then. */
  addAt(i: number): boolean {
    const s = this.list[i] as string;
    if (this.fallback !== undefined) return this.addToFallback(s, i);
    const { slots, hashes, mask, list } = this;
    const h = hash(s, this.shared);
    let slot = h & mask;
    for (let same = 0, probe = 0; ; slot = (slot + 1) & mask) {
      const j = slots[slot]!;
      if (j === 0) break;
      // Strings made so that their hashes agree, or fill one stretch of slots, would make every
      // probe long: a Set takes them from there.
      if (++probe === MAX_PROBE) return this.giveUp(s, i);
      if (hashes[slot] !== h) continue;
      if (list[j - 1] === s) return false;
      if (++same === MAX_SAME_HASH) return this.giveUp(s, i);
    }
    slots[slot] = i + 1;
    hashes[slot] = h;
    this.added[i] = 1;
    this.count++;
    return true;
  }

  has(s: string): boolean {
    if (this.fallback !== undefined) return this.fallback.has(s);
    const { slots, hashes, mask, list } = this;
    const h = hash(s, this.shared);
    for (let slot = h & mask, probe = 0; ; slot = (slot + 1) & mask) {
      const j = slots[slot]!;
      if (j === 0) return false;
      if (hashes[slot] === h && list[j - 1] === s) return true;
      // A long stretch of full slots (hashes made to follow one another) is a Set's from here.
      if (++probe === MAX_PROBE) return this.toSet().has(s);
    }
  }

  private giveUp(s: string, i: number): boolean {
    this.toSet();
    return this.addToFallback(s, i);
  }

  private toSet(): Set<string> {
    this.slots = this.hashes = new Int32Array(0);
    return (this.fallback = new Set(this.items));
  }

  private addToFallback(s: string, i: number): boolean {
    const set = this.fallback!;
    const size = set.size;
    set.add(s);
    if (set.size === size) return false;
    this.added[i] = 1;
    this.count++;
    return true;
  }
}

/**
 * FNV-1a over the length and the last TAIL characters after the first `shared`, then murmur3's
 * finalizer, so that the low bits that index depend on every character.
 */
export function hash(s: string, shared: number): number {
  const n = s.length;
  let h = Math.imul(0x811c9dc5 ^ n, 0x01000193);
  for (let k = n - 1, stop = Math.max(shared, n - TAIL); k >= stop; k--) h = Math.imul(h ^ s.charCodeAt(k), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

// A set of strings for the long lists of one manifest (component ids, props, features).

const EMPTY = -1;
/** Characters hashed, from the end: where ids that share a namespace differ. */
const TAIL = 8;
/** Unequal strings of one hash met on one probe before the set hands its strings to a Set. */
const MAX_SAME_HASH = 8;

/**
 * Strings, each kept once, in the order first added. A string JSON.parse made has no hash yet,
 * and a Set hashes it whole (a component id is 20 to 60 characters, most of them the namespace
 * every id shares): on a list of 30,000 ids that costs twice the JSON.parse of the list. This set
 * hashes the length and the last few characters, and compares whole strings only where those
 * hashes agree. Strings made to agree on them (a crafted list) would make that slow, so after a
 * few such strings on one probe it hands everything to a Set: never worse than a Set by more than
 * a few comparisons per string.
 */
export class StringSet {
  /**
   * The strings, first occurrence first, in an array made at the size expected: pushed one by
   * one, a list of 30,000 strings leaves its growing copies behind, half a JSON.parse of garbage.
   */
  private readonly stored: string[];
  private count = 0;
  /** Per slot, the index in `stored` of the string there, or EMPTY; and that string's hash. */
  private slots: Int32Array;
  private hashes: Int32Array;
  private mask: number;
  private fallback: Set<string> | undefined;

  constructor(expected = 8) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.slots = new Int32Array(capacity).fill(EMPTY);
    this.hashes = new Int32Array(capacity);
    this.mask = capacity - 1;
    this.stored = new Array<string>(expected);
  }

  /** The strings, first occurrence first. */
  get items(): string[] {
    if (this.stored.length !== this.count) this.stored.length = this.count;
    return this.stored;
  }

  get size(): number {
    return this.count;
  }

  /** Adds a string; false when it was there already. */
  add(s: string): boolean {
    if (this.fallback !== undefined) return this.addToFallback(s);
    const { slots, hashes, mask, stored } = this;
    const h = hash(s);
    let slot = h & mask;
    for (let same = 0; ; slot = (slot + 1) & mask) {
      const j = slots[slot]!;
      if (j === EMPTY) break;
      if (hashes[slot] !== h) continue;
      if (stored[j] === s) return false;
      if (++same === MAX_SAME_HASH) return this.giveUp(s);
    }
    slots[slot] = this.count;
    hashes[slot] = h;
    stored[this.count++] = s;
    if (this.count * 2 > mask) this.grow();
    return true;
  }

  has(s: string): boolean {
    if (this.fallback !== undefined) return this.fallback.has(s);
    const { slots, hashes, mask, stored } = this;
    const h = hash(s);
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const j = slots[slot]!;
      if (j === EMPTY) return false;
      if (hashes[slot] === h && stored[j] === s) return true;
    }
  }

  private giveUp(s: string): boolean {
    this.fallback = new Set(this.items);
    this.slots = this.hashes = new Int32Array(0);
    return this.addToFallback(s);
  }

  private addToFallback(s: string): boolean {
    const set = this.fallback!;
    const size = set.size;
    set.add(s);
    if (set.size === size) return false;
    this.stored[this.count++] = s;
    return true;
  }

  private grow(): void {
    const capacity = (this.mask + 1) * 2;
    const mask = capacity - 1;
    const slots = new Int32Array(capacity).fill(EMPTY);
    const hashes = new Int32Array(capacity);
    const { slots: old, hashes: oldHashes } = this;
    for (let k = 0; k < old.length; k++) {
      const j = old[k]!;
      if (j === EMPTY) continue;
      const h = oldHashes[k]!;
      let slot = h & mask;
      while (slots[slot] !== EMPTY) slot = (slot + 1) & mask;
      slots[slot] = j;
      hashes[slot] = h;
    }
    this.slots = slots;
    this.hashes = hashes;
    this.mask = mask;
  }
}

/** FNV-1a over the length and the last TAIL characters, then murmur3's finalizer, so that the low bits that index depend on every character. */
function hash(s: string): number {
  const n = s.length;
  let h = Math.imul(0x811c9dc5 ^ n, 0x01000193);
  for (let k = n - 1, stop = n > TAIL ? n - TAIL : 0; k >= stop; k--) h = Math.imul(h ^ s.charCodeAt(k), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

// A log that keeps its newest entries: a fixed-size ring, so a frame that emits
// without end costs the host page a constant amount of memory and work.

/** A ring buffer of at most `capacity` entries, oldest first; counts what it let go. */
export class Ring<T> {
  private items: Array<T | undefined>;
  private start = 0;
  private length = 0;
  /** Entries pushed out by newer ones since the last clear. */
  evicted = 0;
  /** Entries folded into the one before them (`push` with `merge`) since the last clear. */
  coalesced = 0;

  constructor(readonly capacity: number) {
    this.items = new Array<T | undefined>(capacity);
  }

  get size(): number {
    return this.length;
  }

  /** Adds an entry; when `merge(newest)` says true, the newest entry absorbed it instead (counted in `coalesced`). */
  push(entry: T, merge?: (newest: T) => boolean): void {
    const newest = this.last();
    if (merge && newest !== undefined && merge(newest)) {
      this.coalesced++;
      return;
    }
    if (this.length < this.capacity) {
      this.items[(this.start + this.length++) % this.capacity] = entry;
    } else {
      this.items[this.start] = entry;
      this.start = (this.start + 1) % this.capacity;
      this.evicted++;
    }
  }

  /** The newest entry, if any. */
  last(): T | undefined {
    return this.length ? this.items[(this.start + this.length - 1) % this.capacity] : undefined;
  }

  /** Up to `limit` entries matching `keep`, newest first. */
  newest(limit: number, keep: (entry: T) => boolean = () => true): T[] {
    const out: T[] = [];
    for (let i = this.length - 1; i >= 0 && out.length < limit; i--) {
      const entry = this.items[(this.start + i) % this.capacity]!;
      if (keep(entry)) out.push(entry);
    }
    return out;
  }

  /** How many entries match `keep`. */
  count(keep: (entry: T) => boolean): number {
    let n = 0;
    for (let i = 0; i < this.length; i++) if (keep(this.items[(this.start + i) % this.capacity]!)) n++;
    return n;
  }

  /** The entry matching `same` among the newest `within`, searched from the newest. */
  find(same: (entry: T) => boolean, within: number = this.length): T | undefined {
    for (let i = this.length - 1; i >= Math.max(0, this.length - within); i--) {
      const entry = this.items[(this.start + i) % this.capacity]!;
      if (same(entry)) return entry;
    }
    return undefined;
  }

  clear(): void {
    this.items = new Array<T | undefined>(this.capacity);
    this.start = 0;
    this.length = 0;
    this.evicted = 0;
    this.coalesced = 0;
  }
}

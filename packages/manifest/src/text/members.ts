// Which member of an object each key asked for is: the last one written with that key, as
// JSON.parse keeps it. Where no key repeats, asked keys are matched against the members in one
// pass as they are read, not each through a map of every key asked for: a map of 775,000 keys
// cost more than the rest of placing them.

/**
 * How many members in a row may go by the key asked for before it is set aside to wait for its
 * member (it is later in the object, or not in it): bounds the members kept aside for one that
 * never comes.
 */
const PATIENCE = 16;

/**
 * Matches the members of an object whose keys are all different (what `validateManifestText` tells
 * as `keysRepeat: false`), met one at a time as the walk reads them, to the keys asked into it.
 * Asked keys come mostly in the members' order (the validator lists an object's keys as JSON.parse
 * left them), so each member is compared with the next key asked for; a member passed over waits
 * in a map by its key for a later ask, and an ask passed over in a map for its member. Nothing is
 * kept of the members that answer an ask in order.
 */
export class DistinctMembers {
  /** Where each ask's member is (what `add` was given with it), -1 until found. */
  private readonly found: Int32Array;
  /** How many asks `add` has answered so far: all of them once it equals their count. */
  answered = 0;
  private next = 0;
  private passed = 0;
  private members: Map<string, number> | undefined; // members passed over, by key
  private waiting: Map<string, number[]> | undefined; // asks passed over, by key

  constructor(private readonly asked: readonly string[]) {
    this.found = new Int32Array(asked.length).fill(-1);
  }

  /** The next member: its key, and where it is. */
  add(key: string, at: number): void {
    const { asked, found } = this;
    const q = asked.length;
    let j = this.next;
    // The asks that members passed over already answer.
    const from = j;
    for (let m: number | undefined; j < q && asked[j] !== key && (m = this.members?.get(asked[j]!)) !== undefined;)
      found[j++] = m;
    if (j < q && asked[j] === key) {
      do found[j++] = at;
      while (j < q && asked[j] === key);
      this.answered += j - from;
      this.next = j;
      this.passed = 0;
      return;
    }
    this.answered += j - from;
    this.next = j;
    const asks = this.waiting?.get(key);
    if (asks !== undefined) {
      for (const a of asks) found[a] = at;
      this.answered += asks.length;
      this.waiting!.delete(key);
      this.passed = 0;
      return;
    }
    // Past the last ask, a member only a waiting ask could want is kept for none.
    if (j === q) return;
    (this.members ??= new Map<string, number>()).set(key, at);
    if (++this.passed >= PATIENCE && j < q) {
      const waiting = (this.waiting ??= new Map<string, number[]>());
      const asks = waiting.get(asked[j]!);
      if (asks === undefined) waiting.set(asked[j]!, [j]);
      else asks.push(j);
      this.next = j + 1;
      this.passed = 0;
    }
  }

  /** Where each ask's member is, -1 where the object has no member with its key. */
  result(): Int32Array {
    const { asked, found } = this;
    for (let j = this.next; j < asked.length; j++) found[j] = this.members?.get(asked[j]!) ?? -1;
    this.next = asked.length;
    // An ask left is missing, or its member went to an earlier ask of the same key.
    let left: Map<string, number[]> | undefined;
    for (let a = 0; a < asked.length; a++) {
      if (found[a] !== -1) continue;
      const asks = (left ??= new Map<string, number[]>()).get(asked[a]!);
      if (asks === undefined) left.set(asked[a]!, [a]);
      else asks.push(a);
    }
    if (left !== undefined)
      for (let a = 0; a < asked.length; a++) {
        const same = found[a] === -1 ? undefined : left.get(asked[a]!);
        if (same !== undefined) for (const b of same) found[b] = found[a]!;
      }
    return found;
  }
}

/** The member index of each key in `asked` (-1 where there is none), among `keys` all different. */
export function matchDistinct(keys: readonly string[], asked: readonly string[]): Int32Array {
  const match = new DistinctMembers(asked);
  for (let i = 0; i < keys.length; i++) match.add(keys[i]!, i);
  return match.result();
}

/** The member index of each key in `asked`, the last of repeated keys: any object. */
export function matchAny(keys: readonly string[], asked: readonly string[]): Int32Array {
  const found = new Int32Array(asked.length).fill(-1);
  const byKey = new Map<string, number[]>();
  for (let a = 0; a < asked.length; a++) {
    const asks = byKey.get(asked[a]!);
    if (asks === undefined) byKey.set(asked[a]!, [a]);
    else asks.push(a);
  }
  answerFromAll(keys, byKey, found);
  return found;
}

/** Each ask in `byKey` answered by the last member with its key. */
function answerFromAll(keys: readonly string[], byKey: Map<string, number[]>, found: Int32Array): void {
  for (let i = 0; i < keys.length; i++) {
    const asks = byKey.get(keys[i]!);
    if (asks !== undefined) for (const a of asks) found[a] = i;
  }
}

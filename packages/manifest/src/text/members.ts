// Which member of an object each key asked for is: the last one written with that key, as
// JSON.parse keeps it. Asked keys are matched against the members in one pass, not each through a
// map of every key asked for: a map of 775,000 keys cost more than the rest of placing them.

/**
 * How many members in a row may go by the key asked for before it is set aside to wait for its
 * member (it is later in the object, or not in it): bounds the members kept aside for one that
 * never comes.
 */
const PATIENCE = 16;

/**
 * The member index of each key in `asked` (-1 where the object has no such key), in an object
 * whose `keys` are all different: what `validateManifestText` tells (`keysRepeat: false`). Asked
 * keys come mostly in the members' order (the validator lists an object's keys as JSON.parse
 * left them), so each member is compared with the next key asked for; a member passed over
 * waits in a map by its key for a later ask, and an ask passed over in a map for its member.
 */
export function matchDistinct(keys: readonly string[], asked: readonly string[]): Int32Array {
  const found = new Int32Array(asked.length).fill(-1);
  const q = asked.length;
  let j = 0;
  let passed = 0;
  let members: Map<string, number> | undefined; // members passed over, by key
  let waiting: Map<string, number[]> | undefined; // asks passed over, by key
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    // The asks that members passed over already answer.
    for (let at: number | undefined; j < q && asked[j] !== key && (at = members?.get(asked[j]!)) !== undefined;)
      found[j++] = at;
    if (j < q && asked[j] === key) {
      do found[j++] = i;
      while (j < q && asked[j] === key);
      passed = 0;
      continue;
    }
    const asks = waiting?.get(key);
    if (asks !== undefined) {
      for (const a of asks) found[a] = i;
      waiting!.delete(key);
      passed = 0;
      continue;
    }
    (members ??= new Map<string, number>()).set(key, i);
    if (++passed >= PATIENCE && j < q) {
      const asks = (waiting ??= new Map<string, number[]>()).get(asked[j]!);
      if (asks === undefined) waiting.set(asked[j]!, [j]);
      else asks.push(j);
      j++;
      passed = 0;
    }
  }
  for (; j < q; j++) found[j] = members?.get(asked[j]!) ?? -1;
  // An ask whose member went to an earlier ask of the same key (or that the object lacks).
  let unanswered: Map<string, number[]> | undefined;
  for (let a = 0; a < q; a++) {
    if (found[a] !== -1) continue;
    const asks = (unanswered ??= new Map<string, number[]>()).get(asked[a]!);
    if (asks === undefined) unanswered.set(asked[a]!, [a]);
    else asks.push(a);
  }
  if (unanswered !== undefined) answerFromAll(keys, unanswered, found);
  return found;
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

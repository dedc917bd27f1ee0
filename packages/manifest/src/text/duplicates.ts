// Keys written twice in one object: JSON.parse keeps the last value and drops the earlier ones
// without a word, so the text is the only place to find them.
import type { Diagnostic, KeyLists } from '../diagnostics.js';
import { escapeToken } from '../pointer.js';
import { LISTED_UNKNOWN_KEYS, thousands } from '../rules/listed.js';
import { LineIndex } from './lines.js';
import { walkJson } from './walk.js';

/**
 * Each key repeated in its object (`json.duplicate_key`), in the text's order, in `text`, which
 * JSON.parse made `value` of. When the keys the text can hold are as many as the value's, none
 * repeats, and the text is not walked. Kit policy, as for unknown keys: the first
 * LISTED_UNKNOWN_KEYS are reported one each, and the next one's finding counts the rest (1.5 million
 * repeats of `"x":1` in 9 MB made as many findings, 2 GB, and a JSON report longer than a string can be).
 */
export function duplicateKeys(text: string, value: unknown, listed?: KeyLists): Diagnostic[] {
  if (keysAtMost(text) === keyCount(value, listed)) return [];
  const found: Diagnostic[] = [];
  /** The repeats past the first LISTED_UNKNOWN_KEYS + 1, counted in the finding of that one. */
  let more = 0;
  const lines = new LineIndex(text);
  // Per open container: the keys met so far and their offsets (objects), and the member reached.
  const seen: Array<Map<string, number> | undefined> = [];
  const path: Array<string | number> = [];
  walkJson(text, {
    open: (object) => {
      seen.push(object ? new Map() : undefined);
      path.push(0);
    },
    close: () => {
      seen.pop();
      path.pop();
    },
    element: (index) => void (path[path.length - 1] = index),
    key: (key, offset) => {
      const keys = seen[seen.length - 1]!;
      const earlier = keys.get(key);
      keys.set(key, offset);
      path[path.length - 1] = key;
      if (earlier === undefined) return;
      if (found.length > LISTED_UNKNOWN_KEYS) return void more++;
      const at = lines.at(offset);
      const first = lines.at(earlier);
      found.push({
        code: 'json.duplicate_key',
        path: '/' + path.map(escapeToken).join('/'),
        message: `${JSON.stringify(key)} appears again in the same object (first at line ${first.line}, column ${first.column}); JSON parsers keep the last value, so the earlier one is ignored: keep one`,
        ...at,
      });
    },
  });
  if (more > 0) {
    const last = found[found.length - 1]!;
    last.more = more;
    last.message = last.message.replace(
      /; JSON parsers keep the last value, so the earlier one is ignored: keep one$/,
      `, and ${thousands(more)} more repeated ${more === 1 ? 'key' : 'keys'} after it; JSON parsers keep the last value, so the earlier ones are ignored: keep one of each ${POLICY}`,
    );
  }
  return found;
}

/**
 * At least as many as the keys the text writes: its colons after a closing quote (and spaces).
 * A colon in a string counts only where a quote comes before it, as in a URL it does not.
 */
function keysAtMost(text: string): number {
  let count = 0;
  for (let i = text.indexOf(':'); i !== -1; i = text.indexOf(':', i + 1)) {
    let j = i - 1;
    for (let c = text.charCodeAt(j); c === 32 || c === 10 || c === 13 || c === 9; c = text.charCodeAt(--j));
    if (text.charCodeAt(j) === 34) count++;
  }
  return count;
}

/** The own keys of every object in a parsed JSON value, walked without recursion (nesting can be deep). */
function keyCount(value: unknown, listed: KeyLists | undefined): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (typeof v[i] === 'object') stack.push(v[i]);
      continue;
    }
    // A parsed object's own enumerable keys are all its keys (a "__proto__" too, read as its own).
    // Listed and read by key: Object.values of a large object costs two and a half times as much.
    const obj = v as Record<string, unknown>;
    const keys = listed?.listed(obj) ?? Object.keys(obj);
    count += keys.length;
    for (let i = 0; i < keys.length; i++) if (typeof obj[keys[i]!] === 'object') stack.push(obj[keys[i]!]);
  }
  return count;
}

const POLICY = `(kit policy: a manifest's first ${thousands(LISTED_UNKNOWN_KEYS)} repeated keys are reported one each, the rest in this one finding)`;

// capabilities.network: an added origin widens unless the older list already matches every URL
// it matches; a removed one narrows unless the newer list still matches it (origins.ts says how).
import { join } from '../pointer.js';
import { type Changes, keyed, sameEntries, shown, side } from './collect.js';
import { type HostSource, parseSource, plainHostOf, SourceIndex, showReach, showSource } from './origins.js';

const AT = '/capabilities/network';

export function diffNetwork(changes: Changes, older: unknown, newer: unknown): void {
  if (sameEntries(older, newer)) return;
  const a = keyed(older);
  const b = keyed(newer);
  const onlyA = [...a.keys()].filter((key) => !b.has(key));
  const onlyB = [...b.keys()].filter((key) => !a.has(key));
  if (onlyA.length === 0 && onlyB.length === 0) return;
  // Only the changed entries are asked about, so each list's index needs just what could match them.
  const asked = new Set<string>();
  for (const key of [...onlyA, ...onlyB]) {
    const s = parseSource(key);
    if (s?.hosts === 'one') asked.add(s.host);
  }
  const parsedA = parseRelevant(a.keys(), onlyA, asked);
  const parsedB = parseRelevant(b.keys(), onlyB, asked);
  const indexA = new SourceIndex(parsedA.values());
  const indexB = new SourceIndex(parsedB.values());

  // Removed first: an added origin that takes a removed one's place names it.
  const replaced = new Map<HostSource, string[]>();
  const removed: Array<() => void> = [];
  for (const key of onlyA) {
    const index = a.get(key)!;
    const value = (older as unknown[])[index];
    const source = parsedA.get(key);
    const by = source ? indexB.coverage(source) : undefined;
    const still = by && by.missing.length === 0 ? by.by : undefined;
    for (const s of still ?? []) {
      const took = replaced.get(s);
      if (took) took.push(key);
      else replaced.set(s, [key]);
    }
    const reason = still
      ? `still matched by ${still.map(showSource).join(' and ')}, so nothing is lost`
      : 'the sandbox may no longer connect to it';
    removed.push(() =>
      changes.add(
        'capabilities.network.removed',
        side(join(AT, index), value),
        null,
        false,
        `removes the origin ${shown(value)}`,
        reason,
      ),
    );
  }

  for (const key of onlyB) {
    const index = b.get(key)!;
    const value = (newer as unknown[])[index];
    const source = parsedB.get(key);
    const message = `adds the origin ${shown(value)}`;
    const at = side(join(AT, index), value);
    if (!source) {
      changes.add(
        'capabilities.network.added',
        null,
        at,
        true,
        message,
        'not an origin the kit can read, so what it matches is unknown: counted as widening',
      );
      continue;
    }
    const { by, missing } = indexA.coverage(source);
    if (missing.length === 0) {
      changes.add(
        'capabilities.network.added',
        null,
        at,
        false,
        message,
        `the older version's ${by.map(showSource).join(' and ')} already matches every URL it matches`,
      );
      continue;
    }
    const reaches = showReach(source, missing);
    const took = replaced.get(source);
    const reason = took
      ? `wider than ${few(took)}, which the older version listed: it also reaches ${reaches}`
      : `a new origin: the sandbox may connect to ${reaches}`;
    changes.add('capabilities.network.added', null, at, true, message, reason);
  }
  for (const report of removed) report();
}

/** A list for a sentence: a wildcard can take the place of thousands of origins. */
const few = (list: readonly string[]): string =>
  list.length <= 3
    ? list.join(', ')
    : `${list.slice(0, 3).join(', ')} and ${(list.length - 3).toLocaleString('en')} more`;

/**
 * The sources of a list that could match a changed entry, by key: every wildcard, every
 * entry on a host asked about, and the list's own changed entries (parsed in full: reasons
 * name them). An entry is read cheaply first (its host text), and parsed only when it matters.
 */
function parseRelevant(
  keys: Iterable<string>,
  changed: readonly string[],
  asked: ReadonlySet<string>,
): Map<string, HostSource> {
  const out = new Map<string, HostSource>();
  const add = (key: string) => {
    const source = parseSource(key);
    if (source) out.set(key, source);
  };
  for (const key of keys) {
    const host = plainHostOf(key);
    if (host === null || asked.has(host)) add(key);
  }
  for (const key of changed) if (!out.has(key)) add(key);
  return out;
}

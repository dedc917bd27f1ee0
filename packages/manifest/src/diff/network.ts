// capabilities.network: an added origin widens unless the older list already matches every URL
// it matches; a removed one narrows unless the newer list still matches it (origins.ts says how).
import { join } from '../pointer.js';
import { type Changes, keyed, sameEntries, shown, side } from './collect.js';
import { type HostSource, parseSource, SourceIndex, showReach, showSource } from './origins.js';

const AT = '/capabilities/network';

export function diffNetwork(changes: Changes, older: unknown, newer: unknown): void {
  if (sameEntries(older, newer)) return;
  const a = keyed(older);
  const b = keyed(newer);
  const parsedA = parseAll(a);
  const parsedB = parseAll(b);
  const indexA = new SourceIndex(parsedA.values());
  const indexB = new SourceIndex(parsedB.values());

  // Removed first: an added origin that takes a removed one's place names it.
  const replaced = new Map<HostSource, string[]>();
  const removed: Array<() => void> = [];
  for (const [key, index] of a) {
    if (b.has(key)) continue;
    const value = (older as unknown[])[index];
    const source = parsedA.get(key);
    const by = source ? indexB.coverage(source) : undefined;
    const still = by && by.missing.length === 0 ? by.by : undefined;
    for (const s of still ?? []) replaced.set(s, [...(replaced.get(s) ?? []), key]);
    const reason = still ? `still matched by ${still.map(showSource).join(' and ')}, so nothing is lost` : 'the sandbox may no longer connect to it';
    removed.push(() => changes.add('capabilities.network.removed', side(join(AT, index), value), null, false, `removes the origin ${shown(value)}`, reason));
  }

  for (const [key, index] of b) {
    if (a.has(key)) continue;
    const value = (newer as unknown[])[index];
    const source = parsedB.get(key);
    const message = `adds the origin ${shown(value)}`;
    const at = side(join(AT, index), value);
    if (!source) {
      changes.add('capabilities.network.added', null, at, true, message, 'not an origin the kit can read, so what it matches is unknown: counted as widening');
      continue;
    }
    const { by, missing } = indexA.coverage(source);
    if (missing.length === 0) {
      changes.add('capabilities.network.added', null, at, false, message, `the older version's ${by.map(showSource).join(' and ')} already matches every URL it matches`);
      continue;
    }
    const reaches = showReach(source, missing);
    const took = replaced.get(source);
    const reason = took ? `wider than ${took.join(', ')}, which the older version listed: it also reaches ${reaches}` : `a new origin: the sandbox may connect to ${reaches}`;
    changes.add('capabilities.network.added', null, at, true, message, reason);
  }
  for (const report of removed) report();
}

function parseAll(entries: Map<string, number>): Map<string, HostSource> {
  const out = new Map<string, HostSource>();
  for (const key of entries.keys()) {
    const source = parseSource(key);
    if (source) out.set(key, source);
  }
  return out;
}

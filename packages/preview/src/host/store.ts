// What the developer set in the host page, kept across rebuilds and manifest
// changes: prop values, settings, function-binding answers, and the logs.
import type { BlockedRequest } from '../types.js';
import { show } from './dom.js';
import { Ring } from './ring.js';

export interface EventEntry {
  at: Date;
  surface: string;
  event: string;
  /** The detail as shown (compact JSON, cut at DETAIL_LIMIT); '' when there was none. */
  detail: string;
  accepted: boolean;
  /** How many identical emits in a row this entry stands for. */
  count: number;
}
export type BlockedEntry = BlockedRequest & { at: Date; count: number };
export interface CallEntry {
  at: Date;
  surface: string;
  name: string;
  args: unknown[];
  answer: string;
}
export interface RuntimeError {
  surface: string;
  /** A refusal's code (the scan's, for a registration contributes does not declare); absent for an error the frame threw. */
  code?: string;
  message: string;
  stack?: string | undefined;
}
export interface Binding {
  /** The function name the binding prop carries. */
  name: string;
  /** The JSON the call answers with. */
  result: string;
  /** Answer with an error instead. */
  fail: boolean;
}

/** How many entries the event and network logs keep; older ones scroll away. */
export const LOG_CAPACITY = 5000;
/** How many entries the calls list and runtime errors keep. */
export const LOG_LIMIT = 500;
/** How many of the newest network-log entries a repeated request is looked for in. */
export const DEDUPE_WINDOW = 200;
/** How much of an event's detail is kept for display. */
export const DETAIL_LIMIT = 2000;

/**
 * A map keyed by names the developer types or the extension declares: no
 * prototype, so `constructor`, `__proto__` and `toString` are names like any other.
 */
export const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

export const store = {
  props: dict<string>(),
  config: dict<unknown>(),
  bindings: dict<Binding>(),
  events: new Ring<EventEntry>(LOG_CAPACITY),
  calls: [] as CallEntry[],
  blocked: new Ring<BlockedEntry>(LOG_CAPACITY),
  runtimeErrors: [] as RuntimeError[],
  /** Emits the frames dropped over their bridge budget (BRIDGE_BUDGET) since the events log was last cleared. */
  emitsDroppedInFrames: 0,
  /** Frames get the base style (docs/preview.md, "Base style"); off shows the bare frame. Kept in this browser. */
  baseStyle: readStoredFlag('extkit.baseStyle', true),
};

function readStoredFlag(key: string, fallback: boolean): boolean {
  try {
    const v = globalThis.localStorage?.getItem(key);
    return v === null || v === undefined ? fallback : v === 'on';
  } catch {
    return fallback;
  }
}

/** Remembers a switch of the host page in this browser (nothing when storage is unavailable). */
export function storeFlag(key: string, on: boolean): void {
  try {
    globalThis.localStorage?.setItem(key, on ? 'on' : 'off');
  } catch {
    // Storage refused (a private window): the switch still applies to this page.
  }
}

/** Logs one emit; the same event with the same detail right after the last one only raises its count. */
export function logEvent(surface: string, event: string, detail: unknown, accepted: boolean): void {
  // Bounded however the detail repeats itself: JSON of what crossed could be far larger than what crossed (dom.ts, show).
  const shown = show(detail, DETAIL_LIMIT);
  const at = new Date();
  store.events.push({ at, surface, event, detail: shown, accepted, count: 1 }, (last) => {
    if (last.surface !== surface || last.event !== event || last.accepted !== accepted || last.detail !== shown)
      return false;
    last.count++;
    last.at = at;
    return true;
  });
}

/** Logs what the sandbox blocked; a request it already lists only raises that entry's count. */
export function logBlocked(entry: BlockedRequest): void {
  // Only the newest entries are searched: a frame reporting thousands of distinct URLs costs the page little.
  const same = store.blocked.find(
    (b) => b.surface === entry.surface && b.directive === entry.directive && b.blocked === entry.blocked,
    DEDUPE_WINDOW,
  );
  if (same) {
    same.count++;
    same.at = new Date();
    store.blocked.coalesced++;
  } else store.blocked.push({ ...entry, at: new Date(), count: 1 });
}

export function pushLimited<T>(list: T[], entry: T): void {
  list.push(entry);
  if (list.length > LOG_LIMIT) list.splice(0, list.length - LOG_LIMIT);
}

/** A prop's text as the value the bridge sends: JSON when it parses (42, true, {"a":1}), else the text itself. */
export function propValue(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The props the host holds, as values; empty fields are not set. */
export function propValues(): Record<string, unknown> {
  const out = dict<unknown>();
  for (const [name, text] of Object.entries(store.props)) if (text !== '') out[name] = propValue(text);
  return out;
}

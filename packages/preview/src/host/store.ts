// What the developer set in the host page, kept across rebuilds and manifest
// changes: prop values, settings, function-binding answers, and the logs.
import type { BlockedRequest } from '../types.js';

export interface EventEntry {
  at: Date;
  surface: string;
  event: string;
  detail: unknown;
  accepted: boolean;
}
export interface CallEntry {
  at: Date;
  surface: string;
  name: string;
  args: unknown[];
  answer: string;
}
export interface RuntimeError {
  surface: string;
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

/** How many entries each log keeps; older ones scroll away. */
export const LOG_LIMIT = 500;

/**
 * A map keyed by names the developer types or the extension declares: no
 * prototype, so `constructor`, `__proto__` and `toString` are names like any other.
 */
export const dict = <T>(): Record<string, T> => Object.create(null) as Record<string, T>;

export const store = {
  props: dict<string>(),
  config: dict<unknown>(),
  bindings: dict<Binding>(),
  events: [] as EventEntry[],
  calls: [] as CallEntry[],
  blocked: [] as Array<BlockedRequest & { at: Date; count: number }>,
  runtimeErrors: [] as RuntimeError[],
};

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

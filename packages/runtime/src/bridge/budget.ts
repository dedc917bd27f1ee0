// The bridge's budget: what one frame may send its host, per message and per
// second. Defined here once; the frame transport (./frame.ts) keeps to it and
// the host (@extkit/preview) reads its notices and flags with it. The
// platform's documents are silent on a bridge budget: these are extkit's own
// policy, chosen so that no frame can keep its host's main thread busy for more
// than a few milliseconds at a time (docs/design/runtime.md, "The bridge's budget").

/** The limits of one frame's bridge. Sizes are measured on the structured clone the frame would send (`measure.ts`). */
export const BRIDGE_BUDGET = {
  /** The most one message may carry, in bytes; an emit's detail or a call's arguments larger than this are refused. */
  messageBytes: 64 * 1024,
  /** The most emits one message carries; a task's emits leave in as many messages as they need. */
  messageEmits: 100,
  /** The length of the rate budget's window, in ms. */
  intervalMs: 1000,
  /** Sends (an emit, a call, an error, a sandbox report, a resize) a frame may make in one window; the rest are dropped and counted. */
  sendsPerInterval: 1000,
  /** Bytes a frame may send in one window; the sends past it are dropped and counted. */
  bytesPerInterval: 1024 * 1024,
  /** How much of an error's message, and of its stack, crosses. */
  errorChars: 4000,
  /** Events a second above which the host flags a surface as a runaway emit loop (a warning: nothing is dropped for it). */
  runawayPerSecond: 100,
} as const;

/** What a frame dropped over its budget in one window, told to the host once at the window's end. */
export interface Dropped {
  /** Emits over the rate budget. */
  emits: number;
  /** Errors (thrown or rejected in the frame) over the rate budget. */
  errors: number;
  /** What the frame's sandbox stopped, over the rate budget (not in the network log). */
  reports: number;
}

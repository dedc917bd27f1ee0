// The bridge's budget: what one frame may send its host, per message and per
// second. Defined here once; the frame transport (./frame-outbox.ts) keeps to it and
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
  /**
   * The most registrations the frame's `ready` lists (it also keeps within messageBytes, each counted as its kind,
   * its id and a slot); the rest are counted as `unlisted`, and a host refuses a `ready` listing more.
   */
  readyRegistrations: 4096,
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

/**
 * The rate budget of one bridge: windows of `BRIDGE_BUDGET.intervalMs`, each starting with the first
 * send after the last one ended. `now` is the clock (the frame passes one captured before the extension runs).
 * The frame's transport and @extkit/testing's render() both count with it, so they drop the same sends.
 */
export interface RateBudget {
  /** Whether the window has room for one more send of `bytes`; counts it when it has. */
  admit(bytes: number): boolean;
  /** Whether the window's budget is spent, so a send can be dropped before it is even measured. */
  full(): boolean;
  /**
   * Counts the report of a refusal (an error message of `message`, cut to errorChars), as the frame sends it: the same
   * words again in one window are a `repeat`, sent no more (only counted as a dropped error); `over` when the window is spent.
   */
  refusal(message: string): 'sent' | 'repeat' | 'over';
  /** When the current window ends, on `now`'s clock (-Infinity before the first send). */
  readonly windowEnds: number;
}

export function rateBudget(now: () => number): RateBudget {
  const { intervalMs, sendsPerInterval, bytesPerInterval } = BRIDGE_BUDGET;
  let windowEnds = -Infinity;
  let sends = 0;
  let bytes = 0;
  let lastRefusal = '';
  let refusalWindow = -Infinity;
  const budget: RateBudget = {
    admit(size) {
      const t = now();
      if (t >= windowEnds) {
        windowEnds = t + intervalMs;
        sends = 0;
        bytes = 0;
      }
      if (sends >= sendsPerInterval || bytes + size > bytesPerInterval) return false;
      sends++;
      bytes += size;
      return true;
    },
    full: () => now() < windowEnds && (sends >= sendsPerInterval || bytes >= bytesPerInterval),
    refusal(message) {
      if (message === lastRefusal && refusalWindow === windowEnds && now() < windowEnds) return 'repeat';
      const sent = budget.admit(clip(message, BRIDGE_BUDGET.errorChars).length);
      lastRefusal = message;
      refusalWindow = windowEnds;
      return sent ? 'sent' : 'over';
    },
    get windowEnds() {
      return windowEnds;
    },
  };
  return budget;
}

/** The bytes an emit counts against the budget: its detail as measured (`measure.ts`), its name, and a slot. */
export const emitCost = (event: string, detailBytes: number): number => detailBytes + event.length + 8;

/** The bytes a call counts against the budget: its arguments as measured, the prop and the binding's name it names, and a slot. */
export const callCost = (prop: string, name: string, argsBytes: number): number =>
  argsBytes + prop.length + name.length + 8;

// Captured when the module is evaluated, which in the frame is before the extension's code runs: the
// refusals below are built in the frame, where String and String.prototype.slice may later be replaced.
const apply = Reflect.apply;
const sliceText = String.prototype.slice;
const StringOf = String;
/** At most `max` characters of `s` (and an ellipsis), for a name quoted in a refusal or a message cut to the budget. */
export const clip = (s: string, max: number): string => (s.length > max ? `${apply(sliceText, s, [0, max])}…` : s);

/**
 * Why the bridge refused to send something, in the words the host shows (the preview's log, @extkit/testing's
 * `view.dropped` and rejections). One place for both ends, so a test reads what the preview says.
 */
export const refusals = {
  /** `ctx.emit(name)`, the name quoted (or its type when it is no string). */
  emitName: (event: unknown): string => (typeof event === 'string' ? `'${clip(event, 60)}'` : `(${typeof event})`),
  emitNotString: (event: unknown): string =>
    `ctx.emit${refusals.emitName(event)}: an event's name is a string; the emit was dropped.`,
  emitNotCopyable: (event: string, why: string): string =>
    `ctx.emit(${refusals.emitName(event)}): its detail cannot be sent to the host and was dropped: ${why}. Send plain data: objects, arrays, strings, numbers, booleans, null, dates, maps, sets, typed arrays; no functions, DOM nodes or symbols.`,
  /** Said by @extkit/testing's render() for each emit over the rate budget (the frame only counts them, in `dropped`). */
  emitOverRate: (event: unknown): string =>
    `ctx.emit(${refusals.emitName(event)}): over the bridge's budget of ${BRIDGE_BUDGET.sendsPerInterval} sends and ${BRIDGE_BUDGET.bytesPerInterval / 1024 / 1024} MB a second, so it was dropped.`,
  emitTooLarge: (event: string): string =>
    `ctx.emit(${refusals.emitName(event)}): its detail is over the ${BRIDGE_BUDGET.messageBytes / 1024} KB one bridge message carries, so it was dropped. Send less (an id, a summary) and fetch the rest where it is needed.`,
  callPrefix: (prop: unknown): string => `ctx.call('${clip(StringOf(prop), 60)}'): `,
  callNotCopyable: (why: string): string =>
    `the arguments cannot be sent to the host: ${why}; pass plain data (no functions or DOM nodes).`,
  callPropNotString: (): string =>
    `the prop to call is a string (the name of the component's function-binding prop); the call was not made.`,
  callTooLarge: (): string =>
    `the arguments are over the ${BRIDGE_BUDGET.messageBytes / 1024} KB one bridge message carries.`,
  callOverRate: (): string =>
    `over the bridge's budget of ${BRIDGE_BUDGET.sendsPerInterval} sends a second; the call was not made.`,
} as const;

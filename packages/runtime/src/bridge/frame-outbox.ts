// What the frame sends the host, held to the bridge's budget: emits batched
// per task, resizes, calls and their answers, errors, the sandbox's reports;
// what is refused or over the budget is counted and told the host once a window.
import { BRIDGE_BUDGET, callCost, clip, emitCost, rateBudget, refusals, type Dropped } from './budget.js';
import { measurer } from './measure.js';
import type { Emit, FrameMessage, HostMessage } from './protocol.js';
import { bindingName } from './verdicts.js';

type DistributiveOmitV<T> = T extends unknown ? Omit<T, 'v'> : never;
/** A message to the host, before the transport adds the protocol's version. */
export type Outgoing = DistributiveOmitV<FrameMessage>;
type Call = (this: unknown, ...args: unknown[]) => unknown;

/** What a resize or a message with no size of its own counts against the byte budget. */
export const SLOT = 8;

export interface FrameOutbox {
  /** Sends `m` after the emits waiting in this task; false when the browser could not copy it. */
  send(m: Outgoing): boolean;
  emit(event: string, detail?: unknown): void;
  /** Reports an error of the extension's (thrown, rejected or uncaught) to the host. */
  fail(err: unknown): void;
  setHeight(height: number): void;
  /** Calls the host's function for `prop`, named in `props` (the surface's, as they are now). */
  call(prop: string, args: unknown[], props: Record<string, unknown>): Promise<unknown>;
  sandbox(attempt: Record<string, unknown>): void;
  /** Settles the call the host answered. */
  answer(m: Extract<HostMessage, { type: 'callResult' }>): void;
}

/**
 * The frame's outbox over `post` (the transport's send, queued before the handshake). Reads what it calls from `win`
 * now: call it before the extension's code runs, so that replacing them later changes nothing here.
 * `append` adds to a list without Array.prototype.push, which the extension may replace.
 */
export function frameOutbox(
  win: Window,
  post: (m: Outgoing) => boolean,
  append: <T>(list: T[], x: T) => void,
): FrameOutbox {
  const { apply } = Reflect;
  const g = win as unknown as Record<string, { prototype: object }>;
  const { messageBytes, messageEmits, errorChars } = BRIDGE_BUDGET;
  const cloneOf = (g['structuredClone'] as unknown as Call | undefined) ?? (structuredClone as Call);
  const measure = measurer((v) => apply(cloneOf, undefined, [v]));
  const later = g['setTimeout'] as unknown as Call;
  const microtask = g['queueMicrotask'] as unknown as Call;
  const perf = g['performance'] as unknown as object | undefined;
  const perfNow = perf && (perf as { now?: Call }).now;
  const now = perfNow ? (): number => apply(perfNow, perf, []) as number : Date.now;
  const consoleOf = g['console'] as unknown as object | undefined;
  const consoleError = consoleOf && (consoleOf as { error?: Call }).error;
  const ErrorOf = Error;
  const max = Math.max;
  const TypeErrorOf = TypeError;
  const StringOf = String;

  const calls = new Map<number, [(v: unknown) => void, (e: Error) => void]>();
  let nextCall = 0;
  /** The emits of the current message, at most messageEmits and messageBytes together. */
  let emits: Emit[] = [];
  let emitBytes = 0;
  let flushQueued = false;
  const rate = rateBudget(now);
  let dropped: Dropped = { emits: 0, errors: 0, reports: 0 };
  let heldHeight: number | undefined;
  let noticeArmed = false;

  // Emits leave at the end of the task, or as soon as a message is full; any other message flushes them first, so order holds.
  const flush = (): void => {
    const events = emits;
    emits = [];
    emitBytes = 0;
    if (events.length) post({ type: 'emits', events });
  };
  const send = (m: Outgoing): boolean => {
    flush();
    return post(m);
  };
  const admit = rate.admit;
  /** Tells the host, once at the end of the window, what was dropped in it (and the height held back). */
  const notice = (): void => {
    noticeArmed = false;
    const d = dropped;
    dropped = { emits: 0, errors: 0, reports: 0 };
    if (d.emits || d.errors || d.reports) send({ type: 'dropped', ...d });
    if (heldHeight !== undefined) send({ type: 'resize', height: heldHeight });
    heldHeight = undefined;
  };
  const armNotice = (): void => {
    if (noticeArmed) return;
    noticeArmed = true;
    apply(later, win, [notice, max(0, rate.windowEnds - now())]);
  };
  const drop = (kind: keyof Dropped): void => {
    dropped[kind]++;
    armNotice();
  };
  /**
   * Says why the frame did not send something: to the frame's own console, and to the host (within the budget).
   * The same refusal again in one window only counts as a dropped error, so a loop of them costs the host one message.
   */
  const refuse = (message: string): void => {
    const verdict = rate.refusal(message);
    if (verdict === 'repeat') return drop('errors');
    if (consoleError) apply(consoleError, consoleOf, [message]);
    if (verdict === 'over') return drop('errors');
    send({ type: 'error', message: clip(message, errorChars) });
  };
  const report = (message: string, stack?: string): void => {
    const m = clip(message, errorChars);
    const s = stack === undefined ? undefined : clip(stack, errorChars);
    if (!admit(m.length + (s?.length ?? 0))) return drop('errors');
    send({ type: 'error', message: m, ...(s === undefined ? {} : { stack: s }) });
  };
  const emit = (event: string, detail?: unknown): void => {
    if (rate.full()) return drop('emits');
    if (typeof event !== 'string') return refuse(refusals.emitNotString(event));
    const measured =
      detail === undefined ? ({ ok: true, value: undefined, bytes: 0 } as const) : measure(detail, messageBytes);
    if (!measured.ok) return refuse(refusals.emitNotCopyable(event, measured.why));
    const bytes = emitCost(event, measured.bytes);
    if (bytes > messageBytes) return refuse(refusals.emitTooLarge(event));
    if (!admit(bytes)) return drop('emits');
    if (emits.length >= messageEmits || emitBytes + bytes > messageBytes) flush();
    append(emits, { event, detail: measured.value });
    emitBytes += bytes;
    if (!flushQueued) {
      flushQueued = true;
      apply(microtask, win, [() => ((flushQueued = false), flush())]);
    }
  };
  const fail = (err: unknown): void => {
    let message: string;
    let stack: unknown;
    try {
      message = err instanceof ErrorOf ? StringOf(err.message) : StringOf(err);
      stack = err instanceof ErrorOf ? err.stack : undefined;
    } catch {
      message = 'an error the frame could not describe';
    }
    report(message, typeof stack === 'string' && stack ? stack : undefined);
  };
  const setHeight = (height: number): void => {
    if (admit(SLOT)) return void ((heldHeight = undefined), send({ type: 'resize', height }));
    heldHeight = height;
    armNotice();
  };
  const call = (prop: string, args: unknown[], props: Record<string, unknown>): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const refused = (why: string): void => reject(new TypeErrorOf(refusals.callPrefix(prop) + why));
      // The prop and the binding's name cross with the arguments, so they are counted with them (and only a string prop is
      // sent: anything else would cross unmeasured). The name is read with String, which the extension may have replaced.
      if (typeof prop !== 'string') return refused(refusals.callPropNotString());
      const named: unknown = bindingName(props, prop);
      const name = typeof named === 'string' ? named : '';
      const measured = measure(args, messageBytes);
      if (!measured.ok) return refused(refusals.callNotCopyable(measured.why));
      const bytes = callCost(prop, name, measured.bytes);
      if (bytes > messageBytes) return refused(refusals.callTooLarge());
      if (!admit(bytes)) return refused(refusals.callOverRate());
      const callId = ++nextCall;
      calls.set(callId, [resolve, reject]);
      if (send({ type: 'call', callId, prop, name, args: measured.value as unknown[] })) return;
      calls.delete(callId);
      refused('the arguments cannot be sent to the host; pass plain data (no functions or DOM nodes).');
    });
  const sandbox = (attempt: Record<string, unknown>): void => {
    const measured = measure(attempt, messageBytes);
    if (!measured.ok || measured.bytes > messageBytes || !admit(measured.bytes)) return drop('reports');
    send({ type: 'sandbox', attempt: measured.value as Record<string, unknown> });
  };
  const answer = (m: Extract<HostMessage, { type: 'callResult' }>): void => {
    const pending = calls.get(m.callId);
    calls.delete(m.callId);
    if (pending) m.ok ? pending[0](m.value) : pending[1](new Error(m.error));
  };
  return { send, emit, fail, setHeight, call, sandbox, answer };
}

// The ctx a mount gets in jsdom: the frame's side of the bridge, held to the runtime's rules
// (@extkit/runtime/bridge) as the frame's transport applies them. Props and config arrive as
// copies of what the host holds; emits, heights and calls cross within the bridge's budget, with
// the same measure, rate windows (on the page's clock: vitest's fake timers move it) and words.
import type { Manifest } from '@extkit/manifest';
import type { ExtensionContext } from '@extkit/runtime';
import {
  BRIDGE_BUDGET,
  acceptsEvent,
  bindingName,
  callCost,
  callRefusal,
  emitCost,
  forwardedProps,
  frameHeight,
  measurer,
  rateBudget,
  refusals,
  type Declared,
} from '@extkit/runtime/bridge';
import { buildConfig } from './config.js';
import { TestingError } from './errors.js';
import { undeclaredProps } from './strict.js';
import type { RenderOptions } from './types.js';
import { message, noAnswer, type HostRecord, type ViewParts } from './view.js';

type Values = Record<string, unknown>;
type Listener = (values: Values) => void;

export interface FrameContextInput {
  caller: string;
  root: HTMLElement;
  surface: ViewParts['surface'];
  declared: Declared;
  manifest: Manifest;
  options: RenderOptions;
  record: HostRecord;
}

/** The mount's ctx, and the host's side of what it holds. */
export interface FrameContext {
  readonly ctx: ExtensionContext;
  hostProps: () => Values;
  hostConfig: () => Values;
  /** The host replaces the props or the config and the mount's listeners run, as in the preview. */
  setProps(next: RenderOptions['props'], who: string): void;
  setConfig(next: RenderOptions['config'], who: string): void;
  /** The frame is gone: nothing more crosses, listeners and a held height are dropped. */
  close(): void;
  /** Under strict, what the frame would not send fails the test at unmount (testing.emit_unsent). */
  unsentError(): TestingError | undefined;
}

export function frameContext(input: FrameContextInput): FrameContext {
  const { caller, root, surface, declared, manifest, options, record } = input;
  const { kind, id } = surface;
  const propsListeners = new Set<Listener>();
  const configListeners = new Set<Listener>();
  let alive = true;
  // What the frame's transport would not send (refused, or over the bridge's budget), for strict's verdict at unmount.
  const unsentWhy: string[] = [];
  let unsentCount = 0;
  const { messageBytes } = BRIDGE_BUDGET;
  const measure = measurer(structuredClone);
  const rate = rateBudget(() => performance.now());
  let heldHeight: number | undefined;
  let heightTimer: ReturnType<typeof setTimeout> | undefined;
  const unsendable = (why: 'refused' | 'over_budget', name: string, text: string): void => {
    // A refusal's report to the host costs a send, as in the frame (an emit over budget costs nothing more).
    if (why === 'refused') {
      rate.refusal(text);
      record.dropped.push({ kind: why, name, message: text });
    } else record.dropped.push({ kind: why, name });
    if (options.strict && unsentCount++ < 5) unsentWhy.push(text);
  };
  const applyHeight = (px: number): void => record.resize(frameHeight(px));

  // The host holds what the test passes; the mount gets a copy of what crosses the bridge, as a port would carry it.
  let hostProps: Values = {};
  const deliverProps = (given: Values | undefined, who: string): Values => {
    hostProps = { ...(given ?? {}) };
    const { forwarded, dropped: names } = forwardedProps(hostProps, declared);
    if (names.length && options.strict) throw undeclaredProps(who, names, declared);
    for (const name of names) record.dropped.push({ kind: 'prop', name, value: hostProps[name] });
    return structuredClone(forwarded);
  };
  let props = deliverProps(options.props, caller);
  let hostConfig = buildConfig(manifest, options.config, caller);
  let config: Values = structuredClone(hostConfig);

  const subscribe = (set: Set<Listener>, cb: Listener) => (set.add(cb), () => void set.delete(cb));
  const ctx = {
    root,
    surface: { ...surface },
    get props() {
      return props;
    },
    get config() {
      return config;
    },
    onProps: (cb: Listener) => subscribe(propsListeners, cb),
    onConfig: (cb: Listener) => subscribe(configListeners, cb),
    emit(event: string, detail?: unknown): void {
      if (!alive) return;
      const over = (): void => unsendable('over_budget', String(event), refusals.emitOverRate(event));
      if (rate.full()) return over();
      if (typeof event !== 'string') return unsendable('refused', String(event), refusals.emitNotString(event));
      const measured =
        detail === undefined ? ({ ok: true, value: undefined, bytes: 0 } as const) : measure(detail, messageBytes);
      if (!measured.ok) return unsendable('refused', event, refusals.emitNotCopyable(event, measured.why));
      const bytes = emitCost(event, measured.bytes);
      if (bytes > messageBytes) return unsendable('refused', event, refusals.emitTooLarge(event));
      if (!rate.admit(bytes)) return over();
      record.event(event, measured.value, acceptsEvent(declared, event));
    },
    setHeight(px: number): void {
      if (!alive) return;
      // The frame sends every height it is given (the host refuses one that is no finite number): each costs a send.
      const admitted = rate.admit(8);
      if (typeof px !== 'number' || !Number.isFinite(px)) return;
      if (admitted) {
        heldHeight = undefined;
        return applyHeight(px);
      }
      // Over the budget the frame holds the latest height and sends it when the window ends, as here.
      heldHeight = px;
      heightTimer ??= setTimeout(
        () => {
          heightTimer = undefined;
          if (alive && heldHeight !== undefined) applyHeight(heldHeight);
          heldHeight = undefined;
        },
        Math.max(0, rate.windowEnds - performance.now()),
      );
    },
    call(prop: string, ...args: unknown[]): Promise<unknown> {
      // The frame measures and counts the arguments first (a TypeError in the component when they cannot cross), then the host decides.
      // The prop and the binding's name cross with the arguments and count with them, as in the frame; a prop that is no string is not sent.
      if (typeof prop !== 'string')
        return Promise.reject(new TypeError(refusals.callPrefix(prop) + refusals.callPropNotString()));
      const measured = measure(args, messageBytes);
      const name = bindingName(props, prop);
      const bytes = measured.ok ? callCost(prop, name, measured.bytes) : 0;
      const unsent = !measured.ok
        ? refusals.callNotCopyable(measured.why)
        : bytes > messageBytes
          ? refusals.callTooLarge()
          : !rate.admit(bytes)
            ? refusals.callOverRate()
            : undefined;
      if (unsent !== undefined) return Promise.reject(new TypeError(refusals.callPrefix(prop) + unsent));
      const refused = callRefusal(declared, prop);
      if (refused !== undefined) return Promise.reject(new Error(refused));
      const sent = (measured as { value: unknown[] }).value;
      const answer = options.functions?.[prop];
      record.calls.push({ prop, name, args: sent });
      if (!answer) return Promise.reject(noAnswer(caller, prop));
      return (async () => {
        try {
          return structuredClone(await answer(...sent));
        } catch (err) {
          // A new Error without `cause`: the answer crosses the bridge as a message, as the host's would.
          // eslint-disable-next-line preserve-caught-error
          throw new Error(err instanceof Error ? err.message : String(err));
        }
      })();
    },
  };

  const notify = (set: Set<Listener>, values: Values, who: string): void => {
    for (const cb of [...set]) {
      try {
        cb(values);
      } catch (err) {
        throw new TestingError(
          'testing.listener_threw',
          `${who}: the ${kind} ${JSON.stringify(id)}'s listener threw: ${message(err)}`,
          { cause: err },
        );
      }
    }
  };

  return {
    ctx,
    hostProps: () => hostProps,
    hostConfig: () => hostConfig,
    setProps(next, who) {
      props = deliverProps(next, who);
      notify(propsListeners, props, who);
    },
    setConfig(next, who) {
      hostConfig = buildConfig(manifest, next, who);
      config = structuredClone(hostConfig);
      notify(configListeners, config, who);
    },
    close() {
      alive = false;
      propsListeners.clear();
      configListeners.clear();
      clearTimeout(heightTimer);
    },
    unsentError() {
      if (!unsentWhy.length) return undefined;
      return new TestingError(
        'testing.emit_unsent',
        `${caller} (strict): the ${kind} emitted ${unsentCount === 1 ? 'an event' : `${unsentCount} events`} the bridge would not send to the host: ${unsentWhy.join(' ')}${unsentCount > unsentWhy.length ? ` (and ${unsentCount - unsentWhy.length} more)` : ''} They are on view.dropped; to assert them, render without strict.`,
      );
    },
  };
}

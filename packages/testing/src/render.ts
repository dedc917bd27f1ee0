// render(): mounts one registered contribution the way the host does, in this
// jsdom document, with the manifest's bridge rules (the runtime's verdicts) on
// everything that crosses: props in, events, calls and heights out, network.
import { getRegistry, type ContributionKind } from '@extkit/runtime';
import {
  BRIDGE_BUDGET,
  acceptsEvent,
  bindingName,
  callCost,
  callRefusal,
  declaredFor,
  emitCost,
  forwardedProps,
  frameHeight,
  measurer,
  rateBudget,
  refusals,
  type Declared,
  type SandboxRefusal,
} from '@extkit/runtime/bridge';
import { routeFor } from './api.js';
import { buildConfig } from './config.js';
import { TestingError } from './errors.js';
import { strictRefusals, undeclaredEvents, undeclaredProps } from './strict.js';
import { guardNetwork, type BlockedRequest } from './network.js';
import { watchScripts } from './scripts.js';
import { declaredKind } from './contributes.js';
import { loadProject } from './project.js';
import type { BindingCall, Dropped, EmittedEvent, RenderOptions, SurfaceId, View } from './types.js';

type Values = Record<string, unknown>;
type Listener = (values: Values) => void;

const mounted = new Set<{ unmount(): void }>();

/**
 * Mounts the contribution registered under `id` with a context built from the project's manifest.json.
 * @example const view = render('acme.hello-card.card', { props: { title: 'Lisbon' } }); view.root.querySelector('button')!.click();
 */
export function render(id: SurfaceId, options: RenderOptions = {}): View {
  const caller = `render(${JSON.stringify(id)})`;
  if (typeof document === 'undefined') {
    throw new TestingError(
      'testing.no_document',
      `${caller}: there is no document. Run the test in jsdom: put \`// @vitest-environment jsdom\` at the top of the file, or \`environment: 'jsdom'\` in vitest's config.`,
    );
  }
  const project = loadProject(options.manifest, options.publisher);
  const { manifest } = project;
  const kind = declaredKind(project, id, options.kind);
  const route = routeFor(project, options.api, caller);
  const registration = getRegistry().registrations.find((r) => r.kind === kind && r.id === id);
  if (!registration) {
    const registered = getRegistry().registrations.map((r) => `${r.kind} ${JSON.stringify(r.id)}`);
    throw new TestingError(
      'testing.not_registered',
      `${caller}: nothing registered the ${kind} ${JSON.stringify(id)} that ${project.source} declares. Import the extension's entry before render() (\`import '../src/index'\`), as the bundle runs it, and check that it calls ${registerFunction(kind)}. ${registered.length ? `Registered: ${registered.join(', ')}.` : 'Nothing is registered in this test file.'}`,
    );
  }

  const declared: Declared = declaredFor(manifest, kind, id);
  const surface = { kind, id };
  const events: EmittedEvent[] = [];
  const dropped: Dropped[] = [];
  const calls: BindingCall[] = [];
  const blocked: BlockedRequest[] = [];
  const refused: SandboxRefusal[] = [];
  const heights: number[] = [];
  let height: number | null = manifest.capabilities?.size?.height ?? null;
  const propsListeners = new Set<Listener>();
  const configListeners = new Set<Listener>();
  let alive = true;
  // Under strict, an event the host drops fails the test when the view unmounts (the emit itself goes on, as in the host).
  const undeclared = new Set<string>();
  // What the frame's transport would not send (refused, or over the bridge's budget), for strict's verdict at unmount.
  const unsentWhy: string[] = [];
  let unsentCount = 0;
  // The bridge's budget as the frame's transport applies it (@extkit/runtime/bridge): the same measure of what crosses,
  // the same rate windows on the page's clock (vitest's fake timers move it), the same words.
  const { messageBytes } = BRIDGE_BUDGET;
  const measure = measurer(structuredClone);
  const rate = rateBudget(() => performance.now());
  let heldHeight: number | undefined;
  let heightTimer: ReturnType<typeof setTimeout> | undefined;
  const unsendable = (kind: 'refused' | 'over_budget', name: string, message: string): void => {
    // A refusal's report to the host costs a send, as in the frame (an emit over budget costs nothing more).
    if (kind === 'refused') {
      rate.refusal(message);
      dropped.push({ kind, name, message });
    } else dropped.push({ kind, name });
    if (options.strict && unsentCount++ < 5) unsentWhy.push(message);
  };
  const applyHeight = (px: number): void => {
    height = frameHeight(px);
    heights.push(height);
  };

  // The host holds what the test passes; the mount gets a copy of what crosses the bridge, as a port would carry it.
  let hostProps: Values = {};
  let props: Values = {};
  const deliverProps = (given: Values | undefined, who: string): Values => {
    hostProps = { ...(given ?? {}) };
    const { forwarded, dropped: names } = forwardedProps(hostProps, declared);
    if (names.length && options.strict) throw undeclaredProps(who, names, declared);
    for (const name of names) dropped.push({ kind: 'prop', name, value: hostProps[name] });
    return structuredClone(forwarded);
  };
  props = deliverProps(options.props, caller);
  let hostConfig = buildConfig(manifest, options.config, caller);
  let config: Values = structuredClone(hostConfig);

  const root = document.createElement('div');
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
      const copy = measured.value;
      if (acceptsEvent(declared, event)) events.push({ name: event, detail: copy });
      else {
        dropped.push({ kind: 'event', name: event, detail: copy });
        if (options.strict) undeclared.add(event);
      }
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
      calls.push({ prop, name, args: sent });
      if (!answer) {
        return Promise.reject(
          new Error(
            `${caller}: ctx.call(${JSON.stringify(prop)}) has no answer in this test; pass render(id, { functions: { ${JSON.stringify(prop)}: (...args) => result } }).`,
          ),
        );
      }
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
  const scripts = watchScripts(blocked);
  const releaseNetwork = guardNetwork({
    network: manifest.capabilities?.network ?? [],
    fetch: options.fetch,
    blocked,
    refused,
    route,
    dir: project.dir,
  });
  const release = (): void => {
    releaseNetwork();
    scripts.stop();
  };
  document.body.append(root);
  let cleanup: unknown;
  try {
    cleanup = registration.mount(ctx);
  } catch (err) {
    alive = false;
    release();
    root.remove();
    throw new TestingError('testing.mount_threw', `${caller}: the ${kind}'s mount threw: ${message(err)}`, {
      cause: err,
    });
  }

  const entry = {
    unmount(): void {
      if (!alive) return;
      alive = false;
      mounted.delete(entry);
      propsListeners.clear();
      configListeners.clear();
      clearTimeout(heightTimer);
      try {
        if (typeof cleanup === 'function') (cleanup as () => void)();
      } catch (err) {
        throw new TestingError('testing.cleanup_threw', `${caller}: the ${kind}'s cleanup threw: ${message(err)}`, {
          cause: err,
        });
      } finally {
        release();
        root.remove();
      }
      if (options.strict) strictRefusals(caller, kind, refused, blocked);
      if (unsentWhy.length) {
        throw new TestingError(
          'testing.emit_unsent',
          `${caller} (strict): the ${kind} emitted ${unsentCount === 1 ? 'an event' : `${unsentCount} events`} the bridge would not send to the host: ${unsentWhy.join(' ')}${unsentCount > unsentWhy.length ? ` (and ${unsentCount - unsentWhy.length} more)` : ''} They are on view.dropped; to assert them, render without strict.`,
        );
      }
      if (undeclared.size) throw undeclaredEvents(caller, kind, undeclared, declared);
    },
  };
  mounted.add(entry);
  const live = (what: string): void => {
    if (!alive)
      throw new TestingError(
        'testing.unmounted',
        `view.${what}(): the ${kind} ${JSON.stringify(id)} is unmounted; render it again.`,
      );
  };

  return {
    root,
    surface,
    get props() {
      return forwardedProps(hostProps, declared).forwarded;
    },
    get config() {
      return hostConfig;
    },
    events,
    dropped,
    calls,
    get blocked() {
      scripts.drain();
      return blocked;
    },
    refused,
    get height() {
      return height;
    },
    heights,
    get mounted() {
      return alive;
    },
    setProps(next) {
      live('setProps');
      props = deliverProps(next, 'view.setProps()');
      notify(propsListeners, props, 'view.setProps()');
    },
    setConfig(next) {
      live('setConfig');
      hostConfig = buildConfig(manifest, next, 'view.setConfig()');
      config = structuredClone(hostConfig);
      notify(configListeners, config, 'view.setConfig()');
    },
    settled: () => Promise.resolve(),
    unmount: () => entry.unmount(),
  };
}

/** Unmounts every view still mounted (vitest runs it after each test); throws the first cleanup error after trying them all. */
export function cleanup(): void {
  const errors: unknown[] = [];
  for (const view of [...mounted]) {
    try {
      view.unmount();
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1)
    throw new AggregateError(errors, `cleanup(): ${errors.length} cleanups threw: ${errors.map(message).join('; ')}`);
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

function registerFunction(kind: ContributionKind): string {
  const names: Record<ContributionKind, string> = {
    component: 'registerComponent(id, mount)',
    feature: 'registerFeature(id, mount)',
    slot: 'registerSlot(id, mount)',
    route: 'registerRoute(path, mount)',
    orgRoute: 'registerOrgRoute(path, mount)',
    shell: 'registerShell(mount)',
  };
  return names[kind];
}

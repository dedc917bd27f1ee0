// render(): mounts one registered contribution the way the host does, in this
// jsdom document, with the manifest's bridge rules (the runtime's verdicts) on
// everything that crosses: props in, events, calls and heights out, network.
import { getRegistry, type ContributionKind } from '@extkit/runtime';
import { acceptsEvent, bindingName, callRefusal, declaredFor, forwardedProps, frameHeight, type Declared } from '@extkit/runtime/bridge';
import { buildConfig } from './config.js';
import { TestingError } from './errors.js';
import { guardNetwork, type BlockedRequest } from './network.js';
import { declaredKind, loadProject } from './project.js';
import type { BindingCall, Dropped, EmittedEvent, EventName, RenderOptions, SurfaceId, View } from './types.js';

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
    throw new TestingError('testing.no_document', `${caller}: there is no document. Run the test in jsdom: put \`// @vitest-environment jsdom\` at the top of the file, or \`environment: 'jsdom'\` in vitest's config.`);
  }
  const project = loadProject(options.manifest, options.publisher);
  const { manifest } = project;
  const kind = declaredKind(project, id, options.kind);
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
  const heights: number[] = [];
  let height: number | null = manifest.capabilities?.size?.height ?? null;
  const propsListeners = new Set<Listener>();
  const configListeners = new Set<Listener>();
  let alive = true;
  // Under strict, an event the host drops fails the test when the view unmounts (the emit itself goes on, as in the host).
  const undeclaredEvents = new Set<string>();

  // The host holds what the test passes; the mount gets a copy of what crosses the bridge, as a port would carry it.
  let hostProps: Values = {};
  let props: Values = {};
  const deliverProps = (given: Values | undefined, who: string): Values => {
    hostProps = { ...(given ?? {}) };
    const { forwarded, dropped: names } = forwardedProps(hostProps, declared);
    if (names.length && options.strict) {
      throw new TestingError('testing.prop_undeclared', `${who}: ${names.map((n) => JSON.stringify(n)).join(', ')} ${names.length === 1 ? 'is' : 'are'} not in capabilities.props, so the host never delivers ${names.length === 1 ? 'it' : 'them'} (declared: ${declared.props.map((p) => JSON.stringify(p)).join(', ') || 'none'}). Declare ${names.length === 1 ? 'it' : 'them'} in manifest.json, or leave ${names.length === 1 ? 'it' : 'them'} out of the test.`);
    }
    for (const name of names) dropped.push({ kind: 'prop', name, value: hostProps[name] });
    return structuredClone(forwarded);
  };
  props = deliverProps(options.props, caller);
  let hostConfig = buildConfig(manifest, options.config as Values | undefined, caller);
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
      const name = String(event);
      const copy = structuredClone(detail);
      if (acceptsEvent(declared, name)) events.push({ name: name as EventName, detail: copy });
      else {
        dropped.push({ kind: 'event', name, detail: copy });
        if (options.strict) undeclaredEvents.add(name);
      }
    },
    setHeight(px: number): void {
      if (!alive || typeof px !== 'number' || !Number.isFinite(px)) return;
      height = frameHeight(px);
      heights.push(height);
    },
    call(prop: string, ...args: unknown[]): Promise<unknown> {
      const refused = callRefusal(declared, prop);
      if (refused !== undefined) return Promise.reject(new Error(refused));
      const sent = structuredClone(args);
      const answer = options.functions?.[prop];
      calls.push({ prop, name: bindingName(props, prop), args: sent });
      if (!answer) {
        return Promise.reject(new Error(`${caller}: ctx.call(${JSON.stringify(prop)}) has no answer in this test; pass render(id, { functions: { ${JSON.stringify(prop)}: (...args) => result } }).`));
      }
      return (async () => {
        try {
          return structuredClone(await answer(...sent));
        } catch (err) {
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
        throw new TestingError('testing.listener_threw', `${who}: the ${kind} ${JSON.stringify(id)}'s listener threw: ${message(err)}`, { cause: err });
      }
    }
  };
  const release = guardNetwork({ network: manifest.capabilities?.network ?? [], fetch: options.fetch, blocked });
  document.body.append(root);
  let cleanup: unknown;
  try {
    cleanup = registration.mount(ctx);
  } catch (err) {
    alive = false;
    release();
    root.remove();
    throw new TestingError('testing.mount_threw', `${caller}: the ${kind}'s mount threw: ${message(err)}`, { cause: err });
  }

  const entry = {
    unmount(): void {
      if (!alive) return;
      alive = false;
      mounted.delete(entry);
      propsListeners.clear();
      configListeners.clear();
      try {
        if (typeof cleanup === 'function') cleanup();
      } catch (err) {
        throw new TestingError('testing.cleanup_threw', `${caller}: the ${kind}'s cleanup threw: ${message(err)}`, { cause: err });
      } finally {
        release();
        root.remove();
      }
      if (undeclaredEvents.size) {
        const names = [...undeclaredEvents].map((n) => JSON.stringify(n));
        const one = names.length === 1;
        throw new TestingError(
          'testing.event_undeclared',
          `${caller} (strict): the ${kind} emitted ${names.join(', ')}, which ${one ? 'is' : 'are'} not in capabilities.events, so the host dropped ${one ? 'it' : 'them'} (declared: ${declared.events.map((e) => JSON.stringify(e)).join(', ') || 'none'}). Declare ${one ? 'it' : 'them'} in manifest.json, or stop emitting ${one ? 'it' : 'them'}; to assert the drop itself, render without strict.`,
        );
      }
    },
  };
  mounted.add(entry);
  const live = (what: string): void => {
    if (!alive) throw new TestingError('testing.unmounted', `view.${what}(): the ${kind} ${JSON.stringify(id)} is unmounted; render it again.`);
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
    blocked,
    get height() {
      return height;
    },
    heights,
    get mounted() {
      return alive;
    },
    setProps(next) {
      live('setProps');
      props = deliverProps(next as Values | undefined, 'view.setProps()');
      notify(propsListeners, props, 'view.setProps()');
    },
    setConfig(next) {
      live('setConfig');
      hostConfig = buildConfig(manifest, next as Values | undefined, 'view.setConfig()');
      config = structuredClone(hostConfig);
      notify(configListeners, config, 'view.setConfig()');
    },
    unmount: entry.unmount,
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
  if (errors.length > 1) throw new AggregateError(errors, `cleanup(): ${errors.length} cleanups threw: ${errors.map(message).join('; ')}`);
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

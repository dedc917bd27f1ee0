// render(): mounts one registered contribution the way the host does, in this
// jsdom document, with the manifest's bridge rules (the runtime's verdicts) on
// everything that crosses: props in, events, calls and heights out (the mount's
// ctx: frame-context.ts), network; the view it returns is view.ts's.
import { getRegistry, type ContributionKind } from '@extkit/runtime';
import { declaredFor, type Declared } from '@extkit/runtime/bridge';
import { routeFor } from './api.js';
import { declaredKind } from './contributes.js';
import { TestingError } from './errors.js';
import { frameContext } from './frame-context.js';
import { guardNetwork } from './network.js';
import { loadProject } from './project.js';
import { watchScripts } from './scripts.js';
import { strictRefusals, undeclaredEvents } from './strict.js';
import type { RenderOptions, SurfaceId, View } from './types.js';
import { createView, hostRecord, message } from './view.js';

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
  const record = hostRecord(manifest, options.strict);
  const root = document.createElement('div');
  const frame = frameContext({ caller, root, surface, declared, manifest, options, record });
  const scripts = watchScripts(record.blocked);
  const releaseNetwork = guardNetwork({
    network: manifest.capabilities?.network ?? [],
    fetch: options.fetch,
    blocked: record.blocked,
    refused: record.refused,
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
    cleanup = registration.mount(frame.ctx);
  } catch (err) {
    frame.close();
    release();
    root.remove();
    throw new TestingError('testing.mount_threw', `${caller}: the ${kind}'s mount threw: ${message(err)}`, {
      cause: err,
    });
  }

  return createView({
    root,
    surface,
    declared,
    record,
    hostProps: frame.hostProps,
    hostConfig: frame.hostConfig,
    beforeBlocked: () => scripts.drain(),
    setProps: (next) => frame.setProps(next, 'view.setProps()'),
    setConfig: (next) => frame.setConfig(next, 'view.setConfig()'),
    settled: () => Promise.resolve(),
    teardown() {
      frame.close();
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
      if (options.strict) strictRefusals(caller, kind, record.refused, record.blocked);
      const unsent = frame.unsentError();
      if (unsent) throw unsent;
      if (record.undeclared.size) throw undeclaredEvents(caller, kind, record.undeclared, declared);
    },
  });
}

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

// render() in the browser run (vitest's browser mode in Chromium): the contribution mounts in a
// real frame, sandbox="allow-scripts" with the manifest's Content-Security-Policy, made as the
// preview makes it (its document, policy, transport and lockdown: @extkit/preview/frame, served by
// the plugin in ./plugin.ts) and hosted by the preview's own bridge host. The test reads and acts
// on a copy of the frame's document (mirror.ts); `await view.settled()` waits for the frame.
import { getRegistry } from '@extkit/runtime';
import { expect } from 'vitest';
import { connectRefusal, declaredFor, forwardedProps, sandboxRefusal } from '@extkit/runtime/bridge';
import type { SandboxChannel } from '@extkit/runtime/bridge';
import { attachBridge, type BridgeHost } from '@extkit/preview/bridge-host';
import { routeFor } from '../api.js';
import { buildConfig } from '../config.js';
import { declaredKind } from '../contributes.js';
import { TestingError } from '../errors.js';
import type { Project } from '../project.js';
import { strictRefusals, undeclaredEvents, undeclaredProps } from '../strict.js';
import type { RenderOptions, SurfaceId, View } from '../types.js';
import { createView, hostRecord, noAnswer } from '../view.js';
import { createMirror } from './mirror.js';
import { MIRROR_HELLO, type FrameReport } from './protocol.js';
import { FRAME_PATH, PROJECT_PATH, type ProjectAnswer } from './routes.js';

type Values = Record<string, unknown>;
/** How long a frame may take to say hello and mount before settled() fails. */
const FRAME_TIMEOUT_MS = 10_000;

/** Mounts the contribution registered under `id` in a sandboxed frame in Chromium; see the jsdom render(). */
export function render(id: SurfaceId, options: RenderOptions = {}): View {
  const caller = `render(${JSON.stringify(id)})`;
  const project = loadProject(options);
  const { manifest } = project;
  const kind = declaredKind(project, id, options.kind);
  const route = routeFor(project, options.api, caller);
  if (!getRegistry().registrations.some((r) => r.kind === kind && r.id === id)) {
    throw new TestingError(
      'testing.not_registered',
      `${caller}: nothing registered the ${kind} ${JSON.stringify(id)} that ${project.source} declares. Import the extension's entry before render() (\`import './index'\`), as in jsdom; the frame itself runs the project's build of it.`,
    );
  }
  const declared = declaredFor(manifest, kind, id);
  const surface = { kind, id };
  const record = hostRecord(manifest, options.strict);
  const { dropped, blocked, refused } = record;
  const errors: string[] = [];
  let hostProps: Values = checkedProps(options.props, caller);
  let hostConfig = buildConfig(manifest, options.config, caller);

  function checkedProps(given: Values | undefined, who: string): Values {
    const props = { ...(given ?? {}) };
    const { dropped: names } = forwardedProps(props, declared);
    if (names.length && options.strict) throw undeclaredProps(who, names, declared);
    return props;
  }

  const host = document.createElement('div');
  host.dataset['extkitSurface'] = `${kind} ${id}`;
  document.body.append(host);
  const mirror = createMirror(host, `${kind} ${id}`);
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-scripts');
  frame.title = `${kind} ${id}`;
  frame.style.cssText = 'width: 100%; border: 0;';
  if (record.height !== null) frame.style.height = `${record.height}px`;
  const routing = route
    ? `?routing=${encodeURIComponent(JSON.stringify({ api: route.api.href, emulator: route.target.href }))}`
    : '';
  host.append(frame);

  let mountedOk = false;
  let failure: TestingError | undefined;
  let settle: (() => void) | undefined;
  const ready = new Promise<void>((resolve) => (settle = resolve));
  const fail = (err: TestingError): void => {
    failure ??= err;
    settle?.();
  };

  const onWindowMessage = (event: MessageEvent): void => {
    if (event.source !== frame.contentWindow || (event.data as { extkit?: unknown } | null)?.extkit !== MIRROR_HELLO)
      return;
    const port = event.ports[0];
    if (!port) return;
    window.removeEventListener('message', onWindowMessage);
    port.onmessage = (e: MessageEvent<FrameReport>) => {
      const report = e.data;
      if (report.type !== 'violation') return mirror.receive(report);
      const url = report.url;
      if (report.directive === 'connect-src' || report.directive === 'script-src-elem') {
        const verdict = connectRefusal(
          url,
          route
            ? [...(manifest.capabilities?.network ?? []), route.target.origin]
            : (manifest.capabilities?.network ?? []),
        );
        blocked.push({ url, directive: report.directive, origin: verdict?.origin ?? null, fix: verdict?.fix ?? '' });
      }
    };
    mirror.connect(port);
  };
  window.addEventListener('message', onWindowMessage);

  const bridge: BridgeHost = attachBridge({
    frame,
    surface,
    declared,
    props: hostProps,
    config: hostConfig,
    handshakeTimeoutMs: FRAME_TIMEOUT_MS,
    onMounted: () => ((mountedOk = true), settle?.()),
    onEvent: (name, detail, accepted) => record.event(name, detail, accepted),
    onDroppedProps: (names) => {
      for (const name of names)
        if (!dropped.some((d) => d.kind === 'prop' && d.name === name))
          dropped.push({ kind: 'prop', name, value: hostProps[name] });
    },
    onResize(px) {
      record.resize(px);
      frame.style.height = `${px}px`;
    },
    onCall(call) {
      record.calls.push(call);
      const answer = options.functions?.[call.prop];
      if (!answer) throw noAnswer(caller, call.prop);
      return answer(...call.args);
    },
    onError(message, stack) {
      if (!mountedOk && stack !== undefined)
        return fail(
          new TestingError('testing.mount_threw', `${caller}: the ${kind}'s mount threw in the frame: ${message}`),
        );
      if (stack === undefined) dropped.push({ kind: 'refused', name: '', message });
      else errors.push(`${message}\n${stack}`);
    },
    onAttempt(attempt) {
      const [via, target] = attempt.targets;
      if (attempt.api in SANDBOX_CHANNELS)
        refused.push(sandboxRefusal(attempt.api as SandboxChannel, via ?? attempt.api, target ?? null));
    },
    onTimeout: () =>
      fail(
        new TestingError(
          'testing.frame_timeout',
          `${caller}: the frame did not mount the ${kind} within ${FRAME_TIMEOUT_MS / 1000} s. Its console (vitest's browser output) says why; check that the bundle registers ${JSON.stringify(id)}.`,
        ),
      ),
  });
  bridge.load(`${FRAME_PATH}${project.token}${routing}`);

  return createView({
    root: mirror.root,
    surface,
    declared,
    record,
    hostProps: () => hostProps,
    hostConfig: () => hostConfig,
    setProps(next) {
      hostProps = checkedProps(next, 'view.setProps()');
      bridge.setProps(hostProps);
    },
    setConfig(next) {
      hostConfig = buildConfig(manifest, next, 'view.setConfig()');
      bridge.setConfig(hostConfig);
    },
    async settled() {
      await ready;
      if (failure) throw failure;
      await mirror.sync();
      // What the frame posted on the bridge's port before it answered is handled by now, or in this task.
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
    },
    teardown() {
      bridge.close();
      window.removeEventListener('message', onWindowMessage);
      // The host discards the frame: its document, and all the mount made in it, ends here (no cleanup message).
      mirror.root.replaceChildren();
      mirror.remove();
      host.remove();
      if (errors.length)
        throw new TestingError(
          'testing.frame_error',
          `${caller}: the ${kind} threw in the frame, uncaught: ${errors[0]}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`,
        );
      if (options.strict) strictRefusals(caller, kind, refused, blocked);
      if (record.undeclared.size) throw undeclaredEvents(caller, kind, record.undeclared, declared);
    },
  });
}

const SANDBOX_CHANNELS: Record<SandboxChannel, true> = {
  form: true,
  popup: true,
  modal: true,
  'top-navigation': true,
  download: true,
  'pointer-lock': true,
  storage: true,
};

/** The project's manifest, validated in Node by the plugin (a synchronous request: render() returns the view at once). */
function loadProject(options: RenderOptions): Project & { token: string } {
  const xhr = new XMLHttpRequest();
  xhr.open('POST', PROJECT_PATH, false);
  xhr.setRequestHeader('content-type', 'application/json');
  try {
    xhr.send(
      JSON.stringify({
        test: expect.getState().testPath ?? null,
        manifest: options.manifest ?? null,
        publisher: options.publisher ?? null,
      }),
    );
  } catch (err) {
    throw new TestingError(
      'testing.no_plugin',
      `render(): the test server did not answer ${PROJECT_PATH} (${String(err)}). Add the plugin to the browser run's vitest config: plugins: [extkitBrowser()] from '@extkit/testing/browser'.`,
    );
  }
  let answer: ProjectAnswer;
  try {
    answer = JSON.parse(xhr.responseText) as ProjectAnswer;
  } catch {
    throw new TestingError(
      'testing.no_plugin',
      `render(): ${PROJECT_PATH} answered ${xhr.status} without the plugin's JSON. Add the plugin to the browser run's vitest config: plugins: [extkitBrowser()] from '@extkit/testing/browser'.`,
    );
  }
  if (!answer.ok) throw new TestingError(answer.code, answer.message);
  return answer.project;
}

// The stage: every declared surface in its stand-in (a site page, a console),
// each in its own sandboxed frame with the host side of the bridge attached.
import { BRIDGE_BUDGET } from '@extkit/runtime/bridge';
import { attemptEntry } from '../sandbox/attempt.js';
import { registrationRefusals } from './registrations.js';
import type { BlockedRequest, PlannedSurface, PreviewState } from '../types.js';
import { attachBridge, type BridgeHost } from './bridge-host.js';
import { fill, h } from './dom.js';
import { answerCall, surfaceProps } from './calls.js';
import { watchNavigation, type NavigationWatch } from './navigation-watch.js';
import { logEvent, pushLimited, store } from './store.js';
import { logLine, logRequest } from './devlog.js';
import { mapStackOf } from './panels/console-logs.js';

export interface StageHooks {
  /** Proves each frame load (load-proof.ts). */
  prove: (nonce: string) => Promise<string>;
  /** Something the logs or panels show changed. */
  changed(): void;
  /** The sandbox stopped something the frame tried (a network-log entry). */
  blocked(entry: BlockedRequest): void;
}

interface Mounted {
  surface: PlannedSurface;
  frame: HTMLIFrameElement;
  bridge: BridgeHost;
  navigation: NavigationWatch;
  status: HTMLElement;
  /** The last error the frame reported, shown in place. */
  note: HTMLElement;
  /** Emits in the current second, those the frame dropped over its bridge budget, and the badge that flags a runaway loop. */
  rate: { count: number; dropped: number; since: number; badge: HTMLElement };
  /** Why the preview ended this load of the frame itself (navigationRefused), until the next load. */
  ended?: string;
}

const { runawayPerSecond, sendsPerInterval, bytesPerInterval } = BRIDGE_BUDGET;

const DEFAULT_HEIGHT = 160;
const KIND_LABEL: Record<PlannedSurface['kind'], string> = {
  component: 'component',
  feature: 'site feature',
  slot: 'console slot',
  route: 'route',
  orgRoute: 'org route',
  shell: 'shell',
};

export class Stage {
  readonly el = h('div', { class: 'stage' });
  private mounted = new Map<string, Mounted>();
  private structure = '';
  private revision = -1;

  constructor(private readonly hooks: StageHooks) {}

  /** Applies a new state: re-creates the frames when surfaces or the sandbox changed, reloads them on a new build. */
  update(state: PreviewState): void {
    const structure = JSON.stringify([state.surfaces, state.declared, state.blocked, state.hostAbi]);
    if (structure !== this.structure) {
      this.structure = structure;
      this.revision = state.revision;
      this.render(state);
    } else if (state.revision !== this.revision) {
      this.revision = state.revision;
      store.runtimeErrors = [];
      for (const m of this.mounted.values()) {
        this.setStatus(m, 'loading', 'reloading');
        this.load(m, state.revision);
      }
    }
  }

  /** Sends the current props (and each component's function name) to every frame. */
  pushProps(): void {
    for (const m of this.mounted.values()) m.bridge.setProps(surfaceProps(m.surface));
  }

  pushConfig(): void {
    for (const m of this.mounted.values()) m.bridge.setConfig(store.config);
  }

  /** Loads every frame again (after the base style was switched). */
  reloadAll(): void {
    for (const key of this.mounted.keys()) this.reload(key);
  }

  reload(key: string): void {
    const m = this.mounted.get(key);
    if (!m) return;
    this.setStatus(m, 'loading', 'reloading');
    this.load(m, this.revision);
  }

  /**
   * The host page's frame-src refused a navigation of one of the frames (the extension sent it toward `blocked`).
   * Measured in Chromium 156, an extension that starts a new navigation in each task from then on keeps its document
   * alive (each one replaces the refused one before its error page commits), and each is looked up: 1,395 names in
   * 4.8 s from one load. So the preview ends the frames' documents at once: a frame element taken out of the page
   * loses its browsing context, and it is put back empty. The browser's report names no frame, so every frame of the
   * extension is stopped; each reloads on request.
   */
  navigationRefused(blocked: string): void {
    for (const m of this.mounted.values()) {
      if (m.ended !== undefined) continue;
      m.ended = blocked;
      const { frame } = m;
      const parent = frame.parentNode;
      const next = frame.nextSibling;
      frame.remove();
      frame.removeAttribute('src');
      parent?.insertBefore(frame, next);
      this.hooks.blocked(navigationEntry(m.surface.key, blocked));
      this.stopped(m);
    }
  }

  private load(m: Mounted, revision: number): void {
    m.ended = undefined;
    m.note.hidden = true;
    m.navigation.expect();
    m.bridge.load(frameSrc(m.surface, revision), { props: surfaceProps(m.surface), config: store.config });
  }

  private stopped(m: Mounted): void {
    this.setStatus(m, 'error', 'stopped');
    fill(
      m.note,
      m.ended !== undefined
        ? `A frame of the extension navigated toward ${m.ended}, which the platform refuses (frame-src), so the preview stopped the extension's frames at once (the browser does not say which frame it was): the bridge is gone. `
        : "The frame navigated away from the extension's document (the extension set its location), so the bridge is gone: props, settings, events and calls no longer reach it, and the platform would show nothing useful here. ",
      h('button', { class: 'reload', onclick: () => this.reload(m.surface.key) }, 'Reload the frame'),
    );
    m.note.hidden = false;
  }

  private render(state: PreviewState): void {
    for (const m of this.mounted.values()) {
      m.bridge.close();
      m.navigation.close();
    }
    this.mounted.clear();
    store.runtimeErrors = [];
    if (state.blocked) {
      fill(
        this.el,
        h(
          'div',
          { class: 'blocked', role: 'status' },
          h('strong', {}, 'Nothing loads. '),
          state.blocked.message,
          h('code', { class: 'code' }, state.blocked.code),
        ),
        state.surfaces.length
          ? h(
              'p',
              { class: 'muted' },
              `Declared but not loaded: ${state.surfaces.map((s) => `${KIND_LABEL[s.kind]} ${s.id}`).join(', ')}.`,
            )
          : null,
      );
      return;
    }
    const of = (...kinds: PlannedSurface['kind'][]) => state.surfaces.filter((s) => kinds.includes(s.kind));
    const site = of('component', 'feature');
    const consoleSurfaces = of('shell', 'route', 'orgRoute', 'slot');
    fill(
      this.el,
      site.length
        ? h(
            'section',
            { class: 'standin site' },
            h(
              'div',
              { class: 'standin-bar' },
              h('span', { class: 'dots' }),
              h('span', { class: 'address' }, 'example-store.test / a page with your components placed'),
            ),
            h(
              'div',
              { class: 'site-page' },
              h('div', { class: 'site-header' }, h('b', {}, 'Example Store'), h('span', {}, 'Shop · About · Contact')),
              ...site.map((s) => this.card(s, state)),
            ),
          )
        : null,
      consoleSurfaces.length
        ? h(
            'section',
            { class: 'standin console' },
            h(
              'div',
              { class: 'standin-bar' },
              h('span', { class: 'dots' }),
              h('span', { class: 'address' }, 'console / where your console contributions load'),
            ),
            h(
              'div',
              { class: 'console-body' },
              h(
                'nav',
                { class: 'console-nav' },
                h('b', {}, 'Console'),
                ...['Dashboard', 'Orders', 'Products'].map((n) => h('span', { class: 'muted' }, n)),
                ...consoleSurfaces.map((s) => h('a', { href: `#surface-${cssId(s.key)}` }, navLabel(s))),
              ),
              h('div', { class: 'console-main' }, ...consoleSurfaces.map((s) => this.card(s, state))),
            ),
          )
        : null,
    );
  }

  private card(surface: PlannedSurface, state: PreviewState): HTMLElement {
    const frame = h('iframe', {
      sandbox: 'allow-scripts',
      title: `${KIND_LABEL[surface.kind]} ${surface.id}`,
      'data-surface': surface.key,
      style: `height:${state.declared.height ?? DEFAULT_HEIGHT}px`,
    });
    const status = h('span', { class: 'status loading' }, 'loading');
    const note = h('div', { class: 'surface-error', hidden: true });
    const rate = {
      count: 0,
      dropped: 0,
      since: performance.now(),
      badge: h('span', { class: 'runaway', role: 'status', hidden: true }),
    };
    const m: Mounted = {
      rate,
      surface,
      frame,
      status,
      note,
      navigation: watchNavigation(frame, () => this.stopped(m)),
      bridge: attachBridge({
        frame,
        prove: this.hooks.prove,
        onConnect: () => m.navigation.connected(),
        surface: { kind: surface.kind, id: surface.id },
        declared: { props: state.declared.props, events: state.declared.events, bindingProp: surface.bindingProp },
        props: surfaceProps(surface),
        config: store.config,
        onMounted: () => this.setStatus(m, 'ok', 'running'),
        onReady: (registrations) => {
          for (const refusal of registrationRefusals(registrations, state.surfaces))
            if (!store.runtimeErrors.some((e) => e.message === refusal.message))
              pushLimited(store.runtimeErrors, { surface: surface.key, ...refusal });
          this.hooks.changed();
        },
        onEvent: (event, detail, accepted) => {
          logEvent(surface.key, event, detail, accepted);
          m.rate.count++;
          this.hooks.changed();
        },
        onResize: (height) => (frame.style.height = `${height}px`),
        onDropped: (dropped) => {
          m.rate.dropped += dropped.emits;
          store.emitsDroppedInFrames += dropped.emits;
          if (dropped.errors)
            pushLimited(store.runtimeErrors, {
              surface: surface.key,
              message: `${dropped.errors.toLocaleString('en')} more errors were dropped in the frame: over the bridge's budget of ${sendsPerInterval.toLocaleString('en')} sends a second.`,
            });
          if (dropped.reports) this.hooks.blocked(droppedReportsEntry(surface.key, dropped.reports));
          this.hooks.changed();
        },
        onCall: ({ name, args }) => answerCall(surface, name, args, () => this.hooks.changed()),
        onError: (message, stack) => {
          this.setStatus(m, 'error', 'error');
          note.textContent = message;
          note.hidden = false;
          pushLimited(store.runtimeErrors, { surface: surface.key, message, stack });
          mapStackOf(logLine(surface.key, 'error', 'uncaught', message, stack), () => this.hooks.changed());
          this.hooks.changed();
        },
        onAttempt: (attempt) => this.hooks.blocked(attemptEntry(surface.key, attempt)),
        onDevReport: (report) => {
          if (report.kind === 'request') logRequest(surface.key, report);
          else
            mapStackOf(logLine(surface.key, report.level, 'console', report.message, report.stack), () =>
              this.hooks.changed(),
            );
          this.hooks.changed();
        },
        onTimeout: () => m.ended === undefined && this.setStatus(m, 'error', 'no handshake: the frame never connected'),
      }),
    };
    this.mounted.set(surface.key, m);
    this.load(m, state.revision);
    return h(
      'article',
      { class: `surface ${surface.kind}`, id: `surface-${cssId(surface.key)}` },
      h(
        'header',
        {},
        h('span', { class: 'kind' }, KIND_LABEL[surface.kind]),
        // The shell's id is always "shell": saying it twice says nothing.
        h('span', { class: 'id' }, surface.kind === 'shell' ? '' : surface.id),
        status,
        rate.badge,
        h('button', { class: 'ghost', title: 'Reload this frame', onclick: () => this.reload(surface.key) }, '↻'),
      ),
      note,
      frame,
    );
  }

  /** Flags (and unflags) each surface whose emit rate over the last second or more is a runaway's. */
  drawRates(): void {
    const now = performance.now();
    for (const { rate } of this.mounted.values()) {
      const elapsed = now - rate.since;
      if (elapsed < 1000) continue;
      const perSecond = Math.round((rate.count * 1000) / elapsed);
      rate.badge.hidden = perSecond <= runawayPerSecond && rate.dropped === 0;
      rate.badge.textContent = `runaway: ${perSecond.toLocaleString('en')} events/s${rate.dropped ? ` · ${rate.dropped.toLocaleString('en')} dropped` : ''}`;
      rate.badge.title = rate.dropped
        ? `This surface emits more than the bridge carries (${sendsPerInterval.toLocaleString('en')} sends and ${bytesPerInterval / 1024 / 1024} MB a second): the frame dropped ${rate.dropped.toLocaleString('en')} emits and told the host how many. A loop?`
        : `This surface emits more than ${runawayPerSecond} events a second: a loop? The host page keeps up, the platform may not.`;
      rate.count = 0;
      rate.dropped = 0;
      rate.since = now;
    }
  }

  private setStatus(m: Mounted, kind: 'ok' | 'loading' | 'error', text: string): void {
    m.status.className = `status ${kind}`;
    m.status.textContent = text;
  }
}

/** The network log's entry for a frame navigation the host page's frame-src refused. */
const navigationEntry = (surface: string, blocked: string): BlockedRequest => ({
  surface,
  directive: 'navigation',
  blocked,
  origin: null,
  fix:
    'A frame of the extension navigated toward this URL; frame-src refuses it on the platform, but measured in Chromium, only after the ' +
    'browser resolved the name and opened a TCP connection, and an extension that starts a new navigation in every task keeps running ' +
    "and reaches host after host. The preview ended the frames' documents at once; the platform's sandbox must end the frame's document " +
    "on any navigation it starts. Open links in the platform's own UI instead; a frame navigation cannot be declared.",
});

/** The network log's entry for what the frame's sandbox stopped but could not report, over the bridge's budget. */
const droppedReportsEntry = (surface: string, count: number): BlockedRequest => ({
  surface,
  directive: 'budget',
  blocked: `${count.toLocaleString('en')} more attempts`,
  origin: null,
  fix: `The frame's sandbox stopped ${count.toLocaleString('en')} more attempts in one second than the bridge's budget lets it report (${sendsPerInterval.toLocaleString('en')} sends a second); they were stopped all the same, and are not listed one by one.`,
});

const cssId = (key: string): string => key.replace(/[^a-zA-Z0-9_-]/g, '_');
const frameSrc = (s: PlannedSurface, revision: number): string =>
  `/__extkit/frame/${encodeURIComponent(s.key)}?r=${revision}${store.baseStyle ? '' : '&base=off'}`;

/** A console surface as the stand-in's nav names it: routes by path, the shell once. */
function navLabel(s: PlannedSurface): string {
  if (s.kind === 'shell') return 'Your shell';
  if (s.kind === 'route' || s.kind === 'orgRoute') return s.id;
  return `${KIND_LABEL[s.kind]} ${s.id}`;
}

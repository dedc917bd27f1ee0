// One surface's card on the stage: its sandboxed frame under a header, with the
// host side of the bridge attached and wired to the store, the logs and the
// panels; and the badge that flags a surface emitting like a runaway loop.
import { BRIDGE_BUDGET } from '@extkit/runtime/bridge';
import { attemptEntry } from '../sandbox/attempt.js';
import { registrationRefusals } from './registrations.js';
import type { BlockedRequest, PlannedSurface, PreviewState } from '../types.js';
import { attachBridge, type BridgeHost } from './bridge-host.js';
import { h } from './dom.js';
import { answerCall, surfaceProps } from './calls.js';
import { watchNavigation, type NavigationWatch } from './navigation-watch.js';
import { logEvent, pushLimited, store } from './store.js';
import { logLine, logRequest } from './devlog.js';
import { mapStackOf } from './panels/console-logs.js';
import { KIND_LABEL, cssId } from './stand-ins.js';

export interface StageHooks {
  /** Proves each frame load (load-proof.ts). */
  prove: (nonce: string) => Promise<string>;
  /** Something the logs or panels show changed. */
  changed(): void;
  /** The sandbox stopped something the frame tried (a network-log entry). */
  blocked(entry: BlockedRequest): void;
}

export interface Mounted {
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
  /** Called once when this load's document connects (the other frames' turn, see Stage.reloadInTurn). */
  onConnect?: () => void;
}

/** What a card asks of the stage it is on. */
export interface CardStage {
  hooks: StageHooks;
  /** Keeps the card's surface on the stage and loads its frame. */
  mount(m: Mounted): void;
  /** The frame's document is gone (navigated away or ended): says so in place. */
  stopped(m: Mounted): void;
  reload(key: string): void;
}

const { runawayPerSecond, sendsPerInterval, bytesPerInterval } = BRIDGE_BUDGET;

const DEFAULT_HEIGHT = 160;

/** Makes the card of `surface`, its frame's bridge attached, mounts it on `stage`, and returns its element. */
export function surfaceCard(surface: PlannedSurface, state: PreviewState, stage: CardStage): HTMLElement {
  const { hooks } = stage;
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
    navigation: watchNavigation(frame, () => stage.stopped(m)),
    bridge: attachBridge({
      frame,
      prove: hooks.prove,
      onConnect: () => {
        m.navigation.connected();
        m.onConnect?.();
      },
      surface: { kind: surface.kind, id: surface.id },
      declared: { props: state.declared.props, events: state.declared.events, bindingProp: surface.bindingProp },
      props: surfaceProps(surface),
      config: store.config,
      onMounted: () => setStatus(m, 'ok', 'running'),
      onReady: (registrations) => {
        for (const refusal of registrationRefusals(registrations, state.surfaces))
          if (!store.runtimeErrors.some((e) => e.message === refusal.message))
            pushLimited(store.runtimeErrors, { surface: surface.key, ...refusal });
        hooks.changed();
      },
      onEvent: (event, detail, accepted) => {
        logEvent(surface.key, event, detail, accepted);
        m.rate.count++;
        hooks.changed();
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
        if (dropped.reports) hooks.blocked(droppedReportsEntry(surface.key, dropped.reports));
        hooks.changed();
      },
      onCall: ({ name, args }) => answerCall(surface, name, args, () => hooks.changed()),
      onError: (message, stack) => {
        setStatus(m, 'error', 'error');
        note.textContent = message;
        note.hidden = false;
        pushLimited(store.runtimeErrors, { surface: surface.key, message, stack });
        mapStackOf(logLine(surface.key, 'error', 'uncaught', message, stack), () => hooks.changed());
        hooks.changed();
      },
      onAttempt: (attempt) => hooks.blocked(attemptEntry(surface.key, attempt)),
      onDevReport: (report) => {
        if (report.kind === 'request') logRequest(surface.key, report);
        else
          mapStackOf(logLine(surface.key, report.level, 'console', report.message, report.stack), () =>
            hooks.changed(),
          );
        hooks.changed();
      },
      onTimeout: () => m.ended === undefined && setStatus(m, 'error', 'no handshake: the frame never connected'),
    }),
  };
  stage.mount(m);
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
      h('button', { class: 'ghost', title: 'Reload this frame', onclick: () => stage.reload(surface.key) }, '↻'),
    ),
    note,
    frame,
  );
}

export function setStatus(m: Mounted, kind: 'ok' | 'loading' | 'error', text: string): void {
  m.status.className = `status ${kind}`;
  m.status.textContent = text;
}

/** Flags (or unflags) the surface when its emit rate over the last second or more is a runaway's. */
export function drawRate(rate: Mounted['rate'], now: number): void {
  const elapsed = now - rate.since;
  if (elapsed < 1000) return;
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

/** The network log's entry for what the frame's sandbox stopped but could not report, over the bridge's budget. */
const droppedReportsEntry = (surface: string, count: number): BlockedRequest => ({
  surface,
  directive: 'budget',
  blocked: `${count.toLocaleString('en')} more attempts`,
  origin: null,
  fix: `The frame's sandbox stopped ${count.toLocaleString('en')} more attempts in one second than the bridge's budget lets it report (${sendsPerInterval.toLocaleString('en')} sends a second); they were stopped all the same, and are not listed one by one.`,
});

// The host page's app: the stage of surfaces on the left, the developer's
// panels on the right. The server drives it over server-sent events: a new
// state re-applies surfaces and panels, a new revision reloads the frames.
// Reload is always this page's doing; nothing inside a sandbox connects to the server.
import type { BlockedRequest, PreviewState } from '../types.js';
import { fill, h } from './dom.js';
import { diagnosticItem, renderDiagnostics } from './panels/diagnostics.js';
import { eventsView, networkView } from './panels/logs.js';
import { apiView } from './panels/api.js';
import { logsView } from './panels/console-logs.js';
import { devlog, logLine } from './devlog.js';
import { renderCalls, renderProps } from './panels/props.js';
import { renderSettings, seedConfig } from './panels/settings.js';
import { logBlocked, store, storeFlag } from './store.js';
import { FRAME_KEY_META, loadProver } from '../load-proof.js';
import { Stage } from './surfaces-view.js';
import { STYLES } from './styles.js';

type Tab = 'props' | 'settings' | 'events' | 'network' | 'api' | 'logs' | 'diagnostics';
const TABS: Array<[Tab, string]> = [
  ['props', 'Props'],
  ['settings', 'Settings'],
  ['events', 'Events'],
  ['network', 'Network'],
  ['api', 'API'],
  ['logs', 'Logs'],
  ['diagnostics', 'Diagnostics'],
];

let state: PreviewState | undefined;
let active: Tab = 'props';
let panelsKey = '';
let propsTimer: ReturnType<typeof setTimeout> | undefined;

// The session's frame key, which only this page holds (load-proof.ts).
const prove = loadProver(document.querySelector<HTMLMetaElement>(`meta[name="${FRAME_KEY_META}"]`)?.content ?? '');
const stage = new Stage({ changed: () => refreshLogs(), blocked: (entry) => blocked(entry), prove });
const title = h('div', { class: 'title' });
const connection = h('span', { class: 'conn', title: 'connection to extkit dev' }, 'connecting');
const logCount = h('button', {
  type: 'button',
  class: 'pill',
  'data-log-count': '',
  hidden: true,
  onclick: () => select('logs'),
});
const baseStyle = h(
  'label',
  {
    class: 'switch',
    title:
      'The plain base style the platform gives what it hosts (system font, spacing, form controls). Off: the bare frame.',
  },
  h('input', {
    type: 'checkbox',
    'data-switch': 'base-style',
    checked: store.baseStyle,
    onchange: (e: Event) => {
      store.baseStyle = (e.target as HTMLInputElement).checked;
      storeFlag('extkit.baseStyle', store.baseStyle);
      stage.reloadAll();
    },
  }),
  'Base style',
);
const overlay = h('div', { class: 'overlay', hidden: true });
const tabButtons = new Map<Tab, HTMLButtonElement>();
const panel = (t: Tab): HTMLElement => h('div', { class: 'panel', 'data-panel': t, hidden: t !== active });
const panels: Record<Tab, HTMLElement> = {
  props: panel('props'),
  settings: panel('settings'),
  events: panel('events'),
  network: panel('network'),
  api: panel('api'),
  logs: panel('logs'),
  diagnostics: panel('diagnostics'),
};
const eventsLog = eventsView(panels.events, () => refreshLogs());
const networkLog = networkView(panels.network, () => refreshLogs());
const apiPanel = apiView(panels.api, () => refreshLogs());
const logsPanel = logsView(panels.logs, () => refreshLogs());
const propsEditor = h('div');
const calls = h('ol', { class: 'log calls' });
const callsTitle = h('h3', {}, 'Calls', h('small', {}, ' through function bindings'));
panels.props.append(propsEditor, callsTitle, calls);

document.head.append(h('style', {}, STYLES));
document.body.replaceChildren(
  h('header', { class: 'top' }, h('span', { class: 'logo' }, 'extkit dev'), title, logCount, baseStyle, connection),
  h(
    'main',
    {},
    h('div', { class: 'left' }, overlay, stage.el),
    h(
      'aside',
      {},
      h(
        'nav',
        { class: 'tabs', role: 'tablist' },
        ...TABS.map(([t, label]) => {
          const b = h('button', { role: 'tab', 'data-tab': t, onclick: () => select(t) }, label);
          tabButtons.set(t, b);
          return b;
        }),
      ),
      ...Object.values(panels),
    ),
  ),
);
select(active);

function select(tab: Tab): void {
  active = tab;
  for (const [t, b] of tabButtons) b.setAttribute('aria-selected', String(t === tab));
  for (const [t, p] of Object.entries(panels)) p.hidden = t !== tab;
  refreshLogs();
}

function apply(next: PreviewState): void {
  state = next;
  const ext = next.extension;
  const abiMismatch = ext !== null && ext.hostAbi !== next.hostAbi;
  fill(
    title,
    h('b', {}, ext ? ext.name : 'extension'),
    ext ? h('span', { class: 'muted' }, ` ${ext.id}@${ext.version}`) : null,
    h('span', { class: `pill ${abiMismatch ? 'err' : ''}` }, `hostAbi ${ext?.hostAbi ?? '?'} · host ${next.hostAbi}`),
    next.build
      ? h(
          'span',
          { class: `pill ${next.build.ok ? 'ok' : 'err'}` },
          next.build.ok ? `built in ${next.build.ms} ms` : 'build failed',
        )
      : null,
    installedPill(next.installed),
  );
  document.title = `${ext?.name ?? 'extension'} · extkit dev`;
  const key = JSON.stringify([next.declared, next.settings, next.surfaces, next.routing]);
  if (key !== panelsKey) {
    panelsKey = key;
    seedConfig(next);
    renderProps(propsEditor, next, { propsChanged });
    callsTitle.hidden = calls.hidden = !next.surfaces.some((x) => x.bindingProp);
    renderSettings(panels.settings, next, { configChanged: () => stage.pushConfig() });
  }
  applicable(next);
  renderOverlay(next);
  stage.update(next);
  refreshLogs();
}

/** Which installed version is previewed and the realm the loader policy gave it; the reasons on hover. */
function installedPill(i: PreviewState['installed']): HTMLElement | null {
  if (!i) return null;
  const text = `installed ${i.listing}@${i.version} · ${i.loads ? `${i.realm} realm` : 'never loads'}`;
  return h(
    'span',
    {
      class: `pill ${i.loads ? (i.realm === 'app' ? 'ok' : '') : 'err'}`,
      'data-realm': i.realm ?? 'none',
      title: i.reasons.map((r) => `${r.code}: ${r.message}`).join('\n'),
    },
    text,
  );
}

/** Hides the panels that cannot apply: nothing to edit or log when nothing loads, no settings when none are declared. */
function applicable(s: PreviewState): void {
  const hidden: Partial<Record<Tab, boolean>> = {
    props: s.blocked !== null,
    settings: s.blocked !== null || s.settings.fields.length === 0,
    events: s.blocked !== null,
    network: s.blocked !== null,
    api: s.blocked !== null,
  };
  for (const [t, b] of tabButtons) b.hidden = hidden[t] === true;
  if (hidden[active]) select(s.blocked !== null ? 'diagnostics' : 'props');
  baseStyle.hidden = s.blocked !== null;
}

function propsChanged(): void {
  clearTimeout(propsTimer);
  propsTimer = setTimeout(() => stage.pushProps(), 60);
}

function renderOverlay(s: PreviewState): void {
  overlay.hidden = s.overlay === null;
  if (!s.overlay) return;
  fill(
    overlay,
    h(
      'div',
      { class: 'overlay-head' },
      h('strong', {}, s.overlay.title),
      h('button', { class: 'ghost', onclick: () => (overlay.hidden = true) }, 'Hide'),
    ),
    h('ol', { class: 'diagnostics' }, ...s.overlay.diagnostics.map(diagnosticItem)),
  );
}

let frameRequested = false;
let nextDraw = 0;

/**
 * Redraws the logs and counts at most once an animation frame, however many
 * events arrive meanwhile (a frame may emit thousands a second), and only the
 * panel that is open. Drawing takes at most a fifth of the page's time: a draw
 * that cost d ms (its script, then style, layout and paint, up to the next
 * frame) is followed by 4d ms without one, so clicks and typing get through.
 */
function refreshLogs(): void {
  if (frameRequested) return;
  frameRequested = true;
  const onFrame = (now: number): void => {
    if (now < nextDraw) return void requestAnimationFrame(onFrame);
    frameRequested = false;
    const start = performance.now();
    drawLogs();
    requestAnimationFrame((next) => (nextDraw = next + 4 * (next - start)));
  };
  requestAnimationFrame(onFrame);
}

function drawLogs(): void {
  if (!state) return;
  if (active === 'events') eventsLog.render();
  if (active === 'network') networkLog.render();
  if (active === 'diagnostics') renderDiagnostics(panels.diagnostics, state);
  if (active === 'props') renderCalls(calls);
  if (active === 'api') apiPanel.render(state);
  if (active === 'logs') logsPanel.render();
  const errors = state.diagnostics.filter((d) => d.severity === 'error').length + store.runtimeErrors.length;
  const warnings = state.diagnostics.length - state.diagnostics.filter((d) => d.severity === 'error').length;
  const dropped = store.events.count((e) => !e.accepted);
  count('events', store.events.size, dropped ? 'warn' : '');
  count('network', store.blocked.size, store.blocked.size ? 'err' : '');
  count('diagnostics', errors + warnings, errors ? 'err' : warnings ? 'warn' : '');
  const failed = devlog.calls.count((c) => c.status === null || c.status >= 400);
  count('api', devlog.calls.size, failed ? 'warn' : '');
  const logErrors = devlog.logs.count((e) => e.level === 'error');
  count('logs', devlog.logs.size, logErrors ? 'err' : devlog.logs.size ? 'warn' : '');
  logCount.hidden = devlog.logs.size === 0;
  logCount.className = `pill ${logErrors ? 'err' : ''}`;
  logCount.textContent = `${logErrors} error${logErrors === 1 ? '' : 's'} · ${devlog.logs.size - logErrors} warning${devlog.logs.size - logErrors === 1 ? '' : 's'} in the frames`;
  stage.drawRates();
}

function count(tab: Tab, n: number, tone: string): void {
  const b = tabButtons.get(tab);
  if (!b) return;
  const label = TABS.find(([t]) => t === tab)?.[1] ?? tab;
  fill(b, label, n ? h('span', { class: `count ${tone}` }, n) : null);
}

function blocked(entry: BlockedRequest): void {
  logBlocked(entry);
  logLine(entry.surface, 'error', 'csp', `${entry.directive} refused ${entry.blocked}: ${entry.fix}`);
  refreshLogs();
}

// Once a second even when nothing arrives, so a runaway flag clears when its loop stops.
setInterval(refreshLogs, 1000);

// Only an extension frame's own navigation breaks this page's frame-src: the host page frames nothing else.
document.addEventListener('securitypolicyviolation', (e) => {
  if (e.effectiveDirective === 'frame-src') stage.navigationRefused(e.blockedURI);
});

const events = new EventSource('/__extkit/events');
events.addEventListener('state', (e) => apply(JSON.parse((e as MessageEvent<string>).data) as PreviewState));
events.addEventListener('blocked', (e) => blocked(JSON.parse((e as MessageEvent<string>).data) as BlockedRequest));
events.addEventListener('open', () => ((connection.textContent = 'live'), (connection.className = 'conn live')));
events.addEventListener(
  'error',
  () => ((connection.textContent = 'disconnected: is extkit dev running?'), (connection.className = 'conn down')),
);

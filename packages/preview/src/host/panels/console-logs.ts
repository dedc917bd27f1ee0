// The Logs panel: the frames' console errors and warnings, uncaught errors and unhandled
// rejections (their stacks mapped to the sources through the bundle's map), and every request
// that failed (network, CORS, CSP, refused by routing) with the reason. Counted in the header.
import { devlog, type LogEntry } from '../devlog.js';
import { fill, h, time } from '../dom.js';
import { SHOWN } from './logs.js';

const SOURCE: Record<LogEntry['source'], string> = {
  console: 'console',
  uncaught: 'uncaught',
  request: 'request failed',
  csp: 'blocked by CSP',
};

export function logsView(panel: HTMLElement, changed: () => void): { render(): void } {
  const summary = h('p', { class: 'log-summary muted' });
  const list = h('ol', { class: 'log logs' });
  const clear = h(
    'button',
    { type: 'button', class: 'clear', onclick: () => (devlog.logs.clear(), changed()) },
    'Clear',
  );
  fill(
    panel,
    h('h3', {}, 'Logs', h('small', {}, ' errors and warnings of the frames')),
    h('div', { class: 'log-tools' }, summary, clear),
    list,
  );
  return {
    render() {
      const shown = devlog.logs.newest(SHOWN);
      summary.textContent =
        devlog.logs.size === 0
          ? 'Nothing yet. Console errors and warnings, uncaught errors, unhandled rejections and failed requests appear here.'
          : `${devlog.logs.size.toLocaleString('en')} entries`;
      fill(list, ...shown.map(item));
    },
  };
}

function item(e: LogEntry): HTMLElement {
  return h(
    'li',
    { class: e.level === 'error' ? 'dropped' : 'accepted', 'data-log': e.source, 'data-level': e.level },
    h('time', {}, time(e.at)),
    h('span', { class: `badge ${e.level === 'error' ? 'err' : 'warn'}` }, e.level),
    h('span', { class: 'badge' }, SOURCE[e.source]),
    h('span', { class: 'surface-ref' }, e.surface),
    h('div', { class: 'message' }, e.message),
    (e.mapped ?? e.stack)
      ? h('pre', { class: 'frame', 'data-stack': e.mapped ? 'mapped' : 'bundle' }, e.mapped ?? e.stack)
      : null,
  );
}

/** Asks the preview server to map `entry`'s stack to the sources; fills `mapped` and redraws. */
export function mapStackOf(entry: LogEntry, changed: () => void): void {
  if (!entry.stack?.includes('/__extkit/bundle.js')) return;
  void fetch('/__extkit/stack', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ stack: entry.stack }),
  })
    .then(async (r) => (r.ok ? ((await r.json()) as { stack?: string }) : {}))
    .then((answer) => {
      if (typeof answer.stack === 'string' && answer.stack !== entry.stack) {
        entry.mapped = answer.stack;
        changed();
      }
    })
    .catch(() => undefined); // the stack stays as the bundle has it
}

// The event log (declared events received, undeclared ones dropped) and the
// network log (what the frame's Content-Security-Policy blocked, and the fix).
import { fill, h, show, time } from '../dom.js';
import { store } from '../store.js';

export function renderEvents(el: HTMLElement): void {
  fill(
    el,
    h('h3', {}, 'Events', h('small', {}, ' capabilities.events')),
    store.events.length ? null : h('p', { class: 'muted' }, 'No events yet. Events the extension emits with ctx.emit() appear here.'),
    h(
      'ol',
      { class: 'log' },
      ...store.events
        .slice()
        .reverse()
        .map((e) =>
          h(
            'li',
            { class: e.accepted ? 'accepted' : 'dropped', 'data-event': e.event },
            h('time', {}, time(e.at)),
            h('span', { class: `badge ${e.accepted ? 'ok' : 'warn'}` }, e.accepted ? 'received' : 'dropped'),
            h('code', { class: 'ev' }, e.event),
            h('span', { class: 'surface-ref' }, e.surface),
            e.detail === undefined ? null : h('pre', {}, show(e.detail)),
            e.accepted ? null : h('div', { class: 'fix' }, `Not in capabilities.events, so the host ignores it. Declare it: "events": [..., ${JSON.stringify(e.event)}]`),
          ),
        ),
    ),
  );
}

export function renderNetwork(el: HTMLElement): void {
  fill(
    el,
    h('h3', {}, 'Network', h('small', {}, ' blocked by the sandbox')),
    store.blocked.length ? null : h('p', { class: 'muted' }, 'Nothing blocked. Requests to origins outside capabilities.network appear here.'),
    h(
      'ol',
      { class: 'log' },
      ...store.blocked
        .slice()
        .reverse()
        .map((b) =>
          h(
            'li',
            { class: 'dropped', 'data-blocked': b.origin ?? b.blocked },
            h('time', {}, time(b.at)),
            h('span', { class: 'badge err' }, 'blocked'),
            h('code', {}, b.directive),
            h('code', { class: 'origin' }, b.origin ?? b.blocked),
            b.count > 1 ? h('span', { class: 'muted' }, ` ×${b.count}`) : null,
            h('span', { class: 'surface-ref' }, b.surface),
            h('div', { class: 'fix' }, b.fix),
          ),
        ),
    ),
  );
}

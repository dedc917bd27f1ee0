// The event log (declared events received, undeclared ones dropped) and the
// network log (what the sandbox blocked, and the fix). Each keeps its newest
// LOG_CAPACITY entries; the page shows the newest SHOWN of those that match its
// filter, and is redrawn at most once an animation frame (main.ts).
import { BRIDGE_BUDGET } from '@extkit/runtime/bridge';
import { fill, h, time } from '../dom.js';
import type { Ring } from '../ring.js';
import { store, type BlockedEntry, type EventEntry } from '../store.js';

/** How many of the matching entries the page draws; the filter finds the rest. */
export const SHOWN = 200;

export interface LogView {
  el: HTMLElement;
  render(): void;
}

interface LogSpec<T> {
  panel: HTMLElement;
  title: HTMLElement;
  ring: Ring<T>;
  empty: string;
  noun: string;
  text(entry: T): string;
  item: (entry: T) => HTMLElement;
  changed(): void;
  /** A further note for the summary ('' for none), and what Clear resets besides the ring. */
  note?(): string;
  cleared?(): void;
}

function logView<T>(spec: LogSpec<T>): LogView {
  let filter = '';
  const summary = h('p', { class: 'log-summary muted', 'aria-live': 'polite' });
  const list = h('ol', { class: 'log' });
  const input = h('input', {
    type: 'search',
    placeholder: `Filter ${spec.noun}`,
    'aria-label': `Filter ${spec.noun}`,
    oninput: (e: Event) => {
      filter = (e.target as HTMLInputElement).value.trim().toLowerCase();
      spec.changed();
    },
  });
  const clear = h(
    'button',
    { type: 'button', class: 'clear', onclick: () => (spec.ring.clear(), spec.cleared?.(), spec.changed()) },
    'Clear',
  );
  fill(spec.panel, spec.title, h('div', { class: 'log-tools' }, input, clear), summary, list);

  return {
    el: spec.panel,
    render() {
      const ring = spec.ring;
      const keep = filter ? (e: T) => spec.text(e).toLowerCase().includes(filter) : undefined;
      const shown = ring.newest(SHOWN, keep);
      const matching = keep ? ring.count(keep) : ring.size;
      const notes = [
        ring.size === 0
          ? spec.empty
          : `${matching.toLocaleString('en')} ${filter ? `of ${ring.size.toLocaleString('en')} ` : ''}${spec.noun}`,
        matching > shown.length ? `newest ${shown.length} shown` : '',
        ring.coalesced
          ? `${ring.coalesced.toLocaleString('en')} repeat${ring.coalesced === 1 ? '' : 's'} coalesced (×n)`
          : '',
        ring.evicted
          ? `${ring.evicted.toLocaleString('en')} older dropped (the log keeps ${ring.capacity.toLocaleString('en')})`
          : '',
        spec.note?.() ?? '',
      ].filter(Boolean);
      summary.textContent = notes.join(' · ');
      fill(list, ...shown.map(spec.item));
    },
  };
}

export function eventsView(panel: HTMLElement, changed: () => void): LogView {
  return logView<EventEntry>({
    panel,
    title: h('h3', {}, 'Events', h('small', {}, ' capabilities.events')),
    ring: store.events,
    empty: 'No events yet. Events the extension emits with ctx.emit() appear here.',
    noun: 'events',
    changed,
    note: () =>
      store.emitsDroppedInFrames
        ? `${store.emitsDroppedInFrames.toLocaleString('en')} more dropped in the frame (over the bridge's budget: ${BRIDGE_BUDGET.sendsPerInterval.toLocaleString('en')} a second)`
        : '',
    cleared: () => (store.emitsDroppedInFrames = 0),
    text: (e) => `${e.event} ${e.surface} ${e.detail} ${e.accepted ? 'received' : 'dropped'}`,
    item: (e) =>
      h(
        'li',
        { class: e.accepted ? 'accepted' : 'dropped', 'data-event': e.event },
        h('time', {}, time(e.at)),
        h('span', { class: `badge ${e.accepted ? 'ok' : 'warn'}` }, e.accepted ? 'received' : 'dropped'),
        h('code', { class: 'ev' }, e.event),
        e.count > 1
          ? h('span', { class: 'repeat', title: 'identical emits in a row' }, `×${e.count.toLocaleString('en')}`)
          : null,
        h('span', { class: 'surface-ref' }, e.surface),
        e.detail === '' ? null : h('pre', {}, e.detail),
        e.accepted
          ? null
          : h(
              'div',
              { class: 'fix' },
              `Not in capabilities.events, so the host ignores it. Declare it: "events": [..., ${JSON.stringify(e.event)}]`,
            ),
      ),
  });
}

export function networkView(panel: HTMLElement, changed: () => void): LogView {
  return logView<BlockedEntry>({
    panel,
    title: h('h3', {}, 'Network', h('small', {}, ' blocked by the sandbox')),
    ring: store.blocked,
    empty:
      'Nothing blocked. Requests to origins outside capabilities.network appear here; every request the frames made, routed to the emulator or not, is in the API tab.',
    noun: 'blocked requests',
    changed,
    text: (b) => `${b.directive} ${b.blocked} ${b.surface}`,
    item: (b) =>
      h(
        'li',
        { class: 'dropped', 'data-blocked': b.origin ?? b.blocked },
        h('time', {}, time(b.at)),
        h('span', { class: 'badge err' }, 'blocked'),
        h('code', {}, b.directive),
        h('code', { class: 'origin' }, b.origin ?? b.blocked),
        b.count > 1 ? h('span', { class: 'repeat' }, `×${b.count.toLocaleString('en')}`) : null,
        h('span', { class: 'surface-ref' }, b.surface),
        h('div', { class: 'fix' }, b.fix),
      ),
  });
}

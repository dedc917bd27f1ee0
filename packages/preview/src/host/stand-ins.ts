// The stand-ins the stage places surfaces in: a site page for components and
// features, a console for the console's contributions; or, when nothing loads, why.
import type { PlannedSurface, PreviewState } from '../types.js';
import { h, type Child } from './dom.js';

export const KIND_LABEL: Record<PlannedSurface['kind'], string> = {
  component: 'component',
  feature: 'site feature',
  slot: 'console slot',
  route: 'route',
  orgRoute: 'org route',
  shell: 'shell',
};

export const cssId = (key: string): string => key.replace(/[^a-zA-Z0-9_-]/g, '_');

/** What the stage shows when the sandbox blocks every surface: the reason, its code, and what was declared. */
export function blockedView(state: PreviewState, blocked: NonNullable<PreviewState['blocked']>): Child[] {
  return [
    h(
      'div',
      { class: 'blocked', role: 'status' },
      h('strong', {}, 'Nothing loads. '),
      blocked.message,
      h('code', { class: 'code' }, blocked.code),
    ),
    state.surfaces.length
      ? h(
          'p',
          { class: 'muted' },
          `Declared but not loaded: ${state.surfaces.map((s) => `${KIND_LABEL[s.kind]} ${s.id}`).join(', ')}.`,
        )
      : null,
  ];
}

/** The site page and the console, each with its surfaces' cards (made by `card`), or null when it has none. */
export function standIns(state: PreviewState, card: (surface: PlannedSurface) => HTMLElement): Child[] {
  const of = (...kinds: PlannedSurface['kind'][]) => state.surfaces.filter((s) => kinds.includes(s.kind));
  const site = of('component', 'feature');
  const consoleSurfaces = of('shell', 'route', 'orgRoute', 'slot');
  return [
    site.length
      ? standIn(
          'site',
          'example-store.test / a page with your components placed',
          h(
            'div',
            { class: 'site-page' },
            h('div', { class: 'site-header' }, h('b', {}, 'Example Store'), h('span', {}, 'Shop · About · Contact')),
            ...site.map((s) => card(s)),
          ),
        )
      : null,
    consoleSurfaces.length
      ? standIn(
          'console',
          'console / where your console contributions load',
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
            h('div', { class: 'console-main' }, ...consoleSurfaces.map((s) => card(s))),
          ),
        )
      : null,
  ];
}

/** A stand-in: its address bar, then `body`. */
const standIn = (kind: string, address: string, body: HTMLElement): HTMLElement =>
  h(
    'section',
    { class: `standin ${kind}` },
    h('div', { class: 'standin-bar' }, h('span', { class: 'dots' }), h('span', { class: 'address' }, address)),
    body,
  );

/** A console surface as the stand-in's nav names it: routes by path, the shell once. */
function navLabel(s: PlannedSurface): string {
  if (s.kind === 'shell') return 'Your shell';
  if (s.kind === 'route' || s.kind === 'orgRoute') return s.id;
  return `${KIND_LABEL[s.kind]} ${s.id}`;
}

/// <reference lib="dom" />
// The store's data by organization and resource, read-only, a page of 25 rows at a time.
import { call, h, keep, params, pretty, q, str, type Json } from './dom.js';

/** The organization shown: the controls that act on one act on it. */
export let org = params.get('org') ?? '';
let kind = params.get('kind') ?? '';
const cursors: string[] = [];

export async function kinds(): Promise<void> {
  const orgs = (await call('GET', '/data/orgs')).body.data as { id: string; plan: string }[];
  if (!org) org = orgs[0]?.id ?? '';
  const select = q('#org') as HTMLSelectElement;
  select.replaceChildren(...orgs.map((o) => h('option', { value: o.id }, `${o.id} (${o.plan})`)));
  select.value = org;
  const list = (await call('GET', `/data/kinds?org=${encodeURIComponent(org)}`)).body.data as Json[];
  if (!kind || !list.some((k) => k.kind === kind)) kind = str(list[0]?.kind ?? '');
  q('#kinds').replaceChildren(
    ...list.map((k) => {
      const b = h('button', { type: 'button', 'aria-pressed': str(k.kind === kind) }, `${str(k.kind)} ${str(k.count)}`);
      b.addEventListener('click', () => {
        kind = str(k.kind);
        cursors.length = 0;
        keep('kind', kind);
        void kinds().then(rows);
      });
      return b;
    }),
  );
}

export async function rows(): Promise<void> {
  if (!kind) {
    q('#rows').replaceChildren(h('tr', {}, h('td', {}, 'This organization holds nothing yet.')));
    return;
  }
  const after = cursors.at(-1);
  const r = await call(
    'GET',
    `/data?org=${encodeURIComponent(org)}&kind=${encodeURIComponent(kind)}&limit=25${after ? `&after=${after}` : ''}`,
  );
  const data = (r.body.data as Json[]) ?? [];
  q('#rows').replaceChildren(
    h('tr', {}, h('th', {}, 'id'), h('th', {}, 'under'), h('th', {}, kind)),
    ...data.map((row) =>
      h(
        'tr',
        row.deleted ? { class: 'deleted' } : {},
        h('td', { class: 'id' }, str(row.id), row.deleted ? h('div', { class: 'muted' }, 'deleted') : null),
        h('td', { class: 'id' }, str(row.parent || '—')),
        h('td', {}, h('pre', {}, pretty(row.body))),
      ),
    ),
  );
  const next = q('#next') as HTMLButtonElement;
  next.disabled = !r.body.next;
  next.dataset.next = str(r.body.next ?? '');
  (q('#prev') as HTMLButtonElement).disabled = cursors.length === 0;
  q('#page-no').textContent = `page ${cursors.length + 1}`;
}

/** The organization chooser and the pager. */
export function wireData(): void {
  q('#org').addEventListener('change', () => {
    org = (q('#org') as HTMLSelectElement).value;
    kind = '';
    cursors.length = 0;
    keep('org', org);
    void kinds().then(rows);
  });
  q('#next').addEventListener('click', () => {
    cursors.push((q('#next') as HTMLButtonElement).dataset.next ?? '');
    void rows();
  });
  q('#prev').addEventListener('click', () => {
    cursors.pop();
    void rows();
  });
}

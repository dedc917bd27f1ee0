/// <reference lib="dom" />
// The marketplace's listings, their versions and who installed them.
import { call, h, q, str, type Json } from './dom.js';

const stateBadge = (state: string, revoked: boolean): string =>
  `badge ${revoked ? 'err' : state === 'rejected' ? 'warn' : ['listed', 'verified', 'legacy'].includes(state) ? 'ok' : ''}`;

export async function listings(): Promise<void> {
  const [r, i] = await Promise.all([call('GET', '/marketplace/listings'), call('GET', '/marketplace/installs')]);
  const rows = (r.body.data as Json[]) ?? [];
  const installs = (i.body.data as Json[]) ?? [];
  q('#listings').replaceChildren(
    ...rows.map((l) => {
      const versions = (l.versions as Json[]) ?? [];
      const pinned = installs.filter((p) => p.listing === l.id);
      return h(
        'li',
        { 'data-listing': str(l.id) },
        h('code', {}, str(l.id)),
        h('span', { class: stateBadge(str(l.state), Boolean(l.revoked)) }, l.revoked ? 'revoked' : str(l.state)),
        h('span', { class: 'surface-ref' }, str(l.publisher ?? '')),
        l.reason ? h('div', { class: 'muted' }, `reason: ${str(l.reason)}`) : null,
        h(
          'ul',
          { class: 'versions' },
          ...versions.map((v) =>
            h(
              'li',
              {},
              h('code', {}, str(v.version)),
              ' ',
              h('span', { class: stateBadge(str(v.state), false) }, str(v.state)),
            ),
          ),
        ),
        h(
          'ul',
          { class: 'installs' },
          ...pinned.map((p) =>
            h('li', {}, `installed by ${str(p.org)}${p.site ? ` on ${str(p.site)}` : ''}: ${str(p.version)}`),
          ),
        ),
      );
    }),
  );
  q('#listings-summary').textContent = rows.length
    ? `${rows.length} listings, ${installs.length} installs`
    : 'No listing published yet.';
}

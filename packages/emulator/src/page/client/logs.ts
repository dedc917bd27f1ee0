/// <reference lib="dom" />
// The request log (filtered by status, path and key) and the webhook deliveries with their signature checks.
import { call, h, q, str, type Json } from './dom.js';
import { maskKey } from './mask-key.js';

export async function requests(): Promise<void> {
  const r = await call('GET', '/requests');
  const status = (q('#f-status') as HTMLInputElement).value.trim();
  const path = (q('#f-path') as HTMLInputElement).value.trim();
  const key = (q('#f-key') as HTMLInputElement).value.trim();
  const wantKey = key.startsWith('sk_') && key.length > 16 ? maskKey(key) : key;
  const rows = ((r.body.data as Json[]) ?? []).filter(
    (e) =>
      (!status || str(e.status).startsWith(status)) &&
      (!path || str(e.path).includes(path)) &&
      (!wantKey || str(e.key ?? '').includes(wantKey)),
  );
  const list = q('#requests');
  list.replaceChildren(
    ...rows
      .slice(-200)
      .reverse()
      .map((e) => {
        const code = Number(e.status);
        return h(
          'li',
          {},
          h(
            'span',
            { class: `badge ${code >= 500 || code === 0 ? 'err' : code >= 400 ? 'warn' : 'ok'}` },
            str(e.status),
          ),
          h('code', {}, `${str(e.method)} ${str(e.path)}`),
          h('time', {}, str(e.at).slice(11, 23)),
          h(
            'span',
            { class: 'surface-ref' },
            [e.operation, e.key, e.fault ? `fault ${str(e.fault)}` : ''].filter(Boolean).join(' · '),
          ),
        );
      }),
  );
  q('#requests-summary').textContent =
    `${rows.length} of ${(r.body.data as unknown[])?.length ?? 0} requests (newest first)`;
}

export async function webhooks(): Promise<void> {
  const r = await call('GET', '/deliveries/checked');
  const rows = (r.body.data as Json[]) ?? [];
  q('#deliveries').replaceChildren(
    ...rows
      .slice(-200)
      .reverse()
      .map((d) => {
        const check = str(d.signatureCheck);
        return h(
          'li',
          {},
          h('span', { class: `badge ${d.delivered ? 'ok' : 'err'}` }, d.delivered ? 'delivered' : 'failed'),
          h('code', {}, str(d.event)),
          h(
            'span',
            { class: `badge ${check === 'valid' ? 'ok' : check === 'unsigned' ? 'warn' : 'err'}` },
            `signature ${check}`,
          ),
          h('span', { class: 'surface-ref' }, str(d.url)),
          h('pre', {}, str(d.body)),
        );
      }),
  );
  q('#deliveries-summary').textContent = rows.length
    ? `${rows.length} deliveries`
    : 'No webhook sent yet (register one under Controls).';
}

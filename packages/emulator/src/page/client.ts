/// <reference lib="dom" />
// The emulator's page (served at /__emulator to a browser): requests, webhooks, data, listings
// and the controls, over the admin surface. Every value shown is set as text, never as HTML:
// a record's value is whatever a client wrote, hostile markup included.

type Json = Record<string, unknown>;
type Child = Node | string | null | undefined | false;

const admin = location.pathname.replace(/\/$/, '');

function h(tag: string, attrs: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

async function call(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ ok: boolean; status: number; body: Json }> {
  const res = await fetch(`${admin}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: Json;
  try {
    parsed = text ? (JSON.parse(text) as Json) : {};
  } catch {
    parsed = { text };
  }
  return { ok: res.ok, status: res.status, body: parsed };
}

const pretty = (v: unknown): string => JSON.stringify(v, null, 2);
/** A value as text: an object as its JSON, null and undefined as nothing. */
const str = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : `${v as string | number | boolean}`;
const q = (sel: string): HTMLElement => document.querySelector(sel)!;
const params = new URLSearchParams(location.search);

/** Filters and the chosen tab are kept in the URL, so a reload or a shared link shows the same view. */
function keep(name: string, value: string): void {
  if (value) params.set(name, value);
  else params.delete(name);
  history.replaceState(null, '', `${location.pathname}${params.toString() ? `?${params.toString()}` : ''}`);
}

// ---- the top bar
async function summary(): Promise<void> {
  const r = await call('GET', '');
  const s = r.body as { baseUrl?: string; engine?: string; now?: string; org?: string };
  q('#base').textContent = s.baseUrl ?? '';
  q('#engine').textContent = s.engine ?? '';
  q('#now').textContent = s.now ?? '';
  q('#conn').className = r.ok ? 'conn live' : 'conn down';
  q('#conn').textContent = r.ok ? 'live' : 'not answering';
}

// ---- tabs
const tabs = ['requests', 'webhooks', 'listings', 'controls'] as const;
function showTab(name: string): void {
  const chosen = (tabs as readonly string[]).includes(name) ? name : 'requests';
  for (const t of tabs) {
    q(`#tab-${t}`).setAttribute('aria-selected', str(t === chosen));
    q(`#panel-${t}`).hidden = t !== chosen;
  }
  keep('tab', chosen === 'requests' ? '' : chosen);
}

// ---- the request log
/** How the log shows a key: its start and end (the page never holds a whole key but the one typed). */
const maskKey = (key: string): string => (key.length > 16 ? `${key.slice(0, 10)}…${key.slice(-4)}` : key);

async function requests(): Promise<void> {
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

// ---- webhook deliveries
async function webhooks(): Promise<void> {
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

// ---- marketplace listings
const stateBadge = (state: string, revoked: boolean): string =>
  `badge ${revoked ? 'err' : state === 'rejected' ? 'warn' : ['listed', 'verified', 'legacy'].includes(state) ? 'ok' : ''}`;

async function listings(): Promise<void> {
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

// ---- data by resource
let org = params.get('org') ?? '';
let kind = params.get('kind') ?? '';
const cursors: string[] = [];

async function kinds(): Promise<void> {
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

async function rows(): Promise<void> {
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

// ---- controls: actions, faults, clock, plan, reset, export and import
function answer(target: string, r: { ok: boolean; status: number; body: Json }): void {
  const el = q(target);
  el.className = r.ok ? 'answer' : 'answer err';
  el.textContent = `${r.status}\n${pretty(r.body)}`;
}

const examples: Record<string, Json> = {
  capture: {
    siteId: 'site_0000001',
    formId: 'form_contact',
    form: 'Contact us',
    fields: { email: 'visitor@example.org', name: 'Vera' },
  },
  setForm: { siteId: 'site_0000001', formId: 'form_trip', name: 'Trip request', datasetId: 'ds_0000001' },
  mergeContacts: { survivorId: 'ct_0000001', mergedId: 'ct_0000002' },
  erasePerson: { email: 'visitor@example.org', pending: true },
  archivePipeline: { pipelineId: 'pl_0000001' },
  placeOrder: {
    siteId: 'site_0000001',
    lineItems: [{ productId: 'prod_0000001', variantId: 'v-m', quantity: 1 }],
    customerEmail: 'shopper@example.org',
  },
  payOrder: { siteId: 'site_0000001', orderId: 'ord_0000001' },
  cancelOrder: { siteId: 'site_0000001', orderId: 'ord_0000001' },
  refundOrder: { siteId: 'site_0000001', orderId: 'ord_0000002' },
  editProduct: { siteId: 'site_0000001', productId: 'prod_0000002', name: 'Gift card' },
  deleteProduct: { siteId: 'site_0000001', productId: 'prod_0000002' },
  deleteMedia: { mediaId: 'med_0000001' },
};

async function controls(): Promise<void> {
  const list = (await call('GET', '/actions')).body.data as { name: string; path: string; summary: string }[];
  const select = q('#action') as HTMLSelectElement;
  select.replaceChildren(...list.map((a) => h('option', { value: a.name }, `${a.name}: ${a.summary}`)));
  const fill = (): void => {
    (q('#action-body') as HTMLTextAreaElement).value = pretty(examples[select.value] ?? {});
  };
  select.addEventListener('change', fill);
  fill();
  q('#action-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const spec = list.find((a) => a.name === select.value)!;
    let body: unknown;
    try {
      body = JSON.parse((q('#action-body') as HTMLTextAreaElement).value);
    } catch (error) {
      answer('#action-answer', { ok: false, status: 0, body: { error: `not JSON: ${(error as Error).message}` } });
      return;
    }
    void call('POST', spec.path.replace(/^\/__emulator/, ''), body).then((r) => answer('#action-answer', r));
  });
  const plans = [
    'business',
    'advanced',
    'enterprise',
    'no-api',
    'no-commerce',
    'no-crm',
    'no-data-store',
    'no-documents',
    'nearly-full',
  ];
  (q('#plan') as HTMLSelectElement).replaceChildren(...plans.map((p) => h('option', { value: p }, p)));
  const on = (form: string, run: () => Promise<{ ok: boolean; status: number; body: Json }>, out: string): void =>
    q(form).addEventListener('submit', (e) => {
      e.preventDefault();
      void run().then((r) => {
        answer(out, r);
        void refresh();
      });
    });
  const val = (sel: string): string => (q(sel) as HTMLInputElement).value.trim();
  on('#clock-form', () => call('POST', '/clock', { advanceMs: Number(val('#clock-min')) * 60_000 }), '#misc-answer');
  on('#plan-form', () => call('POST', '/plan', { plan: val('#plan'), org }), '#misc-answer');
  on('#reset-form', () => call('POST', '/reset', {}), '#misc-answer');
  on('#export-form', () => call('POST', '/export', { dir: val('#state-dir') }), '#misc-answer');
  q('#import-button').addEventListener('click', () => {
    void call('POST', '/import', { dir: val('#state-dir') }).then((r) => {
      answer('#misc-answer', r);
      void refresh();
    });
  });
  on(
    '#webhook-form',
    () => call('POST', '/webhooks', { url: val('#webhook-url'), secret: val('#webhook-secret') || undefined, org }),
    '#misc-answer',
  );
  on(
    '#fault-form',
    () => {
      const fault: Json = { path: val('#fault-path'), times: Number(val('#fault-times') || '1') };
      if (val('#fault-method')) fault.method = val('#fault-method');
      if (val('#fault-status')) fault.status = Number(val('#fault-status'));
      return call('POST', '/faults', fault);
    },
    '#fault-answer',
  );
  q('#faults-clear').addEventListener('click', () => void call('DELETE', '/faults').then(() => faults()));
}

async function faults(): Promise<void> {
  const r = await call('GET', '/faults');
  const rows = (r.body.data as Json[]) ?? [];
  q('#faults').replaceChildren(
    ...rows.map((f) => {
      const drop = h('button', { type: 'button', class: 'ghost' }, 'clear');
      drop.addEventListener(
        'click',
        () => void call('DELETE', `/faults/${encodeURIComponent(str(f.id))}`).then(() => faults()),
      );
      return h(
        'li',
        {},
        h('span', { class: 'badge warn' }, f.reset ? 'drop' : str(f.status ?? 'delay')),
        h('code', {}, `${str(f.method ?? '*')} ${str(f.path)}`),
        h('span', { class: 'surface-ref' }, `${str(f.remaining)} left`),
        drop,
      );
    }),
  );
}

async function refresh(): Promise<void> {
  await summary();
  await Promise.all([requests(), webhooks(), listings(), faults(), kinds().then(rows)]);
}

for (const t of tabs) q(`#tab-${t}`).addEventListener('click', () => showTab(t));
// Listings are not polled (each is several reads): opening their tab reads them anew.
q('#tab-listings').addEventListener('click', () => void listings().catch(() => undefined));
for (const id of ['#f-status', '#f-path', '#f-key']) {
  const input = q(id) as HTMLInputElement;
  input.value = params.get(id.slice(3)) ?? '';
  input.addEventListener('input', () => {
    keep(id.slice(3), input.value.trim());
    void requests();
  });
}
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
showTab(params.get('tab') ?? 'requests');
void controls().then(refresh);
// The logs are polled (as the Firebase emulator UI polls its hub): a restarted emulator is noticed too.
setInterval(() => void Promise.all([summary(), requests(), webhooks(), faults()]).catch(() => undefined), 2000);

/// <reference lib="dom" />
// The controls: platform actions with an example body each, faults, the clock, the plan, a webhook,
// export, import and reset; each answer shown beside its form.
import { org } from './browse.js';
import { call, h, pretty, q, str, type Json } from './dom.js';

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

/** Fills the controls and wires their forms; `refresh` rereads every panel after a change. */
export async function controls(refresh: () => Promise<void>): Promise<void> {
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

export async function faults(): Promise<void> {
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

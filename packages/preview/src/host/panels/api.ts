// The API panel: every request the frames made (method, path, status, duration, routed or not,
// the scope a refusal names, rate-limit remaining, replayed or not), the scopes those calls needed
// as a least-privilege summary to copy, and, with the emulator, controls over it: reset to the
// seed, advance the clock, switch the plan, and inject a fault for the next N matching calls.
import type { PreviewState } from '../../types.js';
import { devlog, neededScopes, type ApiCall } from '../devlog.js';
import { fill, h, time } from '../dom.js';
import { SHOWN } from './logs.js';

const PLANS = ['business', 'advanced', 'enterprise', 'no-commerce', 'no-crm', 'no-api', 'nearly-full'];

export interface ApiView {
  render(state: PreviewState): void;
}

export function apiView(panel: HTMLElement, changed: () => void): ApiView {
  const head = h('p', { class: 'muted', 'data-routing': '' });
  const controls = h('div', { class: 'emulator-controls' });
  const scopes = h('div', { class: 'scopes-summary' });
  const summary = h('p', { class: 'log-summary muted' });
  const list = h('ol', { class: 'log api-calls' });
  const clear = h(
    'button',
    { type: 'button', class: 'clear', onclick: () => (devlog.calls.clear(), changed()) },
    'Clear',
  );
  fill(
    panel,
    h('h3', {}, 'API', h('small', {}, ' requests the frames made')),
    head,
    controls,
    h('h3', {}, 'Scopes needed', h('small', {}, ' least privilege')),
    scopes,
    h('h3', {}, 'Calls'),
    h('div', { class: 'log-tools' }, summary, clear),
    list,
  );
  let routingKey = '';
  return {
    render(state) {
      const key = JSON.stringify(state.routing);
      if (key !== routingKey) {
        routingKey = key;
        fill(
          head,
          state.routing
            ? `Routing ${state.routing.api} to the emulator at ${state.routing.emulator}; every other origin goes as written.`
            : 'Routing is off: requests go where the code sends them. Start with extkit dev --emulator, with "extkit": { "api" } in package.json, to route the API to the emulator (docs/api.md).',
        );
        fill(controls, ...(state.routing ? emulatorControls(changed) : []));
      }
      const needed = neededScopes();
      const text = JSON.stringify(needed.map((n) => n.scope));
      fill(
        scopes,
        needed.length === 0
          ? h('p', { class: 'muted' }, 'No call to a documented operation yet.')
          : h(
              'div',
              {},
              h(
                'ul',
                { class: 'scopes' },
                ...needed.map((n) =>
                  h('li', { 'data-needed-scope': n.scope }, h('code', {}, n.scope), ` ${n.operations.join(', ')}`),
                ),
              ),
              h('pre', { 'data-scopes-json': '' }, text),
              h('button', { type: 'button', onclick: () => void navigator.clipboard?.writeText(text) }, 'Copy'),
            ),
      );
      const shown = devlog.calls.newest(SHOWN);
      summary.textContent =
        devlog.calls.size === 0
          ? 'No requests yet. fetch, XMLHttpRequest and EventSource calls of the frames appear here.'
          : `${devlog.calls.size.toLocaleString('en')} requests${devlog.calls.size > shown.length ? `, newest ${shown.length} shown` : ''}`;
      fill(list, ...shown.map(callItem));
    },
  };
}

function callItem(c: ApiCall): HTMLElement {
  const tone = c.status === null ? 'err' : c.status >= 400 ? (c.status === 429 ? 'warn' : 'err') : 'ok';
  const refusal =
    c.type === 'insufficient_scope'
      ? `needs ${c.code ?? 'a scope'}`
      : c.type === 'plan_required'
        ? `plan_required${c.code ? ` (${c.code})` : ''}`
        : c.type
          ? `${c.type}${c.code ? ` ${c.code}` : ''}`
          : '';
  return h(
    'li',
    {
      class: c.status === null || c.status >= 400 ? 'dropped' : 'accepted',
      'data-call': `${c.method} ${c.path}`,
      'data-status': c.status ?? 'failed',
    },
    h('time', {}, time(c.at)),
    h('span', { class: `badge ${tone}` }, c.status ?? 'failed'),
    h('code', { class: 'ev' }, `${c.method} ${c.path}`),
    h('span', { class: 'muted' }, ` ${c.ms} ms`),
    c.routed
      ? h('span', { class: 'badge ok', 'data-routed': '', title: c.routed }, 'routed')
      : h('span', { class: 'badge' }, c.api),
    c.replayed ? h('span', { class: 'badge warn' }, 'replayed') : null,
    c.remaining !== undefined
      ? h('span', { class: 'muted', title: 'RateLimit-Remaining' }, ` ${c.remaining} left`)
      : null,
    c.retryAfter !== undefined ? h('span', { class: 'muted' }, ` retry after ${c.retryAfter}s`) : null,
    c.needs ? h('span', { class: 'surface-ref', title: 'the scope this operation needs' }, c.needs) : null,
    refusal ? h('div', { class: 'fix', 'data-refusal': c.code ?? c.type ?? '' }, refusal) : null,
    c.status === null ? h('div', { class: 'fix' }, c.refused ?? c.error ?? 'no response') : null,
    c.routed ? null : h('div', { class: 'muted' }, c.url),
  );
}

/** Posts to the emulator's admin surface through the preview server; says how it went in `note`. */
async function control(path: string, method: string, body: unknown, note: HTMLElement, done: string): Promise<void> {
  note.textContent = '…';
  try {
    const r = await fetch(`/__extkit/emulator/${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
    });
    const text = await r.text();
    note.textContent = r.ok ? done : `The emulator answered ${r.status}: ${text.slice(0, 300)}`;
  } catch (err) {
    note.textContent = `No answer: ${(err as Error).message}`;
  }
}

function emulatorControls(changed: () => void): HTMLElement[] {
  const note = h('p', { class: 'hint', 'data-control-note': '' });
  const minutes = h('input', { type: 'number', min: 0, value: 60, 'aria-label': 'minutes', 'data-clock': '' });
  const plan = h('select', { 'data-plan': '' }, ...PLANS.map((p) => h('option', { value: p }, p)));
  const faultKind = h(
    'select',
    { 'data-fault-kind': '' },
    h('option', { value: '429' }, '429 rate limited, Retry-After'),
    h('option', { value: '500' }, '500 server error'),
    h('option', { value: 'delay' }, 'a delay past the client timeout (35 s; its default is 30 s)'),
    h('option', { value: 'plan' }, '403 plan_required'),
  );
  const faultMethod = h(
    'select',
    { 'data-fault-method': '' },
    ...['any', 'GET', 'POST', 'PATCH', 'DELETE'].map((m) => h('option', { value: m }, m)),
  );
  const faultPath = h('input', { type: 'text', value: '/v1/*', 'aria-label': 'path pattern', 'data-fault-path': '' });
  const faultTimes = h('input', { type: 'number', min: 1, value: 1, 'aria-label': 'times', 'data-fault-times': '' });
  const fault = (): Record<string, unknown> => {
    const f: Record<string, unknown> = { path: faultPath.value, times: Math.max(1, faultTimes.valueAsNumber || 1) };
    if (faultMethod.value !== 'any') f['method'] = faultMethod.value;
    if (faultKind.value === '429') Object.assign(f, { status: 429, retryAfter: 30 });
    if (faultKind.value === '500') f['status'] = 500;
    if (faultKind.value === 'delay') f['delayMs'] = 35_000;
    if (faultKind.value === 'plan')
      Object.assign(f, {
        status: 403,
        body: {
          error: {
            type: 'plan_required',
            message: 'The plan does not include this (an injected fault).',
            code: 'commerce',
          },
        },
      });
    return f;
  };
  const after = (): void => changed();
  return [
    h(
      'div',
      { class: 'controls' },
      h(
        'button',
        {
          type: 'button',
          'data-control': 'reset',
          onclick: () =>
            void control(
              'reset',
              'POST',
              {},
              note,
              'Reset to the seed. The keys issued before are gone with it: issue a new development key in Settings.',
            ).then(after),
        },
        'Reset to the seed',
      ),
      h(
        'span',
        {},
        minutes,
        ' min ',
        h(
          'button',
          {
            type: 'button',
            'data-control': 'clock',
            onclick: () =>
              void control(
                'clock',
                'POST',
                { advanceMs: Math.max(0, minutes.valueAsNumber || 0) * 60_000 },
                note,
                `Clock advanced ${minutes.value} min.`,
              ),
          },
          'Advance the clock',
        ),
      ),
      h(
        'span',
        {},
        plan,
        ' ',
        h(
          'button',
          {
            type: 'button',
            'data-control': 'plan',
            onclick: () =>
              void control('plan', 'POST', { plan: plan.value }, note, `The organization is on ${plan.value}.`),
          },
          'Switch plan',
        ),
      ),
    ),
    h(
      'form',
      {
        class: 'inline fault',
        onsubmit: (e: Event) => (
          e.preventDefault(),
          void control('faults', 'POST', fault(), note, `Fault set for the next ${faultTimes.value} matching call(s).`)
        ),
      },
      faultKind,
      faultMethod,
      faultPath,
      faultTimes,
      h('button', { type: 'submit', 'data-control': 'fault' }, 'Inject'),
    ),
    note,
  ];
}

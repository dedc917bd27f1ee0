/// <reference lib="dom" />
// The emulator's page (served at /__emulator to a browser): requests, webhooks, data, listings
// and the controls, over the admin surface. Every value shown is set as text, never as HTML:
// a record's value is whatever a client wrote, hostile markup included.
import { controls, faults } from './client/controls.js';
import { kinds, rows, wireData } from './client/browse.js';
import { call, keep, params, q, str } from './client/dom.js';
import { listings } from './client/listings.js';
import { requests, webhooks } from './client/logs.js';

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
wireData();
showTab(params.get('tab') ?? 'requests');
void controls(refresh).then(refresh);
// The logs are polled (as the Firebase emulator UI polls its hub): a restarted emulator is noticed too.
setInterval(() => void Promise.all([summary(), requests(), webhooks(), faults()]).catch(() => undefined), 2000);

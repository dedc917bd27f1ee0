// The page at /__emulator: its HTML for a browser (the JSON summary stays for everything else),
// its script and stylesheet, and the read-only data it shows. Loopback only, like every admin route.
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { TOOL_UI_STYLES } from '@extkit/runtime/tool-ui';
import type { AdminAnswer, AdminRoute } from '../admin/surface.js';
import { ApiError } from '../http/errors.js';
import { PAGE_STYLES } from './styles.js';

/** A browser's navigation asks for HTML; fetch, curl and the client ask for anything or JSON. */
export const wantsPage = (req: IncomingMessage): boolean => /\btext\/html\b/.test(req.headers.accept ?? '');

// Nothing from outside, no inline script or style, not framed; data reaches the DOM as text only.
const pageHeaders = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>extkit emulator</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/__emulator/page.css"></head>
<body>
<header class="top"><span class="logo">extkit emulator</span>
<span class="title"><span class="pill" id="base"></span><span class="pill" id="engine"></span><span class="muted">clock <time id="now"></time></span></span>
<span class="conn" id="conn"></span></header>
<main>
<section class="left" aria-label="Data">
<h2>Data <small class="muted">read-only, by resource</small></h2>
<div class="row"><label for="org">Organization</label><select id="org"></select></div>
<div class="kinds" id="kinds"></div>
<table class="rows" id="rows"></table>
<div class="pager"><button type="button" id="prev">Previous</button><span id="page-no" class="muted"></span><button type="button" id="next">Next</button></div>
</section>
<aside>
<nav class="tabs" role="tablist">
<button type="button" role="tab" id="tab-requests">Requests</button><button type="button" role="tab" id="tab-webhooks">Webhooks</button><button type="button" role="tab" id="tab-listings">Marketplace</button><button type="button" role="tab" id="tab-controls">Controls</button>
</nav>
<div class="panel" id="panel-requests" role="tabpanel">
<div class="log-tools"><input id="f-status" placeholder="status (4, 429)" aria-label="Filter by status"><input id="f-path" placeholder="path" aria-label="Filter by path"><input id="f-key" placeholder="key" aria-label="Filter by key"></div>
<p class="log-summary muted" id="requests-summary"></p><ol class="log" id="requests"></ol></div>
<div class="panel" id="panel-webhooks" role="tabpanel" hidden><p class="log-summary muted" id="deliveries-summary"></p><ol class="log" id="deliveries"></ol></div>
<div class="panel" id="panel-listings" role="tabpanel" hidden><p class="log-summary muted" id="listings-summary"></p><ol class="log" id="listings"></ol></div>
<div class="panel controls" id="panel-controls" role="tabpanel" hidden>
<section><h3>Platform actions</h3><form id="action-form"><select id="action" aria-label="Action"></select><textarea id="action-body" aria-label="Action body (JSON)"></textarea><div class="row"><button type="submit">Run</button></div></form><pre class="answer" id="action-answer"></pre></section>
<section><h3>Faults</h3><form id="fault-form"><div class="row"><input id="fault-method" placeholder="method" aria-label="Fault method"><input id="fault-path" placeholder="/v1/sites/*/orders" aria-label="Fault path"></div><div class="row"><input id="fault-status" placeholder="status (500)" aria-label="Fault status"><input id="fault-times" placeholder="times (1)" aria-label="Fault times"><button type="submit">Add</button><button type="button" id="faults-clear" class="ghost">Clear all</button></div></form><pre class="answer" id="fault-answer"></pre><ol class="log" id="faults"></ol></section>
<section><h3>Clock, plan, webhook</h3>
<form id="clock-form" class="inline"><input id="clock-min" type="number" value="1" aria-label="Minutes to advance"><button type="submit">Advance minutes</button></form>
<form id="plan-form" class="inline"><select id="plan" aria-label="Plan"></select><button type="submit">Set plan</button></form>
<form id="webhook-form" class="inline"><input id="webhook-url" placeholder="http://127.0.0.1:3000/hook" aria-label="Webhook URL"><input id="webhook-secret" placeholder="secret" aria-label="Webhook secret"><button type="submit">Register</button></form></section>
<section><h3>State</h3>
<form id="export-form" class="inline"><input id="state-dir" placeholder="/absolute/folder" aria-label="Export folder"><button type="submit">Export</button><button type="button" id="import-button">Import</button></form>
<form id="reset-form" class="inline"><button type="submit">Reset</button><span class="muted">to the import, or the seed</span></form>
<pre class="answer" id="misc-answer"></pre></section>
</div>
</aside>
</main>
<script type="module" src="/__emulator/page.js"></script>
</body></html>
`;

/**
 * One of the page's scripts, compiled beside this module: its entry (dist/page/client.js, at
 * /__emulator/page.js) or a module it imports (dist/page/client/<name>.js, at /__emulator/client/<name>.js).
 */
function script(file: string): string | null {
  const path = new URL(file, import.meta.url);
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

const page = (text: string, contentType: string): AdminAnswer => ({
  status: 200,
  text,
  contentType,
  headers: pageHeaders,
});

export const pageAnswer = (): AdminAnswer => page(html, 'text/html; charset=utf-8');

export const pageRoutes: AdminRoute[] = [
  ['GET', /^\/page\.css$/, () => page(`${TOOL_UI_STYLES}${PAGE_STYLES}`, 'text/css; charset=utf-8')],
  [
    'GET',
    /^\/page\.js$/,
    () => {
      const js = script('./client.js');
      if (js === null)
        return {
          status: 503,
          body: { error: { type: 'internal_error', message: 'The page script is not built: run pnpm run build' } },
        };
      return page(js, 'text/javascript; charset=utf-8');
    },
  ],
  [
    'GET',
    // A name of lower-case letters and dashes: nothing outside dist/page/client/ can be named.
    /^\/client\/([a-z-]+)\.js$/,
    ({ params }) => {
      const js = script(`./client/${params[0]}.js`);
      if (js === null) throw new ApiError(404, 'not_found', `No such page module: client/${params[0]}.js`);
      return page(js, 'text/javascript; charset=utf-8');
    },
  ],
  [
    'GET',
    /^\/data\/orgs$/,
    async ({ api }) => ({ status: 200, body: { object: 'list', data: await api.browse.orgs() } }),
  ],
  [
    'GET',
    /^\/data\/kinds$/,
    async ({ api, query }) => ({
      status: 200,
      body: { object: 'list', data: await api.browse.kinds(query.get('org') ?? '') },
    }),
  ],
  [
    'GET',
    /^\/data$/,
    async ({ api, query }) => {
      const limit = Math.min(100, Math.max(1, Number(query.get('limit')) || 25));
      const r = await api.browse.rows({
        org: query.get('org') ?? '',
        kind: query.get('kind') ?? '',
        ...(query.get('after') ? { after: query.get('after')! } : {}),
        limit,
      });
      return { status: 200, body: { object: 'list', data: r.data, next: r.next } };
    },
  ],
  [
    'GET',
    /^\/deliveries\/checked$/,
    async ({ api }) => ({ status: 200, body: { object: 'list', data: await api.checkedDeliveries() } }),
  ],
];

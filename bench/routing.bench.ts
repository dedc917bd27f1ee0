// Routing in development (docs/api.md): a call the frame makes to the production URL, routed to the
// emulator, beside the same call made straight to the emulator from the same frame in the same run;
// and edit-to-update with routing on, beside Vite's full-page reload of an equivalent page (a module
// that records when it ran) in the same Chromium.
import { cpSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Frame, Page } from 'playwright-core';
import { startEmulator } from '../packages/emulator/dist/index.js';
import { startDevServer } from '../packages/preview/dist/index.js';
import { launchBrowser } from '../test/helpers/browser.js';
import { fmt, interleave, median, verdict } from './lib.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'extkit-bench-routing-'));
const ext = join(tmp, 'ext');
cpSync(join(root, 'test/fixtures/preview-basic'), ext, { recursive: true });
writeFileSync(
  join(ext, 'package.json'),
  JSON.stringify({
    name: 'hello-card',
    private: true,
    type: 'module',
    extkit: { publisher: 'acme', api: 'https://api.example.com/v1' },
  }),
);
const versionFile = join(ext, 'src/version.ts');
// The same extension without routing (no extkit.api, no emulator), in a preview of its own.
const plainExt = join(tmp, 'plain');
cpSync(join(root, 'test/fixtures/preview-basic'), plainExt, { recursive: true });
const plainVersionFile = join(plainExt, 'src/version.ts');

const emu = await startEmulator({ seed: 'demo' });
const server = await startDevServer({ dir: ext, emulator: { baseUrl: emu.baseUrl, adminUrl: emu.adminUrl } });
const plainServer = await startDevServer({ dir: plainExt });
const browser = await launchBrowser();
const page = await browser.newPage();
const plainPage = await browser.newPage();
for (const [p, url] of [
  [page, server.url],
  [plainPage, plainServer.url],
] as const) {
  await p.goto(url);
  await p.click('[data-tab="events"]');
  await p.waitForSelector('li[data-event="mounted"]', { timeout: 10_000, state: 'attached' });
}

// 1. A routed call beside a direct one, from the same frame: fetch, then the body read, one at a time.
const frame: Frame = (await (await page.waitForSelector('iframe[data-surface="route:/hello"]')).contentFrame())!;
const BATCH = 20;
const call = (url: string) => async (): Promise<number> => {
  const times = await frame.evaluate(
    async ({ url, key, n }) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const r = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
        await r.text();
        out.push(performance.now() - t0);
      }
      return out;
    },
    { url, key: emu.apiKey, n: BATCH },
  );
  return median(times);
};
const calls = await interleave(
  { routed: call('https://api.example.com/v1/sites?limit=5'), direct: call(`${emu.baseUrl}/sites?limit=5`) },
  9,
);

// 2. Edit to update with routing on: the file write to the new code running in the frame.
let n = 0;
async function mountedAt(p: Page, version: string): Promise<number> {
  const handle = await p.waitForFunction(
    (v) => {
      for (const pre of document.querySelectorAll('li[data-event="mounted"] pre')) {
        const detail = JSON.parse(pre.textContent ?? '{}') as { version?: string; at?: number };
        if (detail.version === v) return detail.at;
      }
      return undefined;
    },
    version,
    { timeout: 10_000, polling: 5 },
  );
  return Number(await handle.jsonValue());
}
const previewEdit = (p: Page, file: string) => async (): Promise<number> => {
  const version = `r${++n}`;
  const t0 = Date.now();
  writeFileSync(file, `export const VERSION = '${version}';\n`);
  return (await mountedAt(p, version)) - t0;
};

// Vite's peer: a page whose module records when it ran; a change to it has no HMR boundary, so Vite reloads the page.
const viteRoot = join(tmp, 'vite');
mkdirSync(viteRoot);
writeFileSync(
  join(viteRoot, 'index.html'),
  '<!doctype html><div id="app"></div><script type="module" src="/main.js"></script>\n',
);
const viteMain = join(viteRoot, 'main.js');
writeFileSync(viteMain, "window.mounted = { version: 'v0', at: Date.now() };\n");
const require = createRequire(createRequire(join(root, 'package.json')).resolve('vitest/package.json'));
// vite comes with vitest; typed here by the little this bench uses.
interface ViteServer {
  listen(): Promise<unknown>;
  close(): Promise<void>;
  resolvedUrls: { local: string[] } | null;
}
const vite = (await import(require.resolve('vite'))) as { createServer(config: object): Promise<ViteServer> };
const viteServer = await vite.createServer({
  root: viteRoot,
  logLevel: 'silent',
  server: { host: '127.0.0.1', port: 0 },
});
await viteServer.listen();
const vitePage = await browser.newPage();
await vitePage.goto(viteServer.resolvedUrls!.local[0]!);
async function viteEdit(): Promise<number> {
  const version = `v${++n}`;
  const t0 = Date.now();
  writeFileSync(viteMain, `window.mounted = { version: '${version}', at: Date.now() };\n`);
  for (const end = Date.now() + 10_000; Date.now() < end;) {
    const at = await vitePage
      .evaluate((v) => {
        const m = (window as unknown as { mounted?: { version: string; at: number } }).mounted;
        return m?.version === v ? m.at : undefined;
      }, version)
      .catch(() => undefined); // the page is reloading
    if (at !== undefined) return at - t0;
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error('Vite did not reload');
}
const ROUNDS = 15;
const edits = await interleave(
  { preview: previewEdit(page, versionFile), plain: previewEdit(plainPage, plainVersionFile), vite: viteEdit },
  ROUNDS,
);

await viteServer.close();
await browser.close();
await server.close();
await plainServer.close();
await emu.close();
rmSync(tmp, { recursive: true, force: true });

const routed = calls['routed']!;
const direct = calls['direct']!;
const edit = edits['preview']!;
const viteMs = edits['vite']!;
const plain = edits['plain']!;
process.stdout.write(`## Routing to the emulator (\`extkit dev --emulator\`)

test/fixtures/preview-basic with \`"extkit": { "api": "https://api.example.com/v1" }\`, the emulator in memory with the demo seed, Chromium headless.

| Measure | Median | Peer in the same run | Target |
|---|---|---|---|
| A call from the frame to the production URL, routed to the emulator (\`GET /v1/sites?limit=5\`, fetch and body) | ${fmt(routed)} ms | the same call straight to the emulator from the same frame: ${fmt(direct)} ms (${(routed / direct).toFixed(2)}x) | within 1.2x: ${verdict(routed <= 1.2 * direct)} |
| Edit to update with routing on: file write → new code running in the frame | ${fmt(edit)} ms | Vite's full-page reload of a page whose module records when it ran, same Chromium: ${fmt(viteMs)} ms (${(edit / viteMs).toFixed(2)}x) | within 1.2x: ${verdict(edit <= 1.2 * viteMs)} |

The same edit without routing (no \`extkit.api\`, no emulator), in the same run: ${fmt(plain)} ms (${(plain / viteMs).toFixed(2)}x of Vite's). Calls: medians of 9 rounds, each the median of ${BATCH} calls made one after another (the routed and the direct batches take turns). Both go through the frame's development script (the request log); the routed one is also rewritten. Edits: ${ROUNDS} of each, taking turns; the preview reloads its three frames (a component, a slot, a route), each with its bridge handshake and mount.
`);

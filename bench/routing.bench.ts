// Routing in development (docs/api.md): a call the frame makes to the production URL, routed to the
// emulator, beside the same call made straight to the emulator from the same frame in the same run;
// and edit-to-update with routing on, beside Vite's full-page reload of an equivalent page (a module
// that records when it ran) in the same Chromium (bench/edits.ts, driven as bench/cdp.ts says).
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Frame, Page } from 'playwright-core';
import { startEmulator } from '../packages/emulator/dist/index.js';
import { startDevServer } from '../packages/preview/dist/index.js';
import { launchBrowser } from '../test/helpers/browser.js';
import { launchCdp } from './cdp.js';
import { previewEdit, readyPreview, startVite, type EvalPage } from './edits.js';
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
await page.goto(server.url);
await page.click('[data-tab="events"]');
await page.waitForSelector('li[data-event="mounted"]', { timeout: 10_000, state: 'attached' });

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

// 2. Edit to update with routing on, the same edit without routing, and Vite's full-page reload, taking turns.
// First driven by Playwright, as the tests drive the preview: it holds each new frame's commit until it has set
// the frame up (bench/cdp.ts), which a same-process reload never meets. Then in a bare Chromium that only the
// top-level pages are attached to, as a developer's browser is: the measure the target is held to.
const vite = await startVite(root, join(tmp, 'vite'));
const ROUNDS = 15;
const evalOf = (p: Page): EvalPage => ({
  evaluate: <T>(expression: string) =>
    p.evaluate(expression).then(
      (v) => v as T,
      () => undefined,
    ),
});
const vitePage = await browser.newPage();
await vitePage.goto(vite.url);
await readyPreview(evalOf(page));
const driven = await interleave(
  { preview: () => previewEdit(evalOf(page), versionFile), vite: () => vite.edit(evalOf(vitePage)) },
  ROUNDS,
);
await browser.close();

const bare = launchCdp();
const cdp = {
  preview: await bare.newPage(server.url),
  plain: await bare.newPage(plainServer.url),
  vite: await bare.newPage(vite.url),
};
await readyPreview(cdp.preview);
await readyPreview(cdp.plain);
const everyFrame: number[] = [];
const edits = await interleave(
  {
    preview: () => previewEdit(cdp.preview, versionFile, everyFrame),
    plain: () => previewEdit(cdp.plain, plainVersionFile),
    vite: () => vite.edit(cdp.vite),
  },
  ROUNDS,
);

await bare.close();
await vite.close();
await server.close();
await plainServer.close();
await emu.close();
rmSync(tmp, { recursive: true, force: true });

const routed = calls['routed']!;
const direct = calls['direct']!;
const edit = edits['preview']!;
const viteMs = edits['vite']!;
const plain = edits['plain']!;
const allFrames = median(everyFrame.slice(-ROUNDS)); // the warm-up rounds dropped
process.stdout.write(`## Routing to the emulator (\`extkit dev --emulator\`)

test/fixtures/preview-basic with \`"extkit": { "api": "https://api.example.com/v1" }\`, the emulator in memory with the demo seed, Chromium headless.

| Measure | Median | Peer in the same run | Target |
|---|---|---|---|
| A call from the frame to the production URL, routed to the emulator (\`GET /v1/sites?limit=5\`, fetch and body) | ${fmt(routed)} ms | the same call straight to the emulator from the same frame: ${fmt(direct)} ms (${(routed / direct).toFixed(2)}x) | within 1.2x: ${verdict(routed <= 1.2 * direct)} |
| Edit to update with routing on: file write → new code running in the frame | ${fmt(edit)} ms | Vite's full-page reload of a page whose module records when it ran, same Chromium: ${fmt(viteMs)} ms (${(edit / viteMs).toFixed(2)}x) | within 1.2x: ${verdict(edit <= 1.2 * viteMs)} |

The same edit without routing (no \`extkit.api\`, no emulator), in the same run: ${fmt(plain)} ms (${(plain / viteMs).toFixed(2)}x of Vite's). Edits: ${ROUNDS} of each, taking turns, each from a settled browser (the page before it loaded, every frame of the preview running again); the preview reloads its three frames (a component, a slot, a route), each with its bridge handshake and mount, and the time is the component's, the page's first frame, which reloads first (the other two once it has said hello: docs/preview.md, "The bridge"); every frame running again, as the host page shows it (polled): ${fmt(allFrames)} ms with routing. Chromium is driven over its DevTools pipe, attached to the top-level pages only, as nothing is attached to a developer's browser (bench/cdp.ts). Driven by Playwright instead, as the tests drive it, in the same run: the preview with routing ${fmt(driven['preview']!)} ms, Vite ${fmt(driven['vite']!)} ms (${(driven['preview']! / driven['vite']!).toFixed(2)}x): Playwright holds each new frame's commit until it has set the frame up, which Vite's same-process reload never meets. Calls: medians of 9 rounds, each the median of ${BATCH} calls made one after another (the routed and the direct batches take turns). Both go through the frame's development script (the request log); the routed one is also rewritten.
`);

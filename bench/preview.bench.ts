// `extkit dev`: edit-to-update latency measured in Chromium, from the file
// write to the new code running in the frame (the fixture's component emits
// `mounted` with Date.now() from inside the sandbox), beside a bare incremental
// esbuild rebuild of the same source after the same write; and the whole
// `extkit dev` process from spawn to the preview answering, beside `node -e 0`.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDevServer } from '../packages/preview/dist/index.js';
import { launchBrowser } from '../test/helpers/browser.js';
import { fmt, interleave, median, timeSpawn, verdict } from './lib.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'packages/cli/bin/extkit.js');
const tmp = mkdtempSync(join(tmpdir(), 'extkit-bench-preview-'));
const ext = join(tmp, 'ext');
cpSync(join(root, 'test/fixtures/preview-basic'), ext, { recursive: true });
const versionFile = join(ext, 'src/version.ts');

// 1. Edit to update, in Chromium.
const server = await startDevServer({ dir: ext });
const browser = await launchBrowser();
const page = await browser.newPage();
await page.goto(server.url);
await page.click('[data-tab="events"]');
await page.waitForSelector('li[data-event="mounted"]', { timeout: 10_000, state: 'attached' });

let n = 0;
/** Resolves with the `at` (frame clock, ms since the epoch) of the first `mounted` event of `version`. */
async function mountedAt(version: string): Promise<number> {
  const handle = await page.waitForFunction(
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

/** Where one edit's time went: the server's part (chokidar, rebuild, publish) and the browser's. */
const phases = { server: [] as number[], rebuild: [] as number[], browser: [] as number[] };
async function editToUpdate(): Promise<number> {
  const version = `b${++n}`;
  const published = server.nextUpdate();
  const t0 = Date.now();
  writeFileSync(versionFile, `export const VERSION = '${version}';\n`);
  const state = await published;
  const tPublished = Date.now();
  const at = await mountedAt(version);
  phases.server.push(tPublished - t0);
  phases.rebuild.push(state.build?.ms ?? NaN);
  phases.browser.push(at - tPublished);
  return at - t0;
}

const esbuild = (await import(
  createRequire(join(root, 'packages/bundler/package.json')).resolve('esbuild')
)) as typeof import('esbuild');
const { esbuildOptions } = await import('../packages/bundler/dist/index.js');
const ctx = await esbuild.context({
  ...esbuildOptions(ext, 'src/index.ts', '.bench/bundle.js'),
  minify: false,
  sourcemap: 'inline',
});
await ctx.rebuild();
async function bareRebuild(): Promise<number> {
  const version = `e${++n}`;
  const t0 = performance.now();
  writeFileSync(versionFile, `export const VERSION = '${version}';\n`);
  await ctx.rebuild();
  const ms = performance.now() - t0;
  // The preview answers this write too: let it finish before the next edit is timed.
  await mountedAt(version);
  return ms;
}
const ROUNDS = 15;
const latency = await interleave({ preview: editToUpdate, esbuild: bareRebuild }, ROUNDS);
for (const list of Object.values(phases)) list.splice(0, list.length - ROUNDS); // drop the warm-up rounds
await ctx.dispose();
await browser.close();
await server.close();

// 2. `extkit dev` from spawn to the preview answering.
function devStart(): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [bin, 'dev', ext, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (!m) return;
      child.stdout.removeAllListeners('data');
      get(m[1]!, (res) => {
        res.resume();
        const ms = performance.now() - t0;
        child.once('exit', () =>
          res.statusCode === 200 ? resolve(ms) : reject(new Error(`status ${res.statusCode}`)),
        );
        child.kill('SIGINT');
      }).on('error', reject);
    });
    child.once('error', reject);
  });
}
const start = await interleave({ dev: devStart, node: () => timeSpawn(process.execPath, ['-e', '0']) }, 7);

rmSync(tmp, { recursive: true, force: true });
const lat = latency['preview']!;
const dev = start['dev']!;
process.stdout.write(`## extkit dev (preview)

Template-like extension (test/fixtures/preview-basic: a component, a console slot and a route), Chromium headless.

| Measure | Median | Peer in the same run | Target |
|---|---|---|---|
| Edit to update: file write → new code running in the frame | ${fmt(lat)} ms | bare incremental esbuild rebuild after the same write: ${fmt(latency['esbuild']!)} ms | < 150 ms: ${verdict(lat < 150)} |
| \`extkit dev\` start → preview answering (whole process) | ${fmt(dev)} ms | \`node -e 0\`: ${fmt(start['node']!)} ms | < 1000 ms: ${verdict(dev < 1000)} |

Edit to update counts chokidar's change event, the incremental rebuild, the server-sent event to the host page, the reload of the three frames, the bridge handshake and the mount (${ROUNDS} edits, each followed by the esbuild peer's own edit, which the preview also answers before the next edit starts). Medians of ${ROUNDS} and 7 rounds. Where the edit's time goes (medians): write → state published ${fmt(median(phases.server))} ms (of which the incremental rebuild ${fmt(median(phases.rebuild))} ms), published → new code running in the frame ${fmt(median(phases.browser))} ms.
`);

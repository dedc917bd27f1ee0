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
import { launchCdp } from './cdp.js';
import { previewEdit, readyPreview, settlePreview } from './edits.js';
import { fmt, interleave, median, timeSpawn, verdict } from './lib.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = join(root, 'packages/cli/bin/extkit.js');
const tmp = mkdtempSync(join(tmpdir(), 'extkit-bench-preview-'));
const ext = join(tmp, 'ext');
cpSync(join(root, 'test/fixtures/preview-basic'), ext, { recursive: true });
const versionFile = join(ext, 'src/version.ts');

// 1. Edit to update, in Chromium, driven as bench/cdp.ts says, each edit from a settled browser (bench/edits.ts).
const server = await startDevServer({ dir: ext });
const browser = launchCdp();
const page = await browser.newPage(server.url);
await readyPreview(page);

/** Where the edit's time went: the server's part (chokidar, rebuild, publish) and the browser's. */
const phases = { server: [] as number[], rebuild: [] as number[], browser: [] as number[] };
async function editToUpdate(): Promise<number> {
  const t0 = Date.now();
  const published = server.nextUpdate().then((state) => ({ at: Date.now(), ms: state.build?.ms ?? NaN }));
  const ms = await previewEdit(page, versionFile);
  const { at, ms: rebuild } = await published;
  phases.server.push(at - t0);
  phases.rebuild.push(rebuild);
  phases.browser.push(ms - (at - t0));
  return ms;
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
let n = 0;
async function bareRebuild(): Promise<number> {
  const t0 = performance.now();
  writeFileSync(versionFile, `export const VERSION = 'esbuild${++n}';\n`);
  await ctx.rebuild();
  const ms = performance.now() - t0;
  // The preview answers this write too: let it finish before the next edit is timed.
  await new Promise((r) => setTimeout(r, 300));
  await settlePreview(page);
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

Edit to update counts chokidar's change event, the incremental rebuild, the server-sent event to the host page, the reload of the three frames (the component's first, the other two once it has said hello) and the component's mount (${ROUNDS} edits, each from a settled browser, each followed by the esbuild peer's own edit, which the preview also answers before the next edit starts; Chromium driven over its DevTools pipe, attached to the top-level page only, as bench/cdp.ts says). Medians of ${ROUNDS} and 7 rounds. Where the edit's time goes (medians): write → state published ${fmt(median(phases.server))} ms (of which the incremental rebuild ${fmt(median(phases.rebuild))} ms), published → new code running in the frame ${fmt(median(phases.browser))} ms.
`);

// Edit to update, as the preview benches measure it: a file write, then the new code running (the
// fixture's component emits `mounted` with the frame's Date.now(); Vite's page records when its
// module ran). Each edit starts from a settled browser: the previous page has finished loading
// (every frame of the preview running again), so no edit pays for the one before it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** What the benches need of a page: an expression's value, undefined when it threw or the page was between documents. */
export interface EvalPage {
  evaluate<T>(expression: string): Promise<T | undefined>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
/** After the new code ran and the page settled: what the browser still does after a load (paint, idle tasks). */
const QUIET_MS = 100;

async function poll<T>(page: EvalPage, expression: string, what: string): Promise<T> {
  for (const end = Date.now() + 10_000; Date.now() < end;) {
    const value = await page.evaluate<T>(expression);
    if (value !== undefined && value !== null && value !== false) return value;
    await sleep(3);
  }
  throw new Error(`${what}: not within 10 s`);
}

const mountedAt = (version: string): string =>
  `(() => { for (const pre of document.querySelectorAll('li[data-event="mounted"] pre')) { const d = JSON.parse(pre.textContent || '{}'); if (d.version === ${JSON.stringify(version)}) return d.at; } })()`;
const previewSettled =
  "(() => { const s = [...document.querySelectorAll('.surface .status')]; return s.length > 0 && s.every((x) => x.textContent === 'running'); })()";

/** Waits until every frame of the preview runs again, then QUIET_MS. */
export async function settlePreview(page: EvalPage): Promise<void> {
  await poll(page, previewSettled, 'the preview');
  await sleep(QUIET_MS);
}

/** Opens the events panel (where the `mounted` events are listed) once every frame runs. */
export async function readyPreview(page: EvalPage): Promise<void> {
  await poll(page, previewSettled, 'the preview');
  await page.evaluate(`document.querySelector('[data-tab="events"]').click()`);
}

let n = 0;

/**
 * One edit of `file` (the fixture's src/version.ts) in the preview shown by `page`: milliseconds from the write to the
 * component's mount. `everyFrame`, when given, gets the milliseconds from the write to the host page showing every
 * frame running again (as polled, so a few ms late).
 */
export async function previewEdit(page: EvalPage, file: string, everyFrame?: number[]): Promise<number> {
  const version = `e${++n}`;
  const t0 = Date.now();
  writeFileSync(file, `export const VERSION = '${version}';\n`);
  const at = await poll<number>(page, mountedAt(version), 'the preview update');
  await poll(page, previewSettled, 'the preview');
  everyFrame?.push(Date.now() - t0);
  await sleep(QUIET_MS);
  return at - t0;
}

export interface VitePeer {
  url: string;
  /** One edit of the page's module: milliseconds from the write to the module running in the reloaded page. */
  edit(page: EvalPage): Promise<number>;
  close(): Promise<void>;
}

/** Vite's dev server (Vite comes with vitest) on a page whose module records when it ran; a change to it has no HMR boundary, so Vite reloads the page. */
export async function startVite(root: string, dir: string): Promise<VitePeer> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><div id="app"></div><script type="module" src="/main.js"></script>\n',
  );
  const main = join(dir, 'main.js');
  writeFileSync(main, "window.mounted = { version: 'v0', at: Date.now() };\n");
  const require = createRequire(createRequire(join(root, 'package.json')).resolve('vitest/package.json'));
  // Typed here by the little the benches use.
  interface ViteServer {
    listen(): Promise<unknown>;
    close(): Promise<void>;
    resolvedUrls: { local: string[] } | null;
  }
  const vite = (await import(require.resolve('vite'))) as { createServer(config: object): Promise<ViteServer> };
  const server = await vite.createServer({ root: dir, logLevel: 'silent', server: { host: '127.0.0.1', port: 0 } });
  await server.listen();
  return {
    url: server.resolvedUrls!.local[0]!,
    async edit(page) {
      const version = `v${++n}`;
      const t0 = Date.now();
      writeFileSync(main, `window.mounted = { version: '${version}', at: Date.now() };\n`);
      const at = await poll<number>(
        page,
        `window.mounted?.version === ${JSON.stringify(version)} ? window.mounted.at : undefined`,
        "Vite's reload",
      );
      await poll(page, "document.readyState === 'complete'", "Vite's page");
      await sleep(QUIET_MS);
      return at - t0;
    },
    close: () => server.close(),
  };
}

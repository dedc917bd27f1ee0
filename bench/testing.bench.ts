// Issue 15's figures for @extkit/testing. (1) One test's work, mount plus one
// assertion plus unmount with render(), beside a bare document.createElement +
// append + assertion in the same jsdom, interleaved. (2) A template's whole test
// file (its pure-function tests and its render() tests) under vitest, from
// vitest's start to the file's end, beside a file of as many bare tests; target under 1 s.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { JSDOM } from 'jsdom';
import { fmt, interleave, median, verdict } from './lib.js';

const root = join(import.meta.dirname, '..');
const { registerComponent } = await import('../packages/runtime/dist/index.js');
const { render } = await import('../packages/testing/dist/index.js');
// After the imports: vitest's expect (loaded by @extkit/testing) needs Node's own Event.
const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost:3000/' });
Object.assign(globalThis, { window: dom.window, document: dom.window.document });

const manifest = JSON.parse(readFileSync(join(root, 'templates/site-component/manifest.json'), 'utf8')) as Record<string, unknown>;
registerComponent('acme.hello-card.card', (ctx) => {
  const h = document.createElement('h2');
  h.textContent = `${String(ctx.config['greeting'])}, ${String(ctx.props['title'])}!`;
  ctx.root.append(h);
  return () => h.remove();
});

const BATCH = 500;
const perTest = (fn: () => void) => (): number => {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < BATCH; i++) fn();
  return Number(process.hrtime.bigint() - t0) / 1e6 / BATCH;
};
const check = (ok: boolean): void => {
  if (!ok) throw new Error('assertion failed');
};
const m = await interleave(
  {
    bare: perTest(() => {
      const el = document.createElement('h2');
      el.textContent = 'Hello, Lisbon!';
      document.body.append(el);
      check(el.textContent === 'Hello, Lisbon!');
      el.remove();
    }),
    render: perTest(() => {
      const view = render('acme.hello-card.card', { manifest, props: { title: 'Lisbon' } });
      check(view.root.textContent === 'Hello, Lisbon!');
      view.unmount();
    }),
  },
  15,
  3,
);

// (2) vitest runs, with a config of their own (the repository's would add its global setup).
const work = mkdtempSync(join(tmpdir(), 'extkit-testing-bench-'));
const config = join(work, 'vitest.config.mjs');
writeFileSync(config, 'export default {};\n');
const vitestBin = join(root, 'node_modules/vitest/vitest.mjs');
let n = 0;
const own: Record<string, number[]> = {};
/** From vitest's start to the end of the file's last test, as vitest's JSON report gives them; records the tests' own time too. */
const fileRun = (dir: string, expected: number) => (): number => {
  const out = join(work, `r${n++}.json`);
  const r = spawnSync(process.execPath, [vitestBin, 'run', '--root', dir, '--config', config, '--reporter=json', `--outputFile=${out}`], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`vitest in ${dir} exited ${r.status}: ${r.stderr}`);
  const report = JSON.parse(readFileSync(out, 'utf8')) as { startTime: number; numPassedTests: number; testResults: Array<{ endTime: number; assertionResults: Array<{ duration: number }> }> };
  if (report.numPassedTests !== expected) throw new Error(`expected ${expected} passing tests in ${dir}, got ${report.numPassedTests}`);
  (own[dir] ??= []).push(report.testResults.flatMap((t) => t.assertionResults).reduce((sum, a) => sum + a.duration, 0));
  return Math.max(...report.testResults.map((t) => t.endTime)) - report.startTime;
};
try {
  const templateDir = join(root, 'templates/site-component');
  const bareDir = join(root, 'bench/fixtures/testing');
  const f = await interleave({ bare: fileRun(bareDir, 6), template: fileRun(templateDir, 6) }, 5, 1);
  const ownBare = median(own[bareDir]!.slice(1));
  const ownTemplate = median(own[templateDir]!.slice(1));
  process.stdout.write(`## Testing an extension (\`@extkit/testing\`)

One test's work in one jsdom, median per test over ${BATCH}-test batches, 15 interleaved rounds: \`render()\`
validates nothing again (the manifest is checked once and cached), builds the context from the manifest,
mounts the site-component template's card, asserts its text, and unmounts.

| Per test | Median | Ratio to bare DOM |
|---|---|---|
| bare \`document.createElement\` + append + one assertion | ${fmt(m.bare! * 1000)} µs | 1.00x |
| \`render()\` + one assertion + \`unmount()\` | ${fmt(m.render! * 1000)} µs | ${(m.render! / m.bare!).toFixed(1)}x |

A whole test file under \`vitest run\` (jsdom environment), median of 5 interleaved runs: from vitest's
start to the file's last test (which includes starting jsdom and importing the file), and its tests' own
time; the template's file holds its pure-function tests and its \`render()\` tests.

| Test file | vitest start → last test | Ratio | Tests' own time | Target | |
|---|---|---|---|---|---|
| 6 bare DOM tests (bench/fixtures/testing/bare.test.ts) | ${fmt(f.bare!)} ms | 1.00x | ${fmt(ownBare)} ms | | |
| templates/site-component/src/card.test.ts (6 tests) | ${fmt(f.template!)} ms | ${(f.template! / f.bare!).toFixed(2)}x | ${fmt(ownTemplate)} ms | < 1000 ms from start | ${verdict(f.template! < 1000)} |
`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

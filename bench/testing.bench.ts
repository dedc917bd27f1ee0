// Issue 15's figures for @extkit/testing. (1) One test's work, mount plus one
// assertion plus unmount with render(), beside a bare document.createElement +
// append + assertion in the same jsdom, interleaved. (2) A template's whole test
// file (its pure-function tests and its render() tests) under vitest, from
// vitest's start to the file's end, beside a file of as many bare tests, with
// vitest's own breakdown of each (jsdom environment, prepare, import, tests);
// target under 1 s. The template runs as a user has it: the kit installed in
// node_modules, which vitest loads with Node as it does any dependency. The same
// file in this repository, where the kit is a workspace link that vitest
// transforms like source, is shown beside it.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { JSDOM } from 'jsdom';
import { fmt, interleave, median, verdict } from './lib.js';

const root = join(import.meta.dirname, '..');
const { registerComponent } = await import('../packages/runtime/dist/index.js');
const { render } = await import('../packages/testing/dist/index.js');
// After the imports: vitest's expect (loaded by @extkit/testing) needs Node's own Event.
const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://localhost:3000/' });
Object.assign(globalThis, { window: dom.window, document: dom.window.document });

const manifest = JSON.parse(readFileSync(join(root, 'templates/site-component/manifest.json'), 'utf8')) as Record<
  string,
  unknown
>;
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

// (2) What loading the kit costs a test file: CPU time (robust to a shared machine's
// scheduling) of importing, in a fresh Node that has already loaded vitest as a test worker has.
const cpuOfImport =
  (...modules: string[]) =>
  (): number => {
    const imports = modules.map((m) => `await import(${JSON.stringify(pathToFileURL(join(root, m)).href)});`).join(' ');
    const r = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `await import('vitest'); const c0 = process.cpuUsage(); ${imports} const c = process.cpuUsage(c0); process.stdout.write(String((c.user + c.system) / 1000));`,
      ],
      { cwd: join(root, 'packages/testing'), encoding: 'utf8' },
    );
    if (r.status !== 0) throw new Error(`importing ${modules.join(', ')} failed: ${r.stderr}`);
    return Number(r.stdout);
  };
const load = await interleave(
  {
    manifestWhole: cpuOfImport('packages/manifest/dist/index.js'),
    manifestRead: cpuOfImport('packages/manifest/dist/read.js'),
    runtime: cpuOfImport('packages/runtime/dist/index.js'),
    testing: cpuOfImport('packages/testing/dist/index.js'),
  },
  11,
  1,
);

// (3) A user's layout: the kit's packages as npm installs them (package.json and dist, in
// node_modules), their dependencies and vitest and jsdom linked to where this checkout has them.
const work = mkdtempSync(join(tmpdir(), 'extkit-testing-bench-'));
const modules = join(work, 'node_modules');
function install(name: string, from: string): void {
  const to = join(modules, name);
  mkdirSync(dirname(to), { recursive: true });
  symlinkSync(realpathSync(dirname(createRequire(join(from, 'package.json')).resolve(`${name}/package.json`))), to);
}
for (const pkg of ['manifest', 'runtime', 'testing']) {
  const dir = join(root, 'packages', pkg);
  cpSync(join(dir, 'package.json'), join(modules, '@extkit', pkg, 'package.json'));
  cpSync(join(dir, 'dist'), join(modules, '@extkit', pkg, 'dist'), {
    recursive: true,
    filter: (f) => !f.endsWith('.map'),
  });
  const deps = Object.keys(
    (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> })
      .dependencies ?? {},
  );
  for (const dep of deps.filter((d) => !d.startsWith('@extkit/'))) install(dep, dir);
}
for (const dep of ['vitest', 'jsdom']) install(dep, join(root, 'templates/site-component'));
const templateDir = join(work, 'hello-card');
for (const entry of ['manifest.json', 'package.json', 'src'])
  cpSync(join(root, 'templates/site-component', entry), join(templateDir, entry), { recursive: true });
const bareDir = join(work, 'bare');
cpSync(join(root, 'bench/fixtures/testing/bare.test.ts'), join(bareDir, 'bare.test.ts'));
writeFileSync(join(bareDir, 'package.json'), '{ "type": "module" }\n');
// A config of their own (none of the repository's global setup); the same for every run.
const config = join(work, 'vitest.config.mjs');
writeFileSync(config, 'export default {};\n');
const vitestBin = join(modules, 'vitest/vitest.mjs');
const reporter = join(root, 'bench/fixtures/testing/breakdown-reporter.mjs');

interface Run {
  spawned: number;
  exit: number;
  start: number;
  end: number;
  passed: number;
  environment: number;
  prepare: number;
  import: number;
  tests: number;
}
const runs: Record<string, Run[]> = {};
let n = 0;
/** From vitest's start to the end of the file's last test, with vitest's breakdown of the file kept for the table. */
const fileRun =
  (label: string, dir: string, expected: number, flags: string[] = []) =>
  (): number => {
    const out = join(work, `r${n++}.json`);
    const spawned = Date.now();
    const r = spawnSync(
      process.execPath,
      [vitestBin, 'run', '--root', dir, '--config', config, `--reporter=${reporter}`, ...flags],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, EXTKIT_BENCH_OUT: out } },
    );
    if (r.status !== 0) throw new Error(`vitest in ${dir} exited ${r.status}: ${r.stdout}${r.stderr}`);
    const run = { ...(JSON.parse(readFileSync(out, 'utf8')) as Run), spawned, exit: Date.now() };
    if (run.passed !== expected) throw new Error(`expected ${expected} passing tests in ${dir}, got ${run.passed}`);
    (runs[label] ??= []).push(run);
    return run.end - run.start;
  };
try {
  const ROUNDS = 7;
  const f = await interleave(
    {
      bare: fileRun('bare', bareDir, 6),
      template: fileRun('template', templateDir, 6),
      threads: fileRun('threads', templateDir, 6, ['--pool=threads']),
      repo: fileRun('repo', join(root, 'templates/site-component'), 6),
    },
    ROUNDS,
    1,
  );
  const wall = (label: string): number => median(runs[label]!.slice(1).map((r) => r.exit - r.spawned));
  const phase = (label: string, key: 'environment' | 'prepare' | 'import' | 'tests'): number =>
    median(runs[label]!.slice(1).map((r) => r[key]));
  const row = (name: string, label: string, target: boolean): string =>
    `| ${name} | ${fmt(f[label]!)} ms | ${(f[label]! / f.bare!).toFixed(2)}x | ${fmt(phase(label, 'environment'))} ms | ${fmt(phase(label, 'prepare'))} ms | ${fmt(phase(label, 'import'))} ms | ${fmt(phase(label, 'tests'))} ms | ${target ? `< 1000 ms | ${verdict(f[label]! < 1000)}` : '| '} |`;
  const signed = (ms: number): string => (ms < 0 ? `−${fmt(-ms)}` : `+${fmt(ms)}`);
  const ours = (['environment', 'prepare', 'import', 'tests'] as const)
    .map((k) => `${k} ${signed(phase('template', k) - phase('bare', k))} ms`)
    .join(', ');
  process.stdout.write(`## Testing an extension (\`@extkit/testing\`)

One test's work in one jsdom, median per test over ${BATCH}-test batches, 15 interleaved rounds: \`render()\`
validates nothing again (the manifest is checked once and cached), builds the context from the manifest,
mounts the site-component template's card, asserts its text, and unmounts.

| Per test | Median | Ratio to bare DOM |
|---|---|---|
| bare \`document.createElement\` + append + one assertion | ${fmt(m.bare! * 1000)} µs | 1.00x |
| \`render()\` + one assertion + \`unmount()\` | ${fmt(m.render! * 1000)} µs | ${(m.render! / m.bare!).toFixed(1)}x |

What importing the kit costs a test file, CPU time in a fresh Node that has loaded vitest, median of 11
interleaved runs: \`@extkit/testing\` loads only \`@extkit/manifest/read\` (the validator without the type
generator), and neither ajv (only its one-function \`ucs2length\` runtime) nor zod.

| Import | CPU time |
|---|---|
| \`@extkit/manifest\` (whole) | ${fmt(load.manifestWhole!)} ms |
| \`@extkit/manifest/read\` | ${fmt(load.manifestRead!)} ms |
| \`@extkit/runtime\` | ${fmt(load.runtime!)} ms |
| \`@extkit/testing\` (with its runtime and manifest/read) | ${fmt(load.testing!)} ms |

A whole test file under \`vitest run\` (jsdom environment), median of ${ROUNDS} interleaved runs: from vitest's
start (its \`onInit\`) to the file's last test, and vitest's breakdown of the file: setting up the jsdom
environment (importing jsdom and making its window), preparing the runner, importing the file (the kit,
the extension's source) and the tests' own time. The template's file holds its pure-function tests and
its \`render()\` tests; it runs as installed (the kit in \`node_modules\`, as \`npm install\` leaves it), and
as it sits in this repository, where the kit is a workspace link outside \`node_modules\` that vitest
transforms like source.

| Test file | vitest start → last test | Ratio | Environment | Prepare | Import | Tests | Target | |
|---|---|---|---|---|---|---|---|---|
${row('6 bare DOM tests (bench/fixtures/testing/bare.test.ts)', 'bare', false)}
${row('templates/site-component/src/card.test.ts (6 tests), installed', 'template', true)}
${row('the same, installed, with `--pool=threads` (worker threads, not child processes)', 'threads', false)}
${row('the same file in this repository (workspace links)', 'repo', false)}

What the template's file adds to the bare one, by phase (medians): ${ours}.
Whole processes, spawn to exit (what a user waits for): bare ${fmt(wall('bare'))} ms, template ${fmt(wall('template'))} ms,
with threads ${fmt(wall('threads'))} ms.
`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

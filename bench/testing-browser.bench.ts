// Issue 33 §3's figure: a template's test file run in Chromium by @extkit/testing's browser run
// (vitest's browser mode, Playwright on the system's Chromium, extkitBrowser(): each render()
// mounts in a real sandboxed frame with the manifest's policy) beside vitest's own browser mode on
// a file of as many bare DOM tests, in the same run, interleaved. The kit is installed as npm
// leaves it (package.json and dist in node_modules), its dependencies linked to this checkout's.
// Target: the browser run within 1.5x of bare browser mode (spawn to exit).
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os, { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fmt, interleave, median, verdict } from './lib.js';

const root = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'extkit-testing-browser-bench-'));
const modules = join(work, 'node_modules');
const template = join(root, 'templates/site-component');

/** Where `name` is installed for `from`, as Node's resolution finds it (node_modules folders upward), its real path. */
function installed(name: string, from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return realpathSync(dirname(candidate));
    if (dirname(dir) === dir) throw new Error(`${name} is not installed for ${from}`);
  }
}

function link(name: string, from: string): void {
  const to = join(modules, name);
  try {
    mkdirSync(dirname(to), { recursive: true });
    symlinkSync(installed(name, from), to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}
for (const pkg of ['api', 'bundler', 'manifest', 'preview', 'runtime', 'testing']) {
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
  for (const dep of deps.filter((d) => !d.startsWith('@extkit/'))) link(dep, dir);
}
for (const dep of ['vitest', '@vitest/browser-playwright', 'playwright']) link(dep, template);

const templateDir = join(work, 'template');
for (const file of ['manifest.json', 'package.json', 'vitest.browser.config.ts'])
  cpSync(join(template, file), join(templateDir, file));
for (const file of ['index.ts', 'card.ts', 'card.test.ts', 'manifest.d.ts'])
  cpSync(join(template, 'src', file), join(templateDir, 'src', file));
// vitest's own browser mode, the same provider and Chromium, no extkit plugin: the bare file's run.
const bareDir = join(work, 'bare');
cpSync(join(root, 'bench/fixtures/testing/bare.test.ts'), join(bareDir, 'src', 'bare.test.ts'));
writeFileSync(join(bareDir, 'package.json'), '{ "type": "module" }\n');
writeFileSync(
  join(bareDir, 'vitest.browser.config.ts'),
  "import { defineBrowserConfig } from '@extkit/testing/browser';\n\nexport default { ...defineBrowserConfig(), plugins: [] };\n",
);
const vitestBin = join(modules, 'vitest/vitest.mjs');
const reporter = join(root, 'bench/fixtures/testing/breakdown-reporter.mjs');

interface Run {
  start: number;
  end: number;
  passed: number;
  import: number;
  tests: number;
}
const runs: Record<string, Run[]> = {};
let n = 0;
const fileRun = (label: string, dir: string, tests: number) => (): number => {
  const out = join(work, `r${n++}.json`);
  const spawned = Date.now();
  const r = spawnSync(
    process.execPath,
    [vitestBin, 'run', '--config', 'vitest.browser.config.ts', `--reporter=${reporter}`],
    { cwd: dir, encoding: 'utf8', env: { ...process.env, EXTKIT_BENCH_OUT: out } },
  );
  const exit = Date.now();
  if (r.status !== 0) throw new Error(`vitest in ${dir} exited ${r.status}: ${r.stdout}${r.stderr}`);
  const run = JSON.parse(readFileSync(out, 'utf8')) as Run;
  if (run.passed !== tests) throw new Error(`expected ${tests} passing tests in ${dir}, got ${run.passed}`);
  (runs[label] ??= []).push(run);
  return exit - spawned;
};

try {
  const ROUNDS = 7;
  const wall = await interleave(
    { bare: fileRun('bare', bareDir, 6), template: fileRun('template', templateDir, 6) },
    ROUNDS,
    1,
  );
  const runsOf = (label: string): Run[] => runs[label]!.slice(1);
  const inFile = (label: string): number => median(runsOf(label).map((r) => r.end - r.start));
  const phase = (label: string, key: 'import' | 'tests'): number => median(runsOf(label).map((r) => r[key]));
  const ratio = wall.template! / wall.bare!;
  process.stdout.write(`### The same tests in Chromium (the browser run)

The site-component template's test file (6 tests; 2 mount the card with \`render()\`, each in a real
frame, \`sandbox="allow-scripts"\` with the manifest's policy, built and served by \`extkitBrowser()\`)
under \`vitest run --config vitest.browser.config.ts\`, beside vitest's own browser mode on 6 bare DOM
tests (bench/fixtures/testing/bare.test.ts), the same Playwright provider on the system's Chromium,
the kit installed as npm leaves it; median of ${ROUNDS} interleaved runs (the first of each dropped).

| Test file, in Chromium | Spawn to exit | vitest start → last test | Import | Tests | Ratio (spawn to exit) | Target | |
|---|---|---|---|---|---|---|---|
| 6 bare DOM tests, vitest's browser mode | ${fmt(wall.bare!)} ms | ${fmt(inFile('bare'))} ms | ${fmt(phase('bare', 'import'))} ms | ${fmt(phase('bare', 'tests'))} ms | 1.00x | | |
| templates/site-component/src/card.test.ts, the browser run | ${fmt(wall.template!)} ms | ${fmt(inFile('template'))} ms | ${fmt(phase('template', 'import'))} ms | ${fmt(phase('template', 'tests'))} ms | ${ratio.toFixed(2)}x | < 1.5x | ${verdict(ratio < 1.5)} |

From vitest's start to the file's last test: ${(inFile('template') / inFile('bare')).toFixed(2)}x. What the browser run adds is in the
tests' own time: each \`render()\` asks the plugin for the project (validated, and the bundle rebuilt by the
preview's incremental build) and loads a frame, whose document runs the preview's transport and lockdown
before the bundle, and each \`settled()\` is a round trip to the frame. Load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}.
`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

// Issue 33's figures for the API in a test: the console-orders template's shipment test file
// (the page lists a site's orders, records a shipment, the test checks what the platform got)
// under vitest + jsdom, three ways in the same run, interleaved: against the emulator (one per
// run from globalSetup '@extkit/testing/emulator', a fresh organization for the file, the
// site, product and order made in beforeAll), against msw handlers (@extkit/testing/msw), and
// beside a bare one-test jsdom file. The kit is installed as npm leaves it (package.json and
// dist in node_modules), its dependencies linked to where this checkout has them.
// Target: the emulator adds under 1 s to the file (whole process, spawn to exit, beside msw).
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
import os, { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fmt, interleave, median, verdict } from './lib.js';

const root = join(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'extkit-testing-api-bench-'));
const modules = join(work, 'node_modules');
const template = join(root, 'templates/console-orders');

function link(name: string, from: string): void {
  const to = join(modules, name);
  try {
    mkdirSync(dirname(to), { recursive: true });
    const entry = createRequire(join(from, 'package.json')).resolve(name);
    const at = entry.lastIndexOf(`/node_modules/${name}/`);
    symlinkSync(realpathSync(entry.slice(0, at + `/node_modules/${name}`.length)), to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}
for (const pkg of ['api', 'bundler', 'client', 'emulator', 'manifest', 'runtime', 'testing']) {
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
for (const dep of ['vitest', 'jsdom', '@electric-sql/pglite']) link(dep, template);
link('msw', join(root, 'packages/testing'));

/** A copy of the template with `test` as its only test file and `config` as vitest's config. */
function project(name: string, test: string, config: string): string {
  const dir = join(work, name);
  cpSync(join(template, 'manifest.json'), join(dir, 'manifest.json'));
  cpSync(join(template, 'package.json'), join(dir, 'package.json'));
  for (const file of ['index.ts', 'orders.ts', 'manifest.d.ts'])
    cpSync(join(template, 'src', file), join(dir, 'src', file));
  cpSync(test, join(dir, 'src', 'shipment.test.ts'));
  writeFileSync(join(dir, 'vitest.config.mjs'), config);
  return dir;
}
const emulatorDir = project(
  'emulator',
  join(template, 'src/shipment.test.ts'),
  "export default { test: { globalSetup: ['@extkit/testing/emulator'] } };\n",
);
// The same project with a second copy of the file: what one more file costs once the emulator runs.
const twoDir = project(
  'emulator-two-files',
  join(template, 'src/shipment.test.ts'),
  "export default { test: { globalSetup: ['@extkit/testing/emulator'] } };\n",
);
cpSync(join(template, 'src/shipment.test.ts'), join(twoDir, 'src', 'shipment-again.test.ts'));
const mswDir = project('msw', join(root, 'bench/fixtures/testing-api/shipment.msw.test.ts'), 'export default {};\n');
const bareDir = join(work, 'bare');
cpSync(join(root, 'bench/fixtures/testing-api/bare.test.ts'), join(bareDir, 'bare.test.ts'));
writeFileSync(join(bareDir, 'package.json'), '{ "type": "module" }\n');
writeFileSync(join(bareDir, 'vitest.config.mjs'), 'export default {};\n');
const vitestBin = join(modules, 'vitest/vitest.mjs');
const reporter = join(root, 'bench/fixtures/testing/breakdown-reporter.mjs');

interface Run {
  spawned: number;
  exit: number;
  start: number;
  end: number;
  passed: number;
}
const runs: Record<string, Run[]> = {};
let n = 0;
/** Spawn to exit (what a user waits for), vitest's start to the file's last test kept beside it. */
const fileRun = (label: string, dir: string) => (): number => {
  const out = join(work, `r${n++}.json`);
  const spawned = Date.now();
  const r = spawnSync(process.execPath, [vitestBin, 'run', '--root', dir, `--reporter=${reporter}`], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, EXTKIT_BENCH_OUT: out },
  });
  const exit = Date.now();
  if (r.status !== 0) throw new Error(`vitest in ${dir} exited ${r.status}: ${r.stdout}${r.stderr}`);
  const run = { ...(JSON.parse(readFileSync(out, 'utf8')) as Run), spawned, exit };
  if (run.passed !== 1) throw new Error(`expected 1 passing test in ${dir}'s last file, got ${run.passed}`);
  (runs[label] ??= []).push(run);
  return exit - spawned;
};

try {
  const ROUNDS = 7;
  const wall = await interleave(
    {
      bare: fileRun('bare', bareDir),
      msw: fileRun('msw', mswDir),
      emulator: fileRun('emulator', emulatorDir),
      // The reporter counts the last file's tests; exit 0 says both files passed.
      two: fileRun('two', twoDir),
    },
    ROUNDS,
    1,
  );
  const inFile = (label: string): number => median(runs[label]!.slice(1).map((r) => r.end - r.start));
  const added = wall.emulator! - wall.msw!;
  const another = wall.two! - wall.emulator!;
  process.stdout.write(`## The API in a test (\`@extkit/testing\` with the emulator or msw)

The console-orders template's shipment test (its page lists a site's orders, records a shipment on a
paid one, and the test checks what the platform received) under \`vitest run\` in jsdom, the kit
installed as npm leaves it, median of ${ROUNDS} interleaved runs (the first of each dropped): against
the emulator (\`globalSetup: ['@extkit/testing/emulator']\` starts one in memory for the run; the file
gets a fresh organization and makes a site, a product and a paid order in \`beforeAll\`, then reads
the order back through \`@extkit/client\`), against msw handlers (\`@extkit/testing/msw\`), and a bare
one-test jsdom file.

| Test file | Spawn to exit | vitest start → last test | Ratio to bare (spawn to exit) |
|---|---|---|---|
| 1 bare DOM test (bench/fixtures/testing-api/bare.test.ts) | ${fmt(wall.bare!)} ms | ${fmt(inFile('bare'))} ms | 1.00x |
| shipment test, msw handlers (bench/fixtures/testing-api/shipment.msw.test.ts) | ${fmt(wall.msw!)} ms | ${fmt(inFile('msw'))} ms | ${(wall.msw! / wall.bare!).toFixed(2)}x |
| shipment test, emulator (templates/console-orders/src/shipment.test.ts) | ${fmt(wall.emulator!)} ms | ${fmt(inFile('emulator'))} ms | ${(wall.emulator! / wall.bare!).toFixed(2)}x |
| the same file twice (two files, one emulator, an organization each) | ${fmt(wall.two!)} ms | ${fmt(inFile('two'))} ms | ${(wall.two! / wall.bare!).toFixed(2)}x |

What the emulator adds beside msw, spawn to exit, for a run of one file (the emulator's start, once per
run, included): ${fmt(added)} ms (target < 1000 ms: ${verdict(added < 1000)}). What one more file against the
running emulator costs (its organization, its site, product and order, its test; vitest runs two files
in parallel on these two cores): ${fmt(another)} ms (target < 1000 ms: ${verdict(another < 1000)}). Load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}.
The browser run of the console-orders files is not measured here; "The same tests in Chromium" above
measures the browser run of the site-component template's file.
`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

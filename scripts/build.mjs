// Compiles every package so that node_modules/.bin/extkit runs the checkout. Runs on `pnpm install`
// through the root `prepare` script, and before the tests (test/global-setup.ts).
//
// tsc (project references) checks every package and writes its declarations, and the JavaScript of
// all but the packages every `extkit` command loads at start (BUNDLED). Their JavaScript is written
// by esbuild: one file per entry point of the package's `exports` (and the CLI's main), modules
// shared between entries in chunks beside them, every other package and dependency left an import.
// Node 20 spends about a millisecond on each module file it loads, and these three packages are
// about 90 files: bundled, `extkit validate` and `extkit build` start about 25 ms sooner
// (docs/distribution.md, "Bundled packages").
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** The bundled packages, each with entries beyond its `exports` (the CLI's bin loads dist/main.js). */
const BUNDLED = { manifest: [], bundler: [], cli: ['src/main.ts'] };
/**
 * Ground-floor modules a bundled package takes into its bundle rather than import: the validator
 * checks `extkit.api` with @extkit/runtime's routing contract (authored there, once), and
 * `extkit validate` loads no other package (test/cold-start.test.ts).
 */
const INLINED = { manifest: { '@extkit/runtime/routing': 'packages/runtime/src/routing/index.ts' } };
/** Beside dist/, not in it: the fingerprint of what the last bundle read, and what it wrote (not packed, not committed). */
const STAMP = '.bundle-stamp.json';

const args = process.argv.slice(2);
if (args.includes('--watch') || args.includes('-w')) {
  // tsc's watch would keep the declarations fresh but never the bundles: say so rather than go stale.
  console.error(
    'scripts/build.mjs: --watch is not supported (the bundled packages would go stale); run `pnpm build` after a change.',
  );
  process.exit(2);
}
const force = args.includes('--force') || args.includes('-f');
const r = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', ...args], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
if (args.includes('--clean')) {
  for (const name of Object.keys(BUNDLED)) removeBundle(join(root, 'packages', name, 'dist'), []);
  process.exit(0);
}

const esbuild = require('esbuild');
for (const [name, extra] of Object.entries(BUNDLED)) {
  const dir = join(root, 'packages', name);
  const dist = join(dir, 'dist');
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const entries = [
    ...Object.values(pkg.exports)
      .map((target) => (typeof target === 'string' ? target : (target.default ?? target.import)))
      .filter((target) => typeof target === 'string' && target.startsWith('./dist/') && target.endsWith('.js'))
      .map((target) => target.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')),
    ...extra,
  ];
  // What the bundle is made of, fingerprinted before esbuild reads it: a file saved while it
  // bundles differs next time, and a file put back with an older time (cp -p, tar) differs too.
  const inputs = [
    join(dir, 'package.json'),
    join(dir, 'tsconfig.json'),
    join(root, 'tsconfig.base.json'),
    fileURLToPath(import.meta.url),
    require.resolve('esbuild/package.json'),
    ...files(join(dir, 'src')),
    ...Object.values(INLINED[name] ?? {}).map((file) => join(root, file)),
  ];
  const fingerprint = createHash('sha256')
    .update(
      inputs
        .map((file) => ({ file, s: statSync(file) }))
        .map(({ file, s }) => `${relative(root, file)}:${s.size}:${s.mtimeMs}`)
        .join('\n'),
    )
    .digest('hex');
  const stamp = readStamp(dir);
  if (!force && stamp?.fingerprint === fingerprint && stamp.outputs.every((out) => existsSync(join(dist, out))))
    continue;
  const result = await esbuild.build({
    absWorkingDir: dir,
    entryPoints: entries,
    outdir: 'dist',
    outbase: 'src',
    entryNames: '[dir]/[name]',
    chunkNames: '_[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    alias: Object.fromEntries(Object.entries(INLINED[name] ?? {}).map(([spec, file]) => [spec, join(root, file)])),
    sourcemap: true,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  const outputs = Object.keys(result.metafile.outputs).map((out) => relative(dist, join(dir, out)));
  removeBundle(dist, outputs);
  // Whole or absent, however many builds run at once.
  const temporary = join(dir, `${STAMP}.${process.pid}`);
  writeFileSync(temporary, `${JSON.stringify({ fingerprint, outputs })}\n`);
  renameSync(temporary, join(dir, STAMP));
}

/** Every file under `dir`, sorted, tests included (a change to one rebuilds: no input, but 100 ms). */
function files(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .sort();
}

function readStamp(dir) {
  try {
    return JSON.parse(readFileSync(join(dir, STAMP), 'utf8'));
  } catch {
    return null;
  }
}

/** Removes the JavaScript in `dist` that is not one of `keep`: an older bundle's chunks, tsc's per-file output of old. */
function removeBundle(dist, keep) {
  if (!existsSync(dist)) return;
  const kept = new Set(keep);
  for (const file of files(dist)) {
    const rel = relative(dist, file);
    if (/\.js(\.map)?$/.test(rel) && !kept.has(rel)) rmSync(file, { force: true }); // another build may have taken it
  }
  if (!keep.length) rmSync(join(dist, '..', STAMP), { force: true });
}

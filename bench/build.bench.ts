// `extkit build`: the whole process against a plain Node script that calls
// esbuild.build on the same source with the same options, and against the esbuild
// binary on the command line (what a user would time), interleaved in one run, for a
// plain extension and for one that imports CSS (with @import and an inlined image);
// where the time goes (Node's start, esbuild's service start, the bundling, the kit);
// what starting esbuild early buys; the registration scan of a 1 MB bundle, and the
// size of the runtime every extension bundle carries (minified + gzipped).
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { esbuildOptions, scanBundle } from '../packages/bundler/dist/index.js';
import { fmt, interleave, median, timeSpawn, verdict } from './lib.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const extkit = join(root, 'node_modules/.bin/extkit');
const esbuildPath = createRequire(join(root, 'packages/bundler/package.json')).resolve('esbuild');
const tmp = mkdtempSync(join(tmpdir(), 'extkit-bench-build-'));
const ext = join(tmp, 'ext');
cpSync(join(root, 'test/fixtures/build-basic'), ext, { recursive: true });

// The peer: the same esbuild options `extkit build` uses, outputs (the stylesheet too) written to disk.
function plainScript(dir: string, name: string): string {
  const options = esbuildOptions(dir, 'src/index.ts', 'dist/order-map.js');
  const file = join(tmp, name);
  writeFileSync(
    file,
    `import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
const esbuild = await import(${JSON.stringify(esbuildPath)});
const out = process.argv[2];
const result = await esbuild.build(${JSON.stringify(options)});
for (const f of result.outputFiles) {
  const file = join(out, f.path.slice(${JSON.stringify(dir.length)}));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, f.contents);
}
`,
  );
  return file;
}
const plain = plainScript(ext, 'plain-esbuild.mjs');

// The esbuild binary, as a user would run it on the same source: the options `extkit build` gives its API.
const esbuildBin = join(esbuildPath, '../../bin/esbuild');
const binaryArgs = (dir: string, out: string) => {
  const o = esbuildOptions(dir, 'src/index.ts', 'dist/order-map.js');
  return [
    join(dir, 'src/index.ts'),
    '--bundle',
    '--minify',
    '--format=iife',
    '--platform=browser',
    `--target=${String(o.target)}`,
    '--sourcemap=linked',
    '--charset=utf8',
    '--legal-comments=none',
    '--define:process.env.NODE_ENV="production"',
    ...Object.entries(o.alias!).map(([from, to]) => `--alias:${from}=${to}`),
    ...Object.keys(o.loader!).map((e) => `--loader:${e}=dataurl`),
    `--metafile=${join(out, 'meta.json')}`,
    `--outfile=${join(out, 'dist/order-map.js')}`,
    '--log-level=silent',
  ];
};
// esbuild's service start alone: Node, the JavaScript API loaded, and one call that starts the binary.
const serviceStart = join(tmp, 'service-start.mjs');
writeFileSync(
  serviceStart,
  `const esbuild = await import(${JSON.stringify(esbuildPath)});\nawait esbuild.transform('');\n`,
);
// The bundler's build() from a script, with and without starting esbuild's worker first (what the CLI does).
const libraryBuild = (prewarm: boolean) => {
  const file = join(tmp, `library-build-${prewarm ? 'prewarmed' : 'cold'}.mjs`);
  const bundler = join(root, 'packages/bundler/dist');
  writeFileSync(
    file,
    `${prewarm ? `(await import(${JSON.stringify(join(bundler, 'prewarm.js'))})).prewarmBuild();\n` : ''}const { build } = await import(${JSON.stringify(join(bundler, 'index.js'))});
const r = await build(process.argv[2], { out: process.argv[3] });
if (!r.ok) throw new Error(JSON.stringify(r.errors));
`,
  );
  return file;
};
const prewarmed = libraryBuild(true);
const unwarmed = libraryBuild(false);
const styled = join(tmp, 'styled');
cpSync(join(root, 'test/fixtures/build-styles'), styled, { recursive: true });
const plainStyled = plainScript(styled, 'plain-esbuild-css.mjs');

let i = 0;
const whole = await interleave(
  {
    'node -e 0': () => timeSpawn(process.execPath, ['-e', '0']),
    'esbuild service start': () => timeSpawn(process.execPath, [serviceStart]),
    'esbuild binary': () => timeSpawn(esbuildBin, binaryArgs(ext, join(tmp, `bin-${i++}`))),
    'node plain-esbuild.mjs': () => timeSpawn(process.execPath, [plain, join(tmp, `plain-${i++}`)]),
    'extkit build': () => timeSpawn(extkit, ['build', ext, '--out', join(tmp, `store-${i++}`)]),
    'build() prewarmed': () => timeSpawn(process.execPath, [prewarmed, ext, join(tmp, `store-${i++}`)]),
    'build() not prewarmed': () => timeSpawn(process.execPath, [unwarmed, ext, join(tmp, `store-${i++}`)]),
    'esbuild binary (CSS)': () => timeSpawn(esbuildBin, binaryArgs(styled, join(tmp, `bin-${i++}`))),
    'node plain-esbuild-css.mjs': () => timeSpawn(process.execPath, [plainStyled, join(tmp, `plain-${i++}`)]),
    'extkit build (CSS)': () => timeSpawn(extkit, ['build', styled, '--out', join(tmp, `store-${i++}`)]),
  },
  11,
);
const ratio = whole['extkit build']! / whole['node plain-esbuild.mjs']!;
const cssRatio = whole['extkit build (CSS)']! / whole['node plain-esbuild-css.mjs']!;
const binaryRatio = whole['extkit build']! / whole['esbuild binary']!;
const binaryCssRatio = whole['extkit build (CSS)']! / whole['esbuild binary (CSS)']!;
// Where `extkit build`'s time goes, by difference of the medians above.
const nodeStart = whole['node -e 0']!;
const service = whole['esbuild service start']! - nodeStart;
const bundling = whole['esbuild binary']!;
const kit = whole['extkit build']! - nodeStart - service - bundling;
const prewarmBuys = whole['build() not prewarmed']! - whole['build() prewarmed']!;

// A 1 MB bundle: many small modules' worth of functions and data, registering at the end.
const chunk = (k: number) =>
  `function f${k}(a,b){const o={id:${k},name:"item-${k}",tags:["a","b","c"],n:a*${k}+b};return o.n>${k}?o:null}\n`;
let big = '(()=>{';
for (let k = 0; big.length < 1024 * 1024; k++) big += chunk(k);
big += `const r=(globalThis[Symbol.for("extkit.registry")]??={registrations:[]});r.registrations.push({kind:"component",id:"acme.big.card",mount(){}});})();\n`;
const bigFile = join(tmp, 'big.js');
writeFileSync(bigFile, big);
const manifest = {
  id: 'big',
  version: '1.0.0',
  entry: 'big.js',
  hostAbi: 1,
  contributes: { site: { components: ['acme.big.card'] } },
};
const scans: number[] = [];
for (let k = 0; k < 9; k++) {
  const t0 = performance.now();
  const r = await scanBundle(bigFile, manifest);
  scans.push(performance.now() - t0);
  if (r.errors.length > 0 || r.registrations.length !== 1)
    throw new Error(`the scan failed: ${JSON.stringify(r.errors)}`);
}

// The runtime as it ships in a bundle: everything it exports, and the register API alone.
const esbuild = (await import(esbuildPath)) as typeof import('esbuild');
const runtimeEntry = join(root, 'packages/runtime/dist/index.js');
const sizeOf = async (contents: string) => {
  const r = await esbuild.build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    platform: 'browser',
  });
  const bytes = r.outputFiles[0]!.contents;
  return { min: bytes.byteLength, gzip: gzipSync(bytes, { level: 9 }).byteLength };
};
const all = await sizeOf(`export * from ${JSON.stringify(runtimeEntry)};`);
const bridgeEntry = join(root, 'packages/runtime/dist/bridge/index.js');
const bridgeAll = await sizeOf(`export * from ${JSON.stringify(bridgeEntry)};`);
const frameSide = await sizeOf(`export { connectFrame } from ${JSON.stringify(bridgeEntry)};`);
const registerOnly = await sizeOf(
  `export { registerComponent, registerFeature, registerSlot, registerRoute, registerOrgRoute, registerShell, getRegistrations, getRegistry } from ${JSON.stringify(runtimeEntry)};`,
);
rmSync(tmp, { recursive: true, force: true });

const kb = (n: number) => `${(n / 1024).toFixed(2)} KiB`;
process.stdout.write(`## extkit build

| What | Median | Target | Verdict |
|---|---|---|---|
| \`esbuild src/index.ts --bundle --minify ...\` (the esbuild binary, the same options on the command line) | ${fmt(whole['esbuild binary']!)} ms | | |
| \`node plain-esbuild.mjs\` (esbuild.build, same source and options, outputs written) | ${fmt(whole['node plain-esbuild.mjs']!)} ms | | |
| \`extkit build\` whole process (validate, bundle, scan, hash, atomic write) | ${fmt(whole['extkit build']!)} ms | | |
| Ratio to esbuild's JavaScript API | ${ratio.toFixed(2)}x | within 1.5x | ${verdict(ratio <= 1.5)} |
| Ratio to the esbuild binary | ${binaryRatio.toFixed(2)}x | reported | |
| \`node plain-esbuild-css.mjs\` (a source importing CSS with an @import and an inlined image) | ${fmt(whole['node plain-esbuild-css.mjs']!)} ms | | |
| \`extkit build\` of it (stylesheet adopted into the bundle, assets checked) | ${fmt(whole['extkit build (CSS)']!)} ms | | |
| Ratio with CSS to esbuild's JavaScript API | ${cssRatio.toFixed(2)}x | within 1.5x | ${verdict(cssRatio <= 1.5)} |
| Ratio with CSS to the esbuild binary (${fmt(whole['esbuild binary (CSS)']!)} ms) | ${binaryCssRatio.toFixed(2)}x | reported | |
| Scan of a ${kb(big.length)} bundle (scan process and worker start, isolated run, registry read) | ${fmt(median(scans))} ms | reported | |

11 interleaved rounds after 2 warm-up rounds; the fixtures are test/fixtures/build-basic and test/fixtures/build-styles; each build writes a fresh store.

Where \`extkit build\`'s ${fmt(whole['extkit build']!)} ms go, by difference of medians of the same run:

| Part | ms | Measured as |
|---|---|---|
| Node's start | ${fmt(nodeStart)} | \`node -e 0\` |
| esbuild's service start | ${fmt(service)} | a script that loads esbuild's JavaScript API and calls \`transform('')\` (which starts the binary), less Node's start |
| Bundling | ${fmt(bundling)} | the esbuild binary on the same source (its own start included) |
| The kit: the rest | ${fmt(kit)} | loading the CLI and the bundler, validating, the registration scan, hashing, the atomic write, less what runs alongside |

esbuild starts early: the build command starts the worker that loads esbuild before it loads the rest of the
bundler (\`@extkit/bundler/prewarm\`), and \`build()\` starts bundling from the manifest's entry before validation
ends. What the first buys, from a script calling \`build()\` in a new process with and without it:
${fmt(whole['build() not prewarmed']!)} ms without, ${fmt(whole['build() prewarmed']!)} ms with: ${fmt(prewarmBuys)} ms.

| @extkit/runtime in a bundle | min | min+gzip | Target | Verdict |
|---|---|---|---|---|
| Everything its main entry exports (what an extension can import: register API, registry, styles, host ABI) | ${all.min} B | ${all.gzip} B | < 3 KB | ${verdict(all.gzip < 3072)} |
| Register API and registry alone | ${registerOnly.min} B | ${registerOnly.gzip} B | | |
| \`@extkit/runtime/bridge\`'s frame side, \`connectFrame\` (a host loads it into each frame; no extension bundle carries it) | ${frameSide.min} B | ${frameSide.gzip} B | reported | |
| Everything \`@extkit/runtime/bridge\` exports (frame side, protocol, verdicts; hosts only) | ${bridgeAll.min} B | ${bridgeAll.gzip} B | reported | |
`);

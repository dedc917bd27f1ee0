#!/usr/bin/env node
// Records `extkit validate`'s full reports (text, json, sarif, and the exit code) on 15,000
// generated manifests, or compares them with a recording: a change to how the validator reads or
// places diagnostics must leave every byte the same.
//
// usage: node scripts/report-corpus.mjs record <dir>    (with the kit built: pnpm run build)
//        node scripts/report-corpus.mjs compare <dir>   (exit 1 on the first difference, named)
// Options: --count <n> (default 15000), --seed <n> (default 32), --batch <n> manifests per run.
// The manifests are written to <dir>/corpus (one folder each, some with a package.json that
// names a publisher or silences warnings), generated from the seed, so a comparison on another
// build regenerates the same files.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

const [mode, out, ...rest] = process.argv.slice(2);
const option = (name, fallback) => {
  const i = rest.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(rest[i + 1]);
};
if ((mode !== 'record' && mode !== 'compare') || !out) {
  console.error('usage: report-corpus.mjs record|compare <dir> [--count n] [--seed n] [--batch n]');
  process.exit(2);
}
const COUNT = option('count', 15_000);
const BATCH = option('batch', 500);
const cli = resolve('packages/cli/bin/extkit.js');

// mulberry32: the same corpus from the same seed on every machine.
let seed = option('seed', 32) >>> 0;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const int = (n) => Math.floor(random() * n);
const pick = (list) => list[int(list.length)];
const chance = (p) => random() < p;

const WORDS = ['card', 'map', 'list', 'hero', 'chart', 'feed', 'menu', 'tab', 'grid', 'banner'];
const KEYS = [
  'homepage',
  'author',
  'license',
  'Name',
  'verison',
  'entri',
  'x',
  '__proto__',
  'a/b',
  'ti~lde',
  'q"uote',
  'é',
];
const ODD = [
  '',
  'Weather Widget',
  'UPPER',
  'a--b',
  '-lead',
  'x'.repeat(90),
  '😀',
  'tab\there',
  'new\nline',
  'back\\slash',
  3,
  null,
  true,
  [],
  {},
];

function manifest() {
  const id = chance(0.9) ? 'weather-widget' : pick(['Weather', 'w', 'a-b-c', 7]);
  const pub = pick(['acme', 'other', 'acme']);
  const components = Array.from({ length: chance(0.02) ? 200 + int(1500) : int(6) }, (_, i) =>
    chance(0.9)
      ? `${chance(0.9) ? pub : 'zz'}.${chance(0.95) ? 'weather-widget' : 'else'}.${pick(WORDS)}-${chance(0.3) ? 1 : i}`
      : pick(ODD),
  );
  const m = {
    id,
    name: chance(0.9) ? 'Weather Widget' : pick(ODD),
    version: chance(0.9) ? '1.2.0' : pick(['v1.0.0', '1.0', '01.2.3', 2]),
    entry: chance(0.9) ? 'dist/index.js' : pick(['/abs.js', '../up.js', 'x.ts', 'a?b']),
    hostAbi: chance(0.9) ? 3 : pick([0, 99, '3', 2.5]),
    description: chance(0.9) ? 'Shows the forecast for a city.' : pick(ODD),
    capabilities: {
      network: chance(0.9)
        ? ['https://api.weather.example']
        : [pick(['http://x', 'ftp://y', 'https://*.z', 'https://a.b:99999'])],
      props: ['city', 'units', 'onPickFn', ...(chance(0.2) ? ['city', '1bad'] : [])],
      events: chance(0.9) ? ['select'] : [pick(ODD)],
      size: { height: chance(0.9) ? 240 : pick([-1, '240', 1e9]) },
    },
    contributes: chance(0.95)
      ? {
          site: {
            components,
            functionBindings: {
              [components[0] ?? 'acme.weather-widget.card']: chance(0.8) ? 'onPickFn' : pick(['nope', 'a.b', 4]),
            },
          },
        }
      : pick([{}, { console: { slots: [pick(ODD)], routes: ['/x', '//y'], shell: pick([true, 'yes']) } }, 'none']),
    config: {
      fields: Array.from({ length: chance(0.05) ? 52 + int(10) : int(5) }, (_, i) =>
        pick([
          { key: `k${i % 4}`, label: 'L', type: 'string' },
          { key: `n${i}`, label: 'N', type: 'number', min: 5, max: pick([1, 10]) },
          {
            key: `s${i}`,
            label: 'S',
            type: 'select',
            options: pick([
              [],
              [
                { value: 'a', label: 'A' },
                { value: 'a', label: 'B' },
              ],
            ]),
          },
          { key: `b${i}`, label: 'B', type: pick(['boolean', 'color', 3]), min: 1 },
          pick(ODD),
        ]),
      ),
      defaults: Object.fromEntries(
        Array.from({ length: chance(0.02) ? 300 + int(2000) : int(6) }, (_, i) => [
          pick(['k0', 'k1', `n${i}`, `unknown${i}`, `we"ird${i}`, `sl/ash${i}`]),
          pick(['x', 3, true, 'true', '12', null, ['a']]),
        ]),
      ),
    },
  };
  if (chance(0.2)) delete m[pick(['id', 'name', 'version', 'entry', 'hostAbi', 'contributes', 'capabilities'])];
  if (chance(0.2)) for (let k = int(4); k >= 0; k--) own(m, pick(KEYS) + (chance(0.5) ? k : ''), pick(ODD));
  if (chance(0.02)) for (let k = 500 + int(2000); k >= 0; k--) m[`extra${k}`] = k;
  if (chance(0.04)) m.nested = DEEP;
  if (chance(0.05) && m.capabilities) m.capabilities.size.width = { inner: { x: 1 } };
  if (chance(0.03)) m.$schema = './schema.json';
  return chance(0.02) ? pick([[], 'str', null, 42]) : m;
}

// "__proto__" too as an own key, as JSON.parse makes it.
const own = (o, key, value) =>
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
const DEEP = '\u0000deep';
const deep = (n) => (chance(0.5) ? '['.repeat(n) + ']'.repeat(n) : '{"d":'.repeat(n) + '1' + '}'.repeat(n));

/** The manifest's text, in one of many ways a person or a tool writes it, with its flaws. */
function write(m) {
  const indent = pick([0, 2, 2, 4, '\t']);
  // Nesting spliced in as text, as deep as JSON.parse takes it.
  let text = JSON.stringify(m, null, indent).replace('"\\u0000deep"', () => deep(1 + int(chance(0.3) ? 30_000 : 40)));
  if (chance(0.15)) text = text.replace(/"(id|name|entry)":/, (all) => all + ' "x",\n  ' + all); // a key written twice
  if (chance(0.05)) text = text.replace(/"defaults": ?\{/, (all) => all + '"k0": 1, "k0": 2, ');
  if (chance(0.1))
    text = text.replace(
      /"(version|weather-widget)"/,
      (_, s) =>
        '"' +
        [...s].map((c) => (chance(0.5) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('') +
        '"',
    );
  if (chance(0.03)) text = text.replace(/\n/, '\n// a comment\n');
  if (chance(0.03)) text = text.replace(/\}\s*$/, ',}');
  if (chance(0.03)) text = text.slice(0, int(text.length));
  if (chance(0.02)) text = text.replace(/"/, "'");
  // CRLF, lone CRs, or both mixed with LFs (each drawn only when the one before was not).
  const ending = chance(0.15) ? 'crlf' : chance(0.05) ? 'cr' : chance(0.05) ? 'mixed' : 'lf';
  if (ending === 'crlf') text = text.replace(/\n/g, '\r\n');
  else if (ending === 'cr') text = text.replace(/\n/g, '\r');
  else if (ending === 'mixed') text = text.replace(/\n/g, () => (chance(0.5) ? '\r' : '\n'));
  if (chance(0.05)) text = '\uFEFF' + text;
  if (chance(0.01)) text = pick(['', '   ', '\n']);
  let bytes = Buffer.from(text);
  if (chance(0.01)) bytes = Buffer.concat([bytes.subarray(0, 20), Buffer.from([0xff, 0xfe, 0x80]), bytes.subarray(20)]);
  if (chance(0.005)) bytes = Buffer.from('\uFEFF' + text, 'utf16le');
  return bytes;
}

const corpus = join(out, 'corpus');
rmSync(corpus, { recursive: true, force: true });
const folders = [];
for (let n = 0; n < COUNT; n++) {
  const dir = join(corpus, String(n).padStart(5, '0'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'manifest.json'), write(manifest()));
  if (chance(0.6)) {
    const extkit = { publisher: pick(['acme', 'acme', 'other', 'Bad Handle', 3]) };
    if (chance(0.1)) extkit.ignore = pick([['manifest.unknown_property'], ['nope'], 'all', ['json.duplicate_key']]);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'x', extkit }));
  }
  folders.push(dir);
}

let differences = 0;
for (let b = 0; b * BATCH < folders.length; b++) {
  const batch = folders.slice(b * BATCH, (b + 1) * BATCH);
  for (const format of ['text', 'json', 'sarif']) {
    const r = spawnSync(process.execPath, [cli, 'validate', ...batch, '--format', format], {
      cwd: out,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    const got = `exit ${r.status}\n${r.stderr}\n${r.stdout}`;
    // Gzipped: the JSON and SARIF reports carry each normalized manifest, gigabytes in all.
    const file = join(out, `${format}-${b}.txt.gz`);
    if (mode === 'record') writeFileSync(file, gzipSync(got));
    else if (!existsSync(file)) throw new Error(`no recording ${file}: record first`);
    else if (gunzipSync(readFileSync(file)).toString() !== got) {
      differences++;
      writeFileSync(file.replace(/\.gz$/, '.new'), got);
      console.error(`differs: ${format} of batch ${b} (${file}, and what came now beside it)`);
    }
  }
  process.stderr.write(`\r${Math.min((b + 1) * BATCH, folders.length)} of ${folders.length}`);
}
console.error(
  `\n${mode === 'record' ? 'recorded' : differences === 0 ? 'identical' : `${differences} differ`}: ${folders.length} manifests`,
);
process.exitCode = differences === 0 ? 0 : 1;

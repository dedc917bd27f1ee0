// Issue 2's figures: validation throughput beside the compiled structural check
// alone (no target since issue 11: a manifest takes microseconds either way), and `extkit validate --json` cold start beside
// `node -e 0` (target: median within 2.5x).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { structuralCheck, validateManifest } from '../packages/manifest/dist/index.js';
import { fmt, interleave, timeSpawn, verdict } from './lib.js';

const root = join(import.meta.dirname, '..');
const manifestFile = join(root, 'examples/weather-widget/manifest.json');
const typical = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
/** 50 config fields (half select, half number) with a default each: of the field's type, or written as a string. */
const withFields = (stringDefaults: boolean) => ({
  ...typical,
  config: {
    fields: Array.from({ length: 50 }, (_, i) =>
      i % 2
        ? { key: `f${i}`, label: `Field ${i}`, type: 'number', min: 0, max: 100 }
        : {
            key: `f${i}`,
            label: `Field ${i}`,
            type: 'select',
            options: [
              { value: 'a', label: 'A' },
              { value: 'b', label: 'B' },
            ],
          },
    ),
    defaults: Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`f${i}`, i % 2 ? (stringDefaults ? '50' : 50) : 'a']),
    ),
  },
});
// Through JSON, as every manifest the validator sees comes from JSON.parse.
const typed = JSON.parse(JSON.stringify(withFields(false))) as Record<string, unknown>;
const coerced = JSON.parse(JSON.stringify(withFields(true))) as Record<string, unknown>;
const cases = [
  ['typical manifest (examples/weather-widget)', typical],
  ['50 config fields, defaults of their types', typed],
  ['50 config fields, number defaults written as strings (coerced)', coerced],
] as const;

/** Milliseconds per call, timing a batch so that the timer's resolution does not matter. */
const perCall = (fn: () => void, batch: number) => () => {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < batch; i++) fn();
  return Number(process.hrtime.bigint() - t0) / 1e6 / batch;
};

const rows: string[] = [];
for (const [label, manifest] of cases) {
  const r = validateManifest(manifest, { publisher: 'acme' });
  if (!r.valid || r.warnings.length) throw new Error(`the benchmark's ${label} must be valid without warnings`);
}
for (const [label, manifest] of cases) {
  const m = await interleave(
    {
      structural: perCall(() => structuralCheck(manifest), 2000),
      full: perCall(() => validateManifest(manifest, { publisher: 'acme' }), 2000),
    },
    15,
    3,
  );
  const ratio = m.full! / m.structural!;
  rows.push(
    `| ${label} | ${fmt(m.full! * 1000)} µs (${Math.round(1000 / m.full!).toLocaleString('en')}/s) | ${fmt(m.structural! * 1000)} µs | ${ratio.toFixed(2)}x |`,
  );
}

const bin = join(root, 'packages/cli/bin/extkit.js');
// About 10 KB, valid: 50 fields and defaults, 20 origins, and a description that quotes a word before a
// colon, so that the duplicate-key check cannot rule repeats out by its count and reads the text's tokens
// (jsonc-parser loaded): the most a valid manifest pays.
const tenKb = mkdtempSync(join(tmpdir(), 'extkit-bench-validate-'));
const tenKbManifest = {
  ...typed,
  description: 'Shows "today": the forecast for a city.',
  capabilities: {
    ...(typical.capabilities as object),
    network: Array.from({ length: 20 }, (_, i) => `https://api${i}.weather.example:8443`),
  },
};
writeFileSync(join(tenKb, 'manifest.json'), JSON.stringify(tenKbManifest, null, 2));
const tenKbBytes = readFileSync(join(tenKb, 'manifest.json')).length;
if (!validateManifest(tenKbManifest, { publisher: 'acme' }).valid)
  throw new Error("the benchmark's 10 KB manifest must be valid");
const cold = await interleave(
  {
    node: () => timeSpawn(process.execPath, ['-e', '0']),
    validate: () => timeSpawn(process.execPath, [bin, 'validate', manifestFile, '--json']),
    validate10: () =>
      timeSpawn(process.execPath, [bin, 'validate', join(tenKb, 'manifest.json'), '--json', '--publisher', 'acme']),
  },
  25,
  3,
);
rmSync(tenKb, { recursive: true, force: true });
const coldRatio = cold.validate! / cold.node!;
const coldRatio10 = cold.validate10! / cold.node!;

process.stdout.write(`## Manifest validation (\`@extkit/manifest\`, \`extkit validate\`)

Throughput in-process: full validation (structural check, semantic rules and normalization) beside the
compiled structural check alone (ajv, compiled ahead of time from the same schema), median of 15 interleaved
batches of 2,000 calls. The first two manifests are clean; the third has number defaults written as strings,
which the rules coerce. No target: the throughput target was retired (issue 11) with the fast path that
chased it; a manifest takes microseconds either way and nobody waits on it. The scale figures are in
\`bench/validate-scale.bench.ts\`.

| Manifest | Full validation | Structural check alone | Ratio |
|---|---|---|---|
${rows.join('\n')}

Cold start, whole process, median of 25 interleaved runs:

| Command | Median | Ratio to \`node -e 0\` | Target | |
|---|---|---|---|---|
| \`node -e 0\` | ${fmt(cold.node!)} ms | 1.00x | | |
| \`extkit validate manifest.json --json\` (examples/weather-widget, ${(readFileSync(manifestFile).length / 1024).toFixed(1)} KB) | ${fmt(cold.validate!)} ms | ${coldRatio.toFixed(2)}x | ≤ 2.5x | ${verdict(coldRatio <= 2.5)} |
| \`extkit validate manifest.json --json\` (${(tenKbBytes / 1024).toFixed(1)} KB: 50 fields, 20 origins, the token walk) | ${fmt(cold.validate10!)} ms | ${coldRatio10.toFixed(2)}x | ≤ 2.5x | ${verdict(coldRatio10 <= 2.5)} |
`);

// Issue 11's scale figures: the manifest shapes that once took seconds or never finished
// (80,000 components, 600,000 props, 300,000 unknown defaults, thousands of unknown keys in the
// human output), at 1 MB and 10 MB, each beside JSON.parse of the same text in the same run.
// Target: within 3x. What is timed is what `extkit validate` does with the text: parse, validate,
// and find the line and column of every diagnostic (machine and human output carry them).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diagnosticPositions, validateManifestText } from '../packages/manifest/dist/index.js';
import { fmt, interleave, verdict } from './lib.js';

const base = { id: 'weather-widget', name: 'Weather', version: '1.0.0', entry: 'dist/index.js', hostAbi: 1 };
const component = (i: number) => `acme.weather-widget.c${i}`;

/** A manifest of about `bytes` bytes, its bulk made of `n` repeated parts of one shape. */
type Shape = { label: string; make: (n: number) => object };
const shapes: Shape[] = [
  { label: 'components (every one declared, a tenth repeated)', make: (n) => ({ ...base, contributes: { site: { components: Array.from({ length: n }, (_, i) => component(i % 10 === 9 ? i - 1 : i)) } } }) },
  { label: 'props (a tenth repeated)', make: (n) => ({ ...base, capabilities: { props: Array.from({ length: n }, (_, i) => `p${i % 10 === 9 ? i - 1 : i}`) }, contributes: { console: { shell: true } } }) },
  { label: 'unknown defaults (one warning each)', make: (n) => ({ ...base, contributes: { console: { shell: true } }, config: { fields: [{ key: 'k', label: 'K', type: 'string' }], defaults: Object.fromEntries(Array.from({ length: n }, (_, i) => [`d${i}`, i])) } }) },
  { label: 'unknown top-level keys (one warning each)', make: (n) => ({ ...base, contributes: { console: { shell: true } }, ...Object.fromEntries(Array.from({ length: n }, (_, i) => [`x${i}`, 1])) }) },
  { label: 'function bindings to components', make: (n) => ({ ...base, capabilities: { props: ['onPick'] }, contributes: { site: { components: Array.from({ length: n }, (_, i) => component(i)), functionBindings: Object.fromEntries(Array.from({ length: n }, (_, i) => [component(i), 'onPick'])) } } }) },
];

/** The text of a shape at about `bytes`, pretty-printed as people write manifest.json. */
function textOf(shape: Shape, bytes: number): { text: string; n: number } {
  const probe = JSON.stringify(shape.make(1000), null, 2).length - JSON.stringify(shape.make(0), null, 2).length;
  const n = Math.max(1, Math.round((bytes / probe) * 1000));
  return { text: JSON.stringify(shape.make(n), null, 2), n };
}

const timeOnce = (fn: () => void) => () => {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
};

/**
 * The first call of each side in a new process (JSON.parse first, then the validator, whose code
 * is not yet compiled): what one `extkit validate` of that text pays, reported beside the warm
 * figures, not in place of them.
 */
function cold(text: string): { parse: number; validate: number } {
  const dir = mkdtempSync(join(tmpdir(), 'extkit-scale-'));
  try {
    const file = join(dir, 'manifest.json');
    writeFileSync(file, text);
    const lib = new URL('../packages/manifest/dist/index.js', import.meta.url).href;
    const script = `import { readFileSync } from 'node:fs';
const { diagnosticPositions, validateManifestText } = await import(${JSON.stringify(lib)});
const text = readFileSync(process.argv[1], 'utf8');
const time = (fn) => { const t0 = process.hrtime.bigint(); fn(); return Number(process.hrtime.bigint() - t0) / 1e6; };
const parse = time(() => JSON.parse(text));
const validate = time(() => { const { report } = validateManifestText(text, { publisher: 'acme' }); diagnosticPositions(text, [...report.errors, ...report.warnings]); });
process.stdout.write(JSON.stringify({ parse, validate }));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, file], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`the cold run failed: ${r.stderr}`);
    return JSON.parse(r.stdout) as { parse: number; validate: number };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows: string[] = [];
for (const bytes of [1_000_000, 10_000_000]) {
  for (const shape of shapes) {
    const { text, n } = textOf(shape, bytes);
    let diagnostics = 0;
    // Both sides warm, in this process: 15 untimed rounds at 1 MB (V8 tiers the validator's code up
    // over its first calls: a 1 MB list of ids settles after about 12, JSON.parse, native, after
    // none); at 10 MB the 1 MB rounds of the same shape have compiled it already, and one untimed
    // round is for the larger heap. Medians of 25 and 5: a young-generation collection lands in
    // one round of four or so, on either side, and fewer rounds left the ratio to where it fell.
    const m = await interleave(
      {
        parse: timeOnce(() => JSON.parse(text)),
        validate: timeOnce(() => {
          const { report } = validateManifestText(text, { publisher: 'acme' });
          diagnostics = diagnosticPositions(text, [...report.errors, ...report.warnings]).length;
        }),
      },
      bytes > 1_000_000 ? 5 : 25,
      bytes > 1_000_000 ? 1 : 15,
    );
    const ratio = m.validate! / m.parse!;
    const first = bytes > 1_000_000 ? undefined : cold(text);
    const coldCell = first ? `${fmt(first.validate)} / ${fmt(first.parse)} ms = ${(first.validate / first.parse).toFixed(1)}x` : '';
    process.stderr.write(`  ${shape.label} at ${bytes / 1e6} MB: ${ratio.toFixed(2)}x${first ? `, cold ${(first.validate / first.parse).toFixed(1)}x` : ''}\n`);
    rows.push(`| ${shape.label} | ${(text.length / 1e6).toFixed(1)} MB, ${n.toLocaleString('en')} | ${diagnostics.toLocaleString('en')} | ${fmt(m.validate!)} ms | ${fmt(m.parse!)} ms | ${ratio.toFixed(2)}x | ≤ 3x | ${verdict(ratio <= 3)} | ${coldCell} |`);
  }
}

process.stdout.write(`## Manifest validation at scale (\`validateManifestText\` and positions)

The worst shapes issue 11 found, at about 1 MB and 10 MB of pretty-printed JSON: validation of the
text (parse, structural check, rules, normalization) plus the line and column of every diagnostic,
beside \`JSON.parse\` of the same text. Both sides are timed warm, in one process: at 1 MB the median
of 25 interleaved single runs after 15 untimed ones (V8 compiles the validator's code in tiers over its
first calls, and a 1 MB list of ids settles after about 12; JSON.parse is native), at 10 MB the median
of 5 after one untimed run (the 1 MB runs of the same shape have compiled the validator by then). "Cold" is the first call of each side in a new process, as
one \`extkit validate\` of that text would pay it: JSON.parse is native and has nothing to compile, the
validator's JavaScript is compiled while it runs, so the cold ratio is higher; it is reported, not targeted.

| Shape | Size, parts | Diagnostics | Validate and locate | JSON.parse | Ratio (warm) | Target | | Cold: validate / parse |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`);

// Issue 11's scale figures: the manifest shapes that once took seconds or never finished
// (80,000 components, 600,000 props, 300,000 unknown defaults, thousands of unknown keys in the
// human output), at 1 MB and 10 MB, each beside JSON.parse of the same text in the same run.
// Target: within 3x. What is timed is what `extkit validate` does with the text: parse, validate,
// and find the line and column of every diagnostic (machine and human output carry them).
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

const rows: string[] = [];
for (const bytes of [1_000_000, 10_000_000]) {
  for (const shape of shapes) {
    const { text, n } = textOf(shape, bytes);
    let diagnostics = 0;
    const m = await interleave(
      {
        parse: timeOnce(() => JSON.parse(text)),
        validate: timeOnce(() => {
          const { report } = validateManifestText(text, { publisher: 'acme' });
          diagnostics = diagnosticPositions(text, [...report.errors, ...report.warnings]).length;
        }),
      },
      bytes > 1_000_000 ? 1 : 7,
      bytes > 1_000_000 ? 0 : 1,
    );
    const ratio = m.validate! / m.parse!;
    process.stderr.write(`  ${shape.label} at ${bytes / 1e6} MB: ${ratio.toFixed(2)}x\n`);
    rows.push(`| ${shape.label} | ${(text.length / 1e6).toFixed(1)} MB, ${n.toLocaleString('en')} | ${diagnostics.toLocaleString('en')} | ${fmt(m.validate!)} ms | ${fmt(m.parse!)} ms | ${ratio.toFixed(2)}x | ≤ 3x | ${verdict(ratio <= 3)} |`);
  }
}

process.stdout.write(`## Manifest validation at scale (\`validateManifestText\` and positions)

The worst shapes issue 11 found, at about 1 MB and 10 MB of pretty-printed JSON: validation of the
text (parse, structural check, rules, normalization) plus the line and column of every diagnostic,
beside \`JSON.parse\` of the same text, median of 7 interleaved single runs after one warm-up at 1 MB, one run each at 10 MB
(a shape with a diagnostic per element takes tens of seconds there, and the whole bench has 15 minutes).

| Shape | Size, parts | Diagnostics | Validate and locate | JSON.parse | Ratio | Target | |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`);

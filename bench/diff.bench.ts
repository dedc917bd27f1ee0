// `extkit diff`'s library call on two large manifests beside its peer, JSON.parse of both texts
// (what any tool must do before it compares anything), median of interleaved runs. Two shapes:
// large lists with a few changes (the usual upgrade) and half of every list changed (the worst
// the output can be). No target: the ratio says what the diff costs beyond reading its inputs.
import { diffManifests } from '../packages/manifest/dist/diff/index.js';
import { fmt, interleave } from './lib.js';

const base = { id: 'weather-widget', name: 'Weather', version: '1.0.0', entry: 'dist/index.js', hostAbi: 1 };

/** A manifest with `n` origins, props, events, components, console routes and config fields, numbered from `from`. */
function manifest(n: number, from: number, version: string): object {
  const ids = Array.from({ length: n }, (_, i) => i + from);
  return {
    ...base,
    version,
    capabilities: {
      network: ids.map((i) => `https://h${i}.example.com`),
      props: ids.map((i) => `p${i}`),
      events: ids.map((i) => `e${i}`),
    },
    contributes: {
      site: { components: ids.map((i) => `acme.weather-widget.c${i}`) },
      console: { routes: ids.map((i) => `/r${i}`) },
    },
    config: {
      fields: ids.slice(0, 50).map((i) => ({ key: `f${i}`, label: `Field ${i}`, type: 'number', min: 0, max: i })),
    },
  };
}

const cases = [
  { label: '10,000 entries per list, 3 changed', n: 10_000, shift: 3 },
  { label: '10,000 entries per list, half changed', n: 10_000, shift: 5_000 },
  { label: '1,000 entries per list, half changed', n: 1_000, shift: 500 },
];

const rows: string[] = [];
for (const { label, n, shift } of cases) {
  const older = JSON.stringify(manifest(n, 0, '1.0.0'), null, 2);
  const newer = JSON.stringify(manifest(n, shift, '1.1.0'), null, 2);
  const a = JSON.parse(older) as unknown;
  const b = JSON.parse(newer) as unknown;
  let changes = 0;
  const m = await interleave(
    {
      parse: () => {
        const t0 = process.hrtime.bigint();
        JSON.parse(older);
        JSON.parse(newer);
        return Number(process.hrtime.bigint() - t0) / 1e6;
      },
      diff: () => {
        const t0 = process.hrtime.bigint();
        changes = diffManifests({ manifest: a }, { manifest: b }).changes.length;
        return Number(process.hrtime.bigint() - t0) / 1e6;
      },
    },
    15,
    3,
  );
  const mb = ((older.length + newer.length) / 1e6).toFixed(1);
  rows.push(
    `| ${label} (${mb} MB of JSON, ${changes.toLocaleString('en')} changes) | ${fmt(m.diff!)} ms | ${fmt(m.parse!)} ms | ${(m.diff! / m.parse!).toFixed(2)}x |`,
  );
}

process.stdout.write(`## Manifest diff (\`@extkit/manifest/diff\`, \`extkit diff\`)

\`diffManifests\` on two parsed manifests whose network, props, events, components and console routes
each hold the number of entries shown (plus 50 config fields), beside JSON.parse of both texts, median
of 15 interleaved runs. No target: the diff's cost beyond reading its inputs. Changed entries each
become a change object with pointers, a message and a reason, so the half-changed rows measure the
output as much as the comparison.

| Manifests | Diff | JSON.parse of both | Ratio |
|---|---|---|---|
${rows.join('\n')}
`);

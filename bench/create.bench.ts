// Issue 6's figure: `extkit create` without the install, whole process (spawn to
// exit: parse flags, copy and rewrite a template, write the types, rename into
// place), median, target under 300 ms, beside `node -e 0` in the same run,
// interleaved. Each round creates a new folder; the React template is the
// largest, the plain one the default.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, interleave, timeSpawn, verdict } from './lib.js';

const root = join(import.meta.dirname, '..');
const bin = join(root, 'packages/cli/bin/extkit.js');
const work = mkdtempSync(join(tmpdir(), 'extkit-create-bench-'));
let n = 0;
const createOnce = (template: string) => () =>
  timeSpawn(process.execPath, [
    bin,
    'create',
    join(work, `p${n++}`),
    '--template',
    template,
    '--publisher',
    'acme',
    '--json',
  ]);

try {
  const m = await interleave(
    {
      node: () => timeSpawn(process.execPath, ['-e', '0']),
      plain: createOnce('site-component'),
      react: createOnce('site-component-react'),
    },
    25,
    3,
  );
  const row = (label: string, ms: number): string =>
    `| ${label} | ${fmt(ms)} ms | ${(ms / m.node!).toFixed(2)}x | < 300 ms | ${verdict(ms < 300)} |`;
  process.stdout.write(`## Scaffolding (\`extkit create\`)

Whole process without the install (spawn to exit: flags, copy and rewrite the template, the schema copy,
\`src/manifest.d.ts\`, rename into place), each run into a new folder; median of 25 interleaved runs.

| Command | Median | Ratio to \`node -e 0\` | Target | |
|---|---|---|---|---|
| \`node -e 0\` | ${fmt(m.node!)} ms | 1.00x | | |
${row('`extkit create <dir> --template site-component --publisher acme --json`', m.plain!)}
${row('`extkit create <dir> --template site-component-react --publisher acme --json`', m.react!)}
`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

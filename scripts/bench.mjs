// `pnpm bench`: runs every bench/*.bench.ts in its own process (so heap and
// cold-start figures do not leak into each other) and rewrites BENCHMARKS.md
// with their sections, the machine and the date. Each benchmark prints one
// Markdown section on stdout and exits non-zero only when it could not run.
// `pnpm bench <name>` runs the benchmarks whose file name contains <name>.
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const filter = process.argv[2] ?? '';
const files = readdirSync(join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();

// The benchmarks import the packages' dist and run the built CLI: bring the build up to date
// first (incremental), so a stale build is never what gets measured.
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) {
  process.stderr.write('bench: the build failed; nothing was measured\n');
  process.exit(1);
}

const sections = [];
let failed = 0;
for (const file of files) {
  process.stderr.write(`bench: ${file}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', join('bench', file)], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 15 * 60_000,
  });
  if (r.status !== 0) {
    failed++;
    sections.push(`## ${file}\n\nDid not run (exit ${r.status}${r.signal ? `, ${r.signal}` : ''}).\n`);
  } else {
    sections.push(r.stdout.trim() + '\n');
  }
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const header = `# Benchmarks

Written by \`pnpm bench\`; do not edit by hand. These machines are shared and noisy, so every
figure is a median over repeated runs and is set beside a peer measured in the same run,
interleaved; the ratio is what the targets are stated in.

- Date: ${new Date().toISOString().slice(0, 10)}
- Machine: ${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}
- Node ${process.version}
`;
if (!filter) writeFileSync(join(root, 'BENCHMARKS.md'), [header, ...sections].join('\n'));
else process.stdout.write([header, ...sections].join('\n'));
process.exit(failed ? 1 : 0);

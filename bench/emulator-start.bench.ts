// @extkit/emulator beside Prism: `extkit emulate --memory` (demo seed) from spawn to its first
// answer, interleaved with `prism mock` on the emulator's own OpenAPI document; then a capture
// action, an export and an import of the demo state, in process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os, { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument, startEmulator } from '../packages/emulator/dist/index.js';
import { fmt, interleave, median, verdict } from './lib.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'extkit-emulator-start-'));

/** Prism from the npm registry, installed once into the user's cache (never a dependency of the kit). */
function prismBin(): string {
  const given = process.env.EXTKIT_PRISM;
  if (given) return given;
  const home = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'extkit-bench', 'prism');
  const bin = join(home, 'node_modules/.bin/prism');
  if (!existsSync(bin)) {
    mkdirSync(home, { recursive: true });
    const r = spawnSync(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefix', home, '@stoplight/prism-cli@5.16.0'],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    if (r.status !== 0) throw new Error('could not install @stoplight/prism-cli for the comparison');
  }
  return bin;
}

let nextPort = 18_700;
/** Spawn to the first HTTP answer of GET /v1/me (any status), polled every 10 ms; the process is stopped after. */
function firstAnswer(cmd: string, args: (port: number) => string[]): () => Promise<number> {
  return () =>
    new Promise((resolve, reject) => {
      const port = nextPort++;
      const t0 = performance.now();
      const child = spawn(cmd, args(port), { stdio: 'ignore', cwd: dir });
      let done = false;
      child.once('exit', (code) => {
        if (!done) reject(new Error(`${cmd} exited (${code}) before answering`));
      });
      const poll = (): void => {
        fetch(`http://127.0.0.1:${port}/v1/me`, { headers: { authorization: 'Bearer sk_bench' } }).then(
          async (res) => {
            await res.arrayBuffer();
            done = true;
            const ms = performance.now() - t0;
            child.once('exit', () => resolve(ms));
            child.kill('SIGINT');
          },
          () => setTimeout(poll, 10),
        );
      };
      poll();
    });
}

const spec = join(dir, 'openapi.json');
writeFileSync(spec, JSON.stringify(openApiDocument('http://127.0.0.1')));
const prism = prismBin();
const extkit = join(root, 'node_modules/.bin/extkit');
// One start first, so the cached seeded cluster exists (as it does from a user's second start on).
await startEmulator({ seed: 'demo' }).then((e) => e.close());

const starts = await interleave(
  {
    emulator: firstAnswer(extkit, (port) => ['emulate', '--memory', '--port', String(port)]),
    prism: firstAnswer(prism, (port) => ['mock', spec, '--port', String(port), '--host', '127.0.0.1']),
  },
  7,
  1,
);

// A capture, an export and an import of the demo state, in process.
const emu = await startEmulator({ seed: 'demo' });
const captures: number[] = [];
const exports: number[] = [];
const imports: number[] = [];
for (let i = 0; i < 9; i++) {
  let t0 = performance.now();
  await emu.actions.capture({
    siteId: 'site_0000001',
    formId: 'form_contact',
    fields: { email: `bench${i}@example.org` },
  });
  captures.push(performance.now() - t0);
  t0 = performance.now();
  await emu.exportState(join(dir, 'state'));
  exports.push(performance.now() - t0);
  t0 = performance.now();
  await emu.importState(join(dir, 'state'));
  imports.push(performance.now() - t0);
}
await emu.settled();
await emu.close();
rmSync(dir, { recursive: true, force: true });

const ratio = starts.emulator! / starts.prism!;
process.stdout.write(`## Emulator start beside Prism, and its actions and state (@extkit/emulator)

Start: from spawn to the first answer of \`GET /v1/me\` (polled every 10 ms), 7 runs interleaved after a warm-up: \`extkit emulate --memory\` (demo seed, from the cached seeded cluster) beside \`prism mock\` (@stoplight/prism-cli 5.16.0) on the emulator's own OpenAPI document (\`GET /v1/openapi.json\`).
Actions and state: in process on the demo state (about 650 objects), 9 runs each, medians.

| Measure | Value | Target | Verdict |
|---|---|---|---|
| \`prism mock <openapi.json>\`, spawn to first answer | ${fmt(starts.prism!)} ms | | |
| \`extkit emulate --memory\` (demo seed), spawn to first answer | ${fmt(starts.emulator!)} ms | at or under Prism | ${verdict(ratio <= 1)} |
| Ratio | ${ratio.toFixed(2)}x | 1.00x or less | ${verdict(ratio <= 1)} |
| Capture action (\`emu.actions.capture\`: submission, lead, events) | ${fmt(median(captures))} ms | | |
| Export of the demo state (\`emu.exportState\`) | ${fmt(median(exports))} ms | | |
| Import of the demo state (\`emu.importState\`) | ${fmt(median(imports))} ms | | |

Load average at the end: ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(', ')} (2 cores).
`);

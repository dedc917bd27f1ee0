// @extkit/emulator throughput: autocannon in a second process drives a bounded load (fixed
// connections, a fixed duration and a cap on the count of requests) at `GET /v1/contacts/{id}` on the
// embedded engine, on PostgreSQL, and on a bare node:http server answering the same JSON.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator, type Emulator } from '../packages/emulator/src/index.js';
import { postgresUnavailable, startPostgres } from '../test/helpers/postgres.js';
import { fmt } from './lib.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'extkit-emulator-load-'));
const connections = 10;
const amount = 4_000;
const durationS = 10;
/** The child's own deadline, past autocannon's duration: a hung run is killed, not waited for. */
const timeLimitS = 60;
/** Keys to rotate through: the per-key limit is 120 a minute, so the load spreads over enough keys never to meet it. */
const keyCount = Math.ceil(amount / 100);

interface Load {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Runs autocannon in a child process against `url`, each request with the next key of `keys`. */
function load(url: string, keys: string[]): Promise<Load> {
  const keysFile = join(dir, `keys-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(keysFile, JSON.stringify(keys));
  const script = `
    import autocannon from 'autocannon';
    import { readFileSync } from 'node:fs';
    const keys = JSON.parse(readFileSync(${JSON.stringify(keysFile)}, 'utf8'));
    let i = 0;
    const r = await autocannon({
      url: ${JSON.stringify(url)}, connections: ${connections}, duration: ${durationS}, maxOverallRequests: ${amount}, timeout: 10,
      requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: 'Bearer ' + keys[i++ % keys.length] } }) }],
    });
    process.stdout.write(JSON.stringify({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts }));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeLimitS * 1000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(JSON.parse(out) as Load);
      else reject(new Error(`autocannon exited ${code} (time limit ${timeLimitS} s)`));
    });
  });
}

async function keysOf(emu: Emulator): Promise<string[]> {
  return Promise.all(Array.from({ length: keyCount }, () => emu.createKey({ scopes: ['contacts:read'] })));
}

async function measureEmulator(options: { data?: string; database?: string }): Promise<{ load: Load; body: string }> {
  const emu = await startEmulator({ ...options, seed: 'demo' });
  try {
    const keys = await keysOf(emu);
    const url = `${emu.baseUrl}/contacts/ct_0000001`;
    const body = await (await fetch(url, { headers: { authorization: `Bearer ${emu.apiKey}` } })).text();
    return { load: await load(url, keys), body };
  } finally {
    await emu.close();
  }
}

const embedded = await measureEmulator({ data: join(dir, 'data') });
const bare = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(embedded.body);
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const bareLoad = await load(`http://127.0.0.1:${(bare.address() as AddressInfo).port}/v1/contacts/ct_0000001`, [
  'bare',
]);
bare.close();

const unavailable = postgresUnavailable();
let postgres: Load | null = null;
if (!unavailable) {
  const cluster = await startPostgres();
  try {
    postgres = (await measureEmulator({ database: await cluster.createDatabase('bench') })).load;
  } finally {
    await cluster.stop();
  }
}
rmSync(dir, { recursive: true, force: true });

const row = (name: string, l: Load): string =>
  `| ${name} | ${fmt(l.rps)} | ${fmt(l.p50)} ms | ${fmt(l.p99)} ms | ${l.non2xx + l.errors} | ${(l.rps / bareLoad.rps).toFixed(2)} |`;
process.stdout.write(`## Emulator throughput (@extkit/emulator)

autocannon in a second process, loopback, ${connections} connections, ${durationS} s or ${amount.toLocaleString('en')} requests of \`GET /v1/contacts/{id}\`, whichever comes first, keys rotated so the per-key limit is never met; beside a bare node:http server answering the same JSON in the same run.

| Server | Requests/s | p50 | p99 | Non-2xx or errors | Share of bare |
|---|---|---|---|---|---|
${row('bare node:http', bareLoad)}
${row('emulator, embedded (PGlite folder)', embedded.load)}
${postgres ? row('emulator, PostgreSQL', postgres) : `| emulator, PostgreSQL | not measured: ${unavailable} | | | | |`}
`);

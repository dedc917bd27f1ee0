// @extkit/emulator: per-request latency beside a bare node:http server answering the same
// JSON (interleaved), `extkit emulate` start to first answer on an existing data folder
// beside `node -e 0`, and heap growth listing 100,000 records page by page.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ServiceClient } from '../packages/client/src/index.js';
import { openPglite } from '../packages/emulator/src/engine/pglite.js';
import { startEmulator } from '../packages/emulator/src/index.js';
import { fmt, interleave, median, timeSpawn, verdict } from './lib.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
const dir = mkdtempSync(join(tmpdir(), 'extkit-emulator-bench-'));

// 1. Latency: the emulator (data folder) against a bare server answering the same bodies.
let emu = await startEmulator({ data: join(dir, 'data'), seed: 'demo' });
const client = new ServiceClient({ baseUrl: emu.baseUrl, apiKey: emu.apiKey });
const contact = JSON.stringify(await client.contacts.retrieve('ct_0000001'));
const record = JSON.stringify(await client.records.create('ds_0000001', { values: { title: 'bench' } }));
const bare = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    res.end(req.method === 'POST' ? record : contact);
  });
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const bareBase = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/v1`;
const N = 20;
const each = (call: (i: number) => Promise<unknown>) => async () => {
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await call(i);
  return (performance.now() - t0) / N;
};
const get = (base: string) =>
  each(() =>
    fetch(`${base}/contacts/ct_0000001`, { headers: { authorization: `Bearer ${emu.apiKey}` } }).then((r) => r.json()),
  );
let k = 0;
const post = (base: string) =>
  each(() =>
    fetch(`${base}/datasets/ds_0000001/records`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${emu.apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': `bench-${k++}`,
      },
      body: JSON.stringify({ values: { title: 'bench' } }),
    }).then((r) => r.json()),
  );
// The per-key rate limit would answer 429 after 120 requests a minute: each round moves the clock past the window.
const skip =
  <T>(f: () => Promise<T>) =>
  async () => {
    emu.clock.advance(60_000);
    return f();
  };
const lat = await interleave(
  {
    bareGet: get(bareBase),
    emuGet: skip(get(emu.baseUrl)),
    emuPost: skip(post(emu.baseUrl)),
    barePost: post(bareBase),
  },
  9,
  1,
);
bare.close();
await emu.close();

// 2. 100,000 records written in one statement, then listed page by page through the client.
const db = await openPglite(join(dir, 'data'));
await db.query(
  `insert into objects (org, kind, parent, id, body, created, updated)
   select 'org_default', 'record', 'ds_0000001', lpad(to_hex(1000000 + n), 10, '0'),
          jsonb_build_object('id', lpad(to_hex(1000000 + n), 10, '0'), 'object', 'record', 'values', jsonb_build_object('title', 'row ' || n), 'created', '2025-01-01T00:00:00.000Z', 'updated', '2025-01-01T00:00:00.000Z'), 0, 0
   from generate_series(1, 100000) as n`,
);
await db.close();

// 3. Start to first answer of the real command on the existing folder, beside node -e 0.
const startToAnswer = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(
      join(root, 'node_modules/.bin/extkit'),
      ['emulate', '--data', join(dir, 'data'), '--port', '0', '--json'],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    createInterface({ input: child.stdout }).once('line', (line) => {
      const { baseUrl, apiKey } = JSON.parse(line) as { baseUrl: string; apiKey: string };
      void fetch(`${baseUrl}/me`, { headers: { authorization: `Bearer ${apiKey}` } }).then(() => {
        const ms = performance.now() - t0;
        child.once('exit', () => resolve(ms));
        child.kill('SIGINT');
      }, reject);
    });
  });
const starts: number[] = [];
const nodes: number[] = [];
for (let i = 0; i < 5; i++) {
  starts.push(await startToAnswer());
  nodes.push(timeSpawn(process.execPath, ['-e', '0']));
}

emu = await startEmulator({ data: join(dir, 'data') });
const lister = new ServiceClient({ baseUrl: emu.baseUrl, apiKey: emu.apiKey });
gc();
const before = process.memoryUsage().heapUsed;
let peak = 0;
let count = 0;
const t0 = performance.now();
for await (const _ of lister.records.list('ds_0000001', { limit: 100 })) {
  if (++count % 100 === 0) emu.clock.advance(60_000);
  if (count % 10_000 === 0) {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed - before);
  }
}
const listMs = performance.now() - t0;
await emu.close();
rmSync(dir, { recursive: true, force: true });
const growthMb = peak / 2 ** 20;
const getRatio = lat.emuGet! / lat.bareGet!;
const postRatio = lat.emuPost! / lat.barePost!;
const start = median(starts);

process.stdout.write(`## Emulator (@extkit/emulator)

Embedded engine (PGlite in a data folder). Latency: ${N} sequential requests per round, 9 rounds interleaved (bare node:http server answering the same JSON, the emulator); medians per request.
Start: \`extkit emulate --data <existing folder>\` from spawn to the first answer of \`GET /v1/me\`, 5 runs, beside \`node -e 0\`. Listing: the client pages 100,000 records 100 at a time, heap sampled after a full GC every 10,000.

| Measure | Value | Target | Verdict |
|---|---|---|---|
| \`GET /v1/contacts/{id}\`, bare server | ${fmt(lat.bareGet!)} ms | | |
| \`GET /v1/contacts/{id}\`, emulator | ${fmt(lat.emuGet!)} ms | | |
| Ratio, GET | ${getRatio.toFixed(2)}x | within 3x | ${verdict(getRatio <= 3)} |
| Keyed \`POST /v1/datasets/{id}/records\`, bare server | ${fmt(lat.barePost!)} ms | | |
| Keyed \`POST /v1/datasets/{id}/records\`, emulator | ${fmt(lat.emuPost!)} ms | | |
| Ratio, keyed POST | ${postRatio.toFixed(2)}x | within 3x | ${verdict(postRatio <= 3)} |
| \`extkit emulate\` start to first answer (existing folder) | ${fmt(start)} ms | < 1,500 ms | ${verdict(start < 1500)} |
| \`node -e 0\` | ${fmt(median(nodes))} ms | | |
| Listing ${count.toLocaleString('en')} records (${fmt(listMs)} ms), heap growth | ${growthMb.toFixed(2)} MB | < 20 MB | ${verdict(growthMb < 20)} |
`);

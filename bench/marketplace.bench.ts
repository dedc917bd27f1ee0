// The marketplace (@extkit/emulator): a publish round trip (upload, re-hash, re-validate,
// bundle scan, store) beside a plain upload of the same bytes to a bare node:http server
// that only reads and parses them, interleaved; and the buyer's listing-versions read
// beside a bare server answering the same JSON.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../packages/bundler/src/index.js';
import { localPublisherKey, readUpload } from '../packages/emulator/src/marketplace/client/index.js';
import { startEmulator } from '../packages/emulator/src/index.js';
import { fmt, interleave, verdict } from './lib.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'extkit-market-bench-'));
const ROUNDS = 9;
const WARMUP = 2;

// One artifact per version that will be published new (each round publishes one).
const ext = join(dir, 'ext');
cpSync(join(root, 'test/fixtures/build-basic'), ext, { recursive: true });
const uploads: string[] = [];
let dryUpload = '';
for (let i = 0; i < ROUNDS + WARMUP + 1; i++) {
  const manifest = JSON.parse(readFileSync(join(ext, 'manifest.json'), 'utf8')) as { version: string };
  manifest.version = `1.0.${i}`;
  writeFileSync(join(ext, 'manifest.json'), JSON.stringify(manifest));
  const r = await build(ext);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  uploads.push(JSON.stringify(await readUpload(r.artifact!.dir)));
}

// The dry run's upload: a version above every one the rounds publish, so it is new each time.
{
  const manifest = JSON.parse(readFileSync(join(ext, 'manifest.json'), 'utf8')) as { version: string };
  manifest.version = '9.9.9';
  writeFileSync(join(ext, 'manifest.json'), JSON.stringify(manifest));
  const r = await build(ext);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  dryUpload = JSON.stringify({ ...(await readUpload(r.artifact!.dir)), dryRun: true });
}

const emu = await startEmulator();
const got = await localPublisherKey(emu.origin, 'acme');
if (!got.ok) throw new Error('no publisher key');
const headers = { 'content-type': 'application/json', authorization: `Bearer ${got.key}` };
const first = await fetch(`${emu.origin}/api/marketplace/versions`, { method: 'POST', headers, body: uploads[0] });
if (first.status !== 201) throw new Error(`publish answered ${first.status}: ${await first.text()}`);
for (const action of ['review', 'approve'])
  await fetch(`${emu.origin}/__emulator/marketplace/listings/acme.order-map/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
const versionsJson = await (
  await fetch(`${emu.origin}/api/marketplace/listing-versions?listing=acme.order-map`)
).text();

const bare = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.method === 'POST') JSON.parse(Buffer.concat(chunks).toString('utf8'));
    res
      .writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' })
      .end(req.method === 'POST' ? '{"created":true}' : versionsJson);
  });
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const bareOrigin = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;

const timed = (f: () => Promise<Response>, want: number) => async () => {
  const t0 = performance.now();
  const res = await f();
  await res.arrayBuffer();
  if (res.status !== want) throw new Error(`answered ${res.status}, wanted ${want}`);
  return performance.now() - t0;
};
let next = 1;
const post = (origin: string, body: () => string, want: number) =>
  timed(() => fetch(`${origin}/api/marketplace/versions`, { method: 'POST', headers, body: body() }), want);
const N = 20;
const reads = (origin: string) => async () => {
  const t0 = performance.now();
  for (let i = 0; i < N; i++)
    await (await fetch(`${origin}/api/marketplace/listing-versions?listing=acme.order-map`)).text();
  return (performance.now() - t0) / N;
};
const t = await interleave(
  {
    bareUpload: post(bareOrigin, () => uploads[0]!, 201),
    publishNew: post(emu.origin, () => uploads[next++]!, 201),
    publishSame: post(emu.origin, () => uploads[0]!, 200),
    dryRun: post(emu.origin, () => dryUpload, 200),
    bareRead: reads(bareOrigin),
    emuRead: reads(emu.origin),
  },
  ROUNDS,
  WARMUP,
);
bare.close();
await emu.close();
rmSync(dir, { recursive: true, force: true });

const size = Buffer.byteLength(uploads[0]!);
const readRatio = t.emuRead! / t.bareRead!;
process.stdout.write(`## Marketplace (@extkit/emulator)

An artifact of the build fixture (${(size / 1024).toFixed(1)} KiB of upload JSON) published to an in-memory emulator, ${ROUNDS} rounds interleaved after ${WARMUP} warm-up rounds, medians.
A dry run (\`extkit publish --dry-run\`) sends the same upload with \`"dryRun": true\`: the same checks and the same plan, in a transaction rolled back, beside a publish of a new version.
The peer of a publish is a plain upload of the same bytes to a bare node:http server that reads and parses them; the publish adds writing the files to a private folder, re-hashing them, re-validating the manifest, the bundle scan in a worker and the transaction.
Listing-versions: ${N} sequential reads per round beside a bare server answering the same JSON.

| Measure | Value | Target | Verdict |
|---|---|---|---|
| Plain upload of the same bytes, bare server | ${fmt(t.bareUpload!)} ms | | |
| Publish a new version (201) | ${fmt(t.publishNew!)} ms | < 1,000 ms | ${verdict(t.publishNew! < 1000)} |
| Publish the same bytes again (200, every check re-run) | ${fmt(t.publishSame!)} ms | | |
| \`publish --dry-run\`'s request: every check, nothing stored (200) | ${fmt(t.dryRun!)} ms | | |
| Ratio, dry run / publish of a new version | ${(t.dryRun! / t.publishNew!).toFixed(2)}x | within 1.2x | ${verdict(t.dryRun! / t.publishNew! <= 1.2)} |
| Ratio, new version / plain upload | ${(t.publishNew! / t.bareUpload!).toFixed(1)}x | | |
| \`GET /api/marketplace/listing-versions\`, bare server | ${fmt(t.bareRead!)} ms | | |
| \`GET /api/marketplace/listing-versions\`, emulator | ${fmt(t.emuRead!)} ms | | |
| Ratio, listing-versions | ${readRatio.toFixed(2)}x | within 5x | ${verdict(readRatio <= 5)} |
`);

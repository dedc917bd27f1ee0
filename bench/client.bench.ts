// @extkit/client: per-request overhead against plain fetch on the same local
// server (interleaved), heap growth while auto-paginating 100,000 items, and the
// browser entry's size (minified + gzipped) with a tree-shaking figure.
import { createRequire } from 'node:module';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ServiceClient } from '../packages/client/src/index.js';
import { fmt, interleave, verdict } from './lib.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const entry = join(root, 'packages/client/src/index.ts');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const contact = JSON.stringify({
  id: 'c1',
  object: 'contact',
  email: 'ada@example.com',
  name: 'Ada',
  tags: ['vip'],
  created: '2025-01-01T00:00:00Z',
});
const item = (page: number, i: number) => ({
  id: `rec_${page}_${i}`,
  object: 'record',
  values: { city: 'Oslo', n: i },
  created: '2025-01-01T00:00:00Z',
  updated: '2025-01-01T00:00:00Z',
});
const headers = {
  'content-type': 'application/json',
  'RateLimit-Limit': '120',
  'RateLimit-Remaining': '119',
  'RateLimit-Reset': '30',
};

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  req.resume();
  req.on('end', () => {
    if (url.pathname.endsWith('/records')) {
      const n = Number(url.searchParams.get('cursor') ?? 0);
      const last = n >= 999;
      res.writeHead(200, headers);
      res.end(
        JSON.stringify({
          object: 'list',
          data: Array.from({ length: 100 }, (_, i) => item(n, i)),
          next_cursor: last ? null : String(n + 1),
          has_more: !last,
        }),
      );
      return;
    }
    res.writeHead(200, headers);
    res.end(contact);
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
const apiKey = 'sk_bench';
const client = new ServiceClient({ apiKey, baseUrl: base });

// 1. Per-request overhead: the same GET, awaited one after another, both sides parsing
// the JSON. Rounds run A B B A so that neither side always goes first.
const N = 25;
const ROUNDS = 61;
const timed = (call: () => Promise<unknown>) => async () => {
  const t0 = performance.now();
  for (let i = 0; i < N; i++) await call();
  return (performance.now() - t0) / N;
};
const plainFetch = timed(async () => {
  const r = await fetch(`${base}/contacts/c1`, {
    headers: { accept: 'application/json', authorization: `Bearer ${apiKey}` },
  });
  return r.json();
});
// What any time limit costs in Node's fetch: the client needs an AbortSignal per attempt.
const fetchWithSignal = timed(async () => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 30_000);
  const r = await fetch(`${base}/contacts/c1`, {
    headers: { accept: 'application/json', authorization: `Bearer ${apiKey}` },
    signal: controller.signal,
  });
  const body: unknown = await r.json();
  clearTimeout(timer);
  return body;
});
const viaClient = timed(() => client.contacts.retrieve('c1'));
const runs = await interleave(
  {
    fetchA: plainFetch,
    signalA: fetchWithSignal,
    clientA: viaClient,
    clientB: viaClient,
    signalB: fetchWithSignal,
    fetchB: plainFetch,
  },
  ROUNDS,
);
const perRequest = {
  fetch: (runs.fetchA! + runs.fetchB!) / 2,
  signal: (runs.signalA! + runs.signalB!) / 2,
  client: (runs.clientA! + runs.clientB!) / 2,
};
const ratio = perRequest.client / perRequest.fetch;

// 2. Heap while iterating 1,000 pages of 100 items: sampled after a full GC every 100 pages.
gc();
const before = process.memoryUsage().heapUsed;
let peak = -Infinity;
let count = 0;
const t0 = performance.now();
for await (const _ of client.records.list('ds1', { limit: 100 })) {
  if (++count % 10_000 === 0) {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed - before);
  }
}
const iterMs = performance.now() - t0;
server.close();
if (count !== 100_000) throw new Error(`iterated ${count} items, expected 100000`);
const growthMb = peak / 2 ** 20;

// 3. Size of the browser entry and of two apps, minified and gzipped.
const esbuild = createRequire(join(root, 'packages/bundler/package.json'))('esbuild') as typeof import('esbuild');
async function gzipped(contents: string): Promise<number> {
  const out = await esbuild.build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
  });
  return gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length;
}
const spec = JSON.stringify(entry);
const wholeEntry = await gzipped(`export * from ${spec};`);
const oneResource = await gzipped(
  `import { ServiceCore, Contacts } from ${spec};\nexport const run = () => new Contacts(new ServiceCore({ apiKey: 'k', baseUrl: 'https://api.example.com/v1' })).list();`,
);
const wholeClient = await gzipped(
  `import { ServiceClient } from ${spec};\nexport const run = () => new ServiceClient({ apiKey: 'k', baseUrl: 'https://api.example.com/v1' }).contacts.list();`,
);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

process.stdout.write(`## Client (@extkit/client)

Against one local node:http server on 127.0.0.1: ${N} sequential GETs per round, ${ROUNDS} rounds interleaved A B C C B A (plain \`fetch\`, fetch with a signal, the client; median per request);
auto-pagination of 1,000 pages x 100 items, heap sampled after a full GC every 100 pages; sizes by esbuild (browser, ESM, minified) and gzip -9.

| Measure | Value | Target | Verdict |
|---|---|---|---|
| Per request, plain fetch + JSON.parse | ${fmt(perRequest.fetch)} ms | | |
| Per request, plain fetch with an AbortSignal and timer (the cost of any time limit) | ${fmt(perRequest.signal)} ms | | |
| Per request, \`client.contacts.retrieve\` | ${fmt(perRequest.client)} ms | | |
| Overhead, client / fetch | ${ratio.toFixed(2)}x | <= 1.15x | ${verdict(ratio <= 1.15)} |
| Overhead, client / fetch with an AbortSignal | ${(perRequest.client / perRequest.signal).toFixed(2)}x | reported | |
| Heap growth iterating 100,000 items over 1,000 pages (${fmt(iterMs)} ms) | ${growthMb.toFixed(2)} MB | < 10 MB | ${verdict(growthMb < 10)} |
| Browser entry, everything exported (min+gzip) | ${kb(wholeEntry)} | reported | |
| App using \`ServiceClient\` (min+gzip) | ${kb(wholeClient)} | reported | |
| App using one resource: \`new Contacts(new ServiceCore(...))\` (min+gzip) | ${kb(oneResource)} | smaller than the whole client | ${verdict(oneResource < wholeClient)} |
`);

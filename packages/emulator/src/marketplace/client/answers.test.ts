// A marketplace's answer is held to a time, a size and its own origin, whoever sends it
// (a remote or plain-http marketplace, or someone between it and us): what
// `extkit dev --installed` meets from a hostile one, on 127.0.0.1.
import { mkdtempSync, readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchInstalled } from './installed.js';
import { MAX_ANSWER_BYTES } from './http.js';

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.closeAllConnections();
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function cache(): { root: string; cache: string } {
  const root = mkdtempSync(join(tmpdir(), 'extkit-answers-'));
  return { root, cache: join(root, 'installed') };
}

describe("a hostile marketplace's answers", () => {
  it('never answering: dev --installed gives up at the time limit and writes nothing', async () => {
    const marketplace = await serve(() => {});
    const { root, cache: dir } = cache();
    const started = Date.now();
    const r = await fetchInstalled('acme.card', { marketplace, key: 'k', cache: dir, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(r.errors.map((e) => e.code)).toEqual(['marketplace.timeout']);
    expect(r.errors[0]?.message).toMatch(/within 300 ms/);
    expect(readdirSync(root)).toEqual([]);
  });

  it('answering its headers, then a byte at a time: the limit covers the body too', async () => {
    const marketplace = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
      const drip = setInterval(() => res.write(' '), 50);
      res.on('close', () => clearInterval(drip));
    });
    const { cache: dir } = cache();
    const r = await fetchInstalled('acme.card', { marketplace, key: 'k', cache: dir, timeoutMs: 400 });
    expect(r.errors.map((e) => e.code)).toEqual(['marketplace.timeout']);
  });

  it('answering without end: it stops reading past the size limit, declared or streamed', async () => {
    const streamed = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1 << 20, 0x20);
      let sent = 0;
      const more = (): void => {
        while (sent <= MAX_ANSWER_BYTES * 4) {
          sent += chunk.byteLength;
          if (!res.write(chunk)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    });
    const declared = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(MAX_ANSWER_BYTES * 40) });
      res.write('{');
    });
    for (const marketplace of [streamed, declared]) {
      const r = await fetchInstalled('acme.card', { marketplace, key: 'k', cache: cache().cache });
      expect(r.errors.map((e) => e.code)).toEqual(['marketplace.answer_too_large']);
    }
  });

  it('redirecting to another origin: never followed, so neither the key nor the request reaches it', async () => {
    const seen: Array<string | undefined> = [];
    const other = await serve((req, res) => {
      seen.push(req.headers.authorization);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ data: [] }));
    });
    const marketplace = await serve((_req, res) => {
      res.writeHead(307, { location: `${other.replace('127.0.0.1', 'localhost')}/api/marketplace/installs` });
      res.end();
    });
    const r = await fetchInstalled('acme.card', { marketplace, key: 'sk_secret', cache: cache().cache });
    expect(r.errors.map((e) => e.code)).toEqual(['marketplace.redirect']);
    expect(r.errors[0]?.message).toContain(other.replace('127.0.0.1', 'localhost'));
    expect(r.errors[0]?.message).not.toContain('sk_secret');
    expect(seen).toEqual([]);
  });

  it('never puts the API key into an error: one a header cannot carry is refused unsent, and an echo is redacted', async () => {
    const seen: string[] = [];
    const echo = await serve((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { code: 'unauthorized', message: `Unknown key ${String(req.headers.authorization)}` },
        }),
      );
    });
    const broken = await fetchInstalled('acme.card', {
      marketplace: echo,
      key: 'sk_live_SECRET0123456789\r\nX',
      cache: cache().cache,
    });
    expect(broken.errors.map((e) => e.code)).toEqual(['marketplace.key_unusable']);
    expect(broken.errors[0]?.message).toMatch(/a line break \(U\+000D\) at position 25 of 27/);
    expect(JSON.stringify(broken)).not.toMatch(/SECRET/);
    expect(seen).toEqual([]);
    const echoed = await fetchInstalled('acme.card', {
      marketplace: echo,
      key: 'sk_live_SECRET0123456789',
      cache: cache().cache,
    });
    expect(echoed.errors.map((e) => e.code)).toEqual(['unauthorized']);
    expect(echoed.errors[0]?.message).toBe('Unknown key Bearer [redacted]');
  });
});

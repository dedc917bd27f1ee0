// @vitest-environment jsdom
// render(id, { api }): the extension's calls to the production URL go to the test's API,
// by the routing contract (@extkit/runtime/routing); the sandbox still holds them to
// capabilities.network; the test's own requests go out as in plain vitest. And msw's
// handlers answer through the same interception layer, after the sandbox's verdict.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { getRegistry, registerComponent } from '@extkit/runtime';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestingError, render } from './index.js';
import { beacon, call, source } from './__fixtures__/api-card/call.js';
import { apiError, deleted, paginate, platformHttp, rateLimited } from './msw/index.js';

const DIR = join(import.meta.dirname, '__fixtures__/api-card');
const MANIFEST = join(DIR, 'manifest.json');
const CARD = 'acme.api-card.card';
let server: Server;
let base: string;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url} ${String(req.headers['x-trace'] ?? '')}`.trim());
    if (req.url?.endsWith('/stream')) {
      res.setHeader('content-type', 'text/event-stream');
      return void res.end('data: routed\n\n');
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ path: req.url }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  getRegistry().registrations.length = 0;
  registerComponent(CARD, () => undefined);
  seen.length = 0;
});

describe('render(id, { api })', () => {
  it("routes the extension's production URL to the test's API, path, query, method and body kept", async () => {
    const view = render(CARD, { manifest: MANIFEST, api: { baseUrl: base } });
    const res = await call('https://api.example.com/v1/sites/s_1/orders?limit=5', {
      method: 'POST',
      headers: { 'x-trace': 'ext' },
      body: '{}',
    });
    expect(await res.json()).toEqual({ path: '/v1/sites/s_1/orders?limit=5' });
    expect(seen).toEqual(['POST /v1/sites/s_1/orders?limit=5 ext']);
    expect(view.blocked).toEqual([]);
  });

  it("holds the extension to capabilities.network: the test API's own URL is not declared, so it is refused", async () => {
    const view = render(CARD, { manifest: MANIFEST, api: base });
    await expect(call(`${base}/sites`)).rejects.toThrow(/refused by the sandbox's Content-Security-Policy/);
    expect(view.blocked.map((b) => b.origin)).toEqual([new URL(base).origin]);
    expect(seen).toEqual([]);
  });

  it("lets the test's own fetch through while a view is mounted, as in plain vitest", async () => {
    const view = render(CARD, { manifest: MANIFEST, api: base, strict: true });
    const res = await fetch(`${base}/contacts`, { headers: { 'x-trace': 'test' } });
    expect(await res.json()).toEqual({ path: '/v1/contacts' });
    expect(seen).toEqual(['GET /v1/contacts test']);
    expect(view.blocked).toEqual([]);
  });

  it('routes EventSource and sendBeacon the same way', async () => {
    const view = render(CARD, { manifest: MANIFEST, api: base });
    const stream = source('https://api.example.com/v1/events/stream');
    const got = await new Promise((resolve) => (stream.onmessage = (e: MessageEvent) => resolve(e.data)));
    stream.close();
    expect(got).toBe('routed');
    expect(beacon('https://api.example.com/v1/usage', 'x')).toBe(true);
    await vi.waitFor(() => expect(seen).toEqual(['GET /v1/events/stream', 'POST /v1/usage']));
    expect(view.blocked).toEqual([]);
  });

  it('names the URL it was routed to when the API does not answer', async () => {
    render(CARD, { manifest: MANIFEST, api: 'http://127.0.0.1:9/v1' });
    await expect(call('https://api.example.com/v1/contacts')).rejects.toThrow(
      /Failed to fetch https:\/\/api\.example\.com\/v1\/contacts: render\(id, \{ api \}\) routes it to http:\/\/127\.0\.0\.1:9\/v1\/contacts, which did not answer/,
    );
  });

  it('refuses an api with no declared API base, or one that is no base URL, before mounting', () => {
    const card = join(import.meta.dirname, '__fixtures__/card/manifest.json');
    registerComponent('acme.demo-card.card', () => undefined);
    expect(() => render('acme.demo-card.card', { manifest: card, api: base })).toThrow(
      expect.objectContaining({
        code: 'testing.api_undeclared',
        message: expect.stringContaining('"extkit": { "api"'),
      }),
    );
    expect(() => render(CARD, { manifest: MANIFEST, api: { baseUrl: 'ftp://x' } })).toThrow(TestingError);
    expect(() => render(CARD, { manifest: MANIFEST, api: { baseUrl: 'ftp://x' } })).toThrow(
      expect.objectContaining({ code: 'testing.api_invalid' }),
    );
  });
});

describe('msw handlers through the same layer', () => {
  const asked: string[] = [];
  const platform = platformHttp('https://api.example.com/v1');
  const msw = setupServer(
    platform.on('contacts.list', ({ request }) => paginate([{ id: 'c_1' }, { id: 'c_2' }, { id: 'c_3' }], request)),
    platform.on('contacts.delete', ({ params }) => deleted(String(params['contactId']), 'contact')),
    platform.on('contacts.create', () => rateLimited(3)),
    http.get('https://evil.example.net/steal', () => (asked.push('evil'), HttpResponse.json({ stolen: true }))),
  );
  beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => msw.close());

  it("answer the extension's calls to the declared origin with the documented envelopes", async () => {
    render(CARD, { manifest: MANIFEST });
    const first = (await (await call('https://api.example.com/v1/contacts?limit=2')).json()) as Record<string, unknown>;
    expect(first).toEqual({ object: 'list', data: [{ id: 'c_1' }, { id: 'c_2' }], next_cursor: '2', has_more: true });
    const last = await (await call('https://api.example.com/v1/contacts?limit=2&cursor=2')).json();
    expect(last).toEqual({ object: 'list', data: [{ id: 'c_3' }], next_cursor: null, has_more: false });
    const gone = await call('https://api.example.com/v1/contacts/c_9', { method: 'DELETE' });
    expect(await gone.json()).toEqual({ id: 'c_9', object: 'contact', deleted: true });
    const limited = await call('https://api.example.com/v1/contacts', { method: 'POST', body: '{}' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(await limited.json()).toEqual({ error: { type: 'rate_limited', message: 'Rate limit exceeded' } });
  });

  it('never answer a request the sandbox refuses: its verdict comes first', async () => {
    const view = render(CARD, { manifest: MANIFEST });
    await expect(call('https://evil.example.net/steal')).rejects.toThrow(/connect-src/);
    expect(asked).toEqual([]);
    expect(view.blocked.map((b) => b.origin)).toEqual(['https://evil.example.net']);
  });

  it('name an operation the platform does not have', () => {
    expect(() => platform.on('contacts.upsert', () => apiError(500, 'internal_error', 'x'))).toThrow(
      /no such operation\. contacts has: contacts\.list, contacts\.retrieve/,
    );
  });
});

describe('one interception layer', () => {
  it('msw and the harness share one @mswjs/interceptors, below 0.42 (which needs Node 22)', () => {
    // The package's folder from its entry (its exports map has no ./package.json).
    const manifestOf = (from: string): { version: string } => {
      const entry = createRequire(from).resolve('@mswjs/interceptors');
      const folder = entry.slice(0, entry.lastIndexOf('/@mswjs/interceptors/') + '/@mswjs/interceptors'.length);
      return JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string };
    };
    const ours = manifestOf(join(import.meta.dirname, 'intercept.ts'));
    const theirs = manifestOf(createRequire(join(import.meta.dirname, 'intercept.ts')).resolve('msw'));
    expect(theirs.version).toBe(ours.version);
    expect(ours.version).toMatch(/^0\.41\./);
  });
});

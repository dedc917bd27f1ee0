import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clientFor, fail, page, script, startServer, type TestServer } from '../__fixtures__/server.js';
import { ServiceClient } from '../client.js';
import {
  ConflictError,
  InternalServerError,
  RateLimitedError,
  ServiceConnectionError,
  ServiceTimeoutError,
} from './errors.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const contact = { id: 'c1', object: 'contact', email: 'a@example.com' };
const keysSent = (s: TestServer) => s.requests.map((r) => r.headers['idempotency-key']);

describe('idempotency keys', () => {
  it('generates one 128-bit key per call and sends the same key on every retry after a 500', async () => {
    server = await startServer(
      script(fail(500, 'internal_error', 'boom'), fail(500, 'internal_error', 'boom'), { status: 201, body: contact }),
    );
    const created = await clientFor(server).contacts.create({ email: 'a@example.com' });
    expect(created).toEqual(contact);
    const keys = keysSent(server);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it('uses a fresh key for each call and the caller’s key when given', async () => {
    server = await startServer(() => ({ status: 201, body: contact }));
    const client = clientFor(server);
    await client.contacts.create({ email: 'a@example.com' });
    await client.contacts.create({ email: 'a@example.com' });
    await client.contacts.create({ email: 'a@example.com' }, { idempotencyKey: 'order-42-contact' });
    const keys = keysSent(server);
    expect(keys[0]).not.toBe(keys[1]);
    expect(keys[2]).toBe('order-42-contact');
  });

  it('returns a replayed answer (200, original body) like a fresh one', async () => {
    server = await startServer(
      script(
        { status: 201, body: { id: 'r1', object: 'record', values: { a: 1 } } },
        { status: 200, body: { id: 'r1', object: 'record', values: { a: 1 } } },
      ),
    );
    const client = clientFor(server);
    const first = await client.records.create('ds', { values: { a: 1 } }, { idempotencyKey: 'k1' });
    const replay = await client.records.create('ds', { values: { a: 1 } }, { idempotencyKey: 'k1' });
    expect(replay).toEqual(first);
  });

  it('returns a delete receipt replayed after the object is gone', async () => {
    const receipt = { id: 'd1', object: 'deal', deleted: true };
    server = await startServer(script(fail(500, 'internal_error', 'lost answer'), { status: 200, body: receipt }));
    await expect(clientFor(server).deals.delete('d1')).resolves.toEqual(receipt);
    expect(server.requests.map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
    expect(new Set(keysSent(server)).size).toBe(1);
  });

  it('sends no key on PATCH, and retries a PATCH after a 500 (the same body lands the same state)', async () => {
    server = await startServer(script(fail(500, 'internal_error', 'boom'), { body: contact }));
    await clientFor(server).contacts.update('c1', { name: 'A' });
    expect(server.requests).toHaveLength(2);
    expect(server.requests.every((r) => r.headers['idempotency-key'] === undefined)).toBe(true);
  });

  it('retries 409 idempotency_in_progress on a keyed call, with the same key', async () => {
    server = await startServer(
      script(fail(409, 'conflict', 'in flight', { code: 'idempotency_in_progress' }), {
        status: 201,
        body: { id: 't1', object: 'task' },
      }),
    );
    await clientFor(server).tasks.create({ title: 't', consentSiteId: 's' });
    expect(server.requests).toHaveLength(2);
    expect(new Set(keysSent(server)).size).toBe(1);
  });
});

describe('retries', () => {
  it('waits out Retry-After on a 429, then succeeds', async () => {
    server = await startServer(
      script(fail(429, 'rate_limited', 'slow down', { headers: { 'Retry-After': '1' } }), { body: contact }),
    );
    const t0 = Date.now();
    await clientFor(server).contacts.retrieve('c1');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });

  it('retries a 429 without Retry-After with backoff, then throws RateLimitedError with the headers after maxRetries', async () => {
    server = await startServer(() => fail(429, 'rate_limited', 'slow down'));
    const error = await clientFor(server, { maxRetries: 3 })
      .contacts.retrieve('c1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({
      status: 429,
      type: 'rate_limited',
      rateLimit: { limit: 120, remaining: 119, reset: 42, resetAt: 1767225600 },
    });
    expect(server.requests).toHaveLength(4);
  });

  it('throws at once when Retry-After is longer than the client will wait (site creation: 10 per hour)', async () => {
    server = await startServer(() =>
      fail(429, 'rate_limited', 'too many sites', { headers: { 'Retry-After': '3600' } }),
    );
    const error = await clientFor(server)
      .sites.create({ displayName: 'A', subdomain: 'a-site' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'RateLimitedError', retryAfter: 3600 });
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 429 on publish, a POST without a key, because nothing was done', async () => {
    const result = { object: 'publish', site: 's1', published: true, reason: null, pages: 3, pagesDropped: 0 };
    server = await startServer(
      script(fail(429, 'rate_limited', 'budget', { headers: { 'Retry-After': '0' } }), { body: result }),
    );
    await expect(clientFor(server).sites.publish('s1')).resolves.toEqual(result);
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a 500 on a POST that takes no key', async () => {
    server = await startServer(() => fail(500, 'internal_error', 'boom'));
    await expect(clientFor(server).sites.publish('s1')).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers['idempotency-key']).toBeUndefined();
  });

  it('gives up on a 500 after maxRetries (default 2: three attempts)', async () => {
    server = await startServer(() => fail(500, 'internal_error', 'boom'));
    await expect(clientFor(server).datasets.list()).rejects.toMatchObject({ status: 500, type: 'internal_error' });
    expect(server.requests).toHaveLength(3);
  });

  it('honours maxRetries: 0 per client and per call', async () => {
    server = await startServer(() => fail(500, 'internal_error', 'boom'));
    await expect(clientFor(server, { maxRetries: 0 }).datasets.list()).rejects.toBeInstanceOf(InternalServerError);
    await expect(clientFor(server).datasets.retrieve('d', { maxRetries: 0 })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(server.requests).toHaveLength(2);
  });

  it.each([
    [400, 'bad_request', 'validation_failed'],
    [401, 'unauthorized', undefined],
    [403, 'plan_required', 'crm'],
    [403, 'insufficient_scope', 'crm:write'],
    [403, 'forbidden', 'video_uploads_paused'],
    [404, 'not_found', undefined],
    [405, 'method_not_allowed', undefined],
    [409, 'conflict', 'contact_exists'],
    [413, 'payload_too_large', undefined],
    [415, 'unsupported_media_type', 'type_mismatch'],
    [451, 'unavailable_for_legal_reasons', undefined],
  ])('never retries %i %s', async (status, type, code) => {
    server = await startServer(() => fail(status, type, 'no', code ? { code } : {}));
    await expect(clientFor(server).contacts.create({ email: 'a@example.com' })).rejects.toMatchObject({ status, type });
    expect(server.requests).toHaveLength(1);
  });

  it('does not retry other 409s even on keyed calls', async () => {
    server = await startServer(() => fail(409, 'conflict', 'has records', { code: 'dataset_not_empty' }));
    await expect(clientFor(server).datasets.delete('d1')).rejects.toBeInstanceOf(ConflictError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('time limits and network failures', () => {
  it('gives up on a hanging server after timeoutMs, retrying a GET', async () => {
    server = await startServer(() => ({ hang: true }));
    const t0 = Date.now();
    const error = await clientFor(server, { timeoutMs: 150, maxRetries: 1 })
      .contacts.retrieve('c1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceTimeoutError);
    expect(error).toMatchObject({ type: 'timeout', status: null });
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - t0).toBeLessThan(5_000);
  });

  it('times out a keyed POST and retries it with the same key', async () => {
    server = await startServer(script({ hang: true }, { status: 201, body: contact }));
    await clientFor(server, { timeoutMs: 150 }).contacts.create({ email: 'a@example.com' });
    expect(server.requests).toHaveLength(2);
    expect(new Set(keysSent(server)).size).toBe(1);
  });

  it('does not retry a timed-out POST that takes no key (it may have reached the server)', async () => {
    server = await startServer(() => ({ hang: true }));
    await expect(clientFor(server, { timeoutMs: 100 }).sites.publish('s1')).rejects.toBeInstanceOf(ServiceTimeoutError);
    expect(server.requests).toHaveLength(1);
  });

  it('a per-call timeoutMs overrides the client’s', async () => {
    server = await startServer(() => ({ hang: true }));
    const t0 = Date.now();
    await expect(clientFor(server).me.retrieve({ timeoutMs: 100, maxRetries: 0 })).rejects.toBeInstanceOf(
      ServiceTimeoutError,
    );
    expect(Date.now() - t0).toBeLessThan(2_000);
  });

  it('retries a dropped connection on a GET, then succeeds', async () => {
    server = await startServer(script({ destroy: true }, { body: page([], null, false) }));
    await expect(clientFor(server).sites.list()).resolves.toMatchObject({ has_more: false });
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry a dropped connection on a POST that takes no key', async () => {
    server = await startServer(() => ({ destroy: true }));
    await expect(clientFor(server).sites.publish('s1')).rejects.toBeInstanceOf(ServiceConnectionError);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a refused connection even for a POST without a key (nothing was sent), then gives up', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((r) => closed.close(() => r()));
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const client = new ServiceClient({
      apiKey: 'k',
      baseUrl: `http://127.0.0.1:${port}/v1`,
      fetch: counting,
      backoff: { initialDelayMs: 1 },
    });
    const error = await client.sites.publish('s1').catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ServiceConnectionError', type: 'connection_error', code: 'ECONNREFUSED' });
    expect(calls).toBe(3);
  });

  it('stops when the caller aborts, retries included', async () => {
    server = await startServer(() => ({ hang: true }));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(clientFor(server).contacts.retrieve('c1', {}, { signal: controller.signal })).rejects.toMatchObject({
      code: 'aborted',
    });
    expect(server.requests).toHaveLength(1);
  });
});

// Per-call response metadata (`.withResponse()`), request and response hooks, and extra headers.
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY, clientFor, fail, page, startServer, type TestServer } from '../__fixtures__/server.js';
import { ApiPromise } from './api-promise.js';
import type { RequestEvent, ResponseEvent } from './hooks.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const contact = { id: 'c1', object: 'contact', email: 'a@x.com' };

describe('withResponse()', () => {
  it('tells a 201 create from a 200 replay of the same key', async () => {
    const seen = new Set<string>();
    server = await startServer((req) => {
      const key = String(req.headers['idempotency-key']);
      const replay = seen.has(key);
      seen.add(key);
      return { status: replay ? 200 : 201, body: contact };
    });
    const client = clientFor(server);
    const first = await client.contacts.create({ email: 'a@x.com' }, { idempotencyKey: 'k-1' }).withResponse();
    const again = await client.contacts.create({ email: 'a@x.com' }, { idempotencyKey: 'k-1' }).withResponse();
    expect(first).toMatchObject({ data: contact, response: { status: 201, idempotencyKey: 'k-1', attempts: 1 } });
    expect(again.response.status).toBe(200);
    expect(again.data).toEqual(first.data);
  });

  it("gives each of several concurrent calls its own answer's rate-limit figures", async () => {
    // Later calls answer first, one at a time: the server holds every answer until all four calls are in, then answers
    // call 4, and each next one only once the call before it has resolved (timers raced under load).
    const release = new Map<number, () => void>();
    let allIn!: () => void;
    const allArrived = new Promise<void>((r) => (allIn = r));
    server = await startServer(async (req) => {
      const n = Number(req.path.split('/').pop());
      await new Promise<void>((r) => {
        release.set(n, r);
        if (release.size === 4) allIn();
      });
      return {
        body: contact,
        headers: { 'RateLimit-Remaining': String(100 - n), 'X-RateLimit-Remaining': String(100 - n) },
      };
    });
    const client = clientFor(server);
    const calls = [1, 2, 3, 4].map((n) =>
      client.contacts
        .retrieve(String(n))
        .withResponse()
        .then((a) => (release.get(n - 1)?.(), a)),
    );
    await allArrived;
    release.get(4)!();
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.response.rateLimit?.remaining)).toEqual([99, 98, 97, 96]);
    expect(client.lastRateLimit?.remaining).toBe(99); // the racy one: whichever answered last
  });

  it('reads the same single request whether awaited, withResponse()d, or both', async () => {
    server = await startServer(() => ({ body: contact, headers: { 'X-Request-Id': 'req_1' } }));
    const call = clientFor(server).contacts.retrieve('c1');
    const [data, { response }] = await Promise.all([call, call.withResponse()]);
    expect(data).toEqual(contact);
    expect(response.headers.get('x-request-id')).toBe('req_1');
    expect(response.rateLimit).toEqual({ limit: 120, remaining: 119, reset: 42, resetAt: 1767225600 });
    expect(server.requests).toHaveLength(1);
  });

  it('counts the attempts a call took, with the key it kept', async () => {
    server = await startServer((_req, i) =>
      i < 2 ? fail(500, 'internal_error', 'boom') : { status: 201, body: contact },
    );
    const { response } = await clientFor(server).contacts.create({ email: 'a@x.com' }).withResponse();
    expect(response).toMatchObject({ status: 201, attempts: 3 });
    expect(new Set(server.requests.map((r) => r.headers['idempotency-key']))).toEqual(
      new Set([response.idempotencyKey]),
    );
  });

  it("rejects with the call's error, local checks included", async () => {
    server = await startServer(() => fail(404, 'not_found', 'No such contact'));
    const client = clientFor(server);
    await expect(client.contacts.retrieve('c9').withResponse()).rejects.toMatchObject({ name: 'NotFoundError' });
    await expect(client.contacts.create({ email: 'a@x.com', name: '' }).withResponse()).rejects.toMatchObject({
      name: 'LocalCheckError',
    });
  });

  it('gives the first page of a list with its answer', async () => {
    server = await startServer(() => ({ body: page([contact], null, false), headers: { 'RateLimit-Remaining': '5' } }));
    const { data, response } = await clientFor(server).contacts.list().withResponse();
    expect(data.data).toEqual([contact]);
    expect(response).toMatchObject({ status: 200, idempotencyKey: null });
    expect(response.rateLimit?.remaining).toBe(5);
  });
});

describe('ApiPromise', () => {
  it('is a Promise: instanceof, Promise.resolve, then/catch/finally giving plain promises, async functions', async () => {
    server = await startServer(() => ({ body: contact }));
    const call = clientFor(server).contacts.retrieve('c1');
    expect(call).toBeInstanceOf(Promise);
    expect(call).toBeInstanceOf(ApiPromise);
    expect(Object.prototype.toString.call(call)).toBe('[object ApiPromise]');
    const chained = call.then((c) => c.id);
    expect(chained).toBeInstanceOf(Promise);
    expect(chained).not.toBeInstanceOf(ApiPromise);
    expect(await chained).toBe('c1');
    expect(await Promise.resolve(call)).toEqual(contact);
    expect(await (async () => call)()).toEqual(contact);
    expect(await call.finally(() => {})).toEqual(contact);
    expect((await call.withResponse()).response.status).toBe(200);
    expect(server.requests).toHaveLength(1);
  });

  it('rejects through catch and await alike', async () => {
    server = await startServer(() => fail(404, 'not_found', 'No such contact'));
    const call = clientFor(server).contacts.retrieve('c9');
    expect(await call.catch((e: Error) => e.name)).toBe('NotFoundError');
    await expect(call).rejects.toMatchObject({ name: 'NotFoundError' });
  });
});

describe('hooks', () => {
  it('see every attempt, retries included, with status, timing and whether another follows', async () => {
    server = await startServer((_req, i) => (i === 0 ? fail(503, 'internal_error', 'busy') : { body: contact }));
    const log: string[] = [];
    const client = clientFor(server, {
      onRequest: (e) => void log.push(`> ${e.method} ${new URL(e.url).pathname} #${e.attempt}`),
      onResponse: (e) =>
        void log.push(`< ${e.status} #${e.attempt} ${e.error?.name ?? 'ok'} retry=${e.willRetry} ${e.durationMs >= 0}`),
    });
    await client.contacts.retrieve('c1');
    expect(log).toEqual([
      '> GET /v1/contacts/c1 #1',
      '< 503 #1 InternalServerError retry=true true',
      '> GET /v1/contacts/c1 #2',
      '< 200 #2 ok retry=false true',
    ]);
  });

  it('report an attempt that got no answer with a null status', async () => {
    server = await startServer(() => ({ hang: true }));
    const events: ResponseEvent[] = [];
    const client = clientFor(server, { timeoutMs: 50, maxRetries: 0, onResponse: (e) => void events.push(e) });
    await expect(client.contacts.retrieve('c1')).rejects.toMatchObject({ name: 'ServiceTimeoutError' });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      status: null,
      headers: null,
      rateLimit: null,
      willRetry: false,
      error: { name: 'ServiceTimeoutError' },
    });
  });

  it('never hold the API key, unless a hook asks for the request headers', async () => {
    server = await startServer(() => ({ body: contact }));
    const events: (RequestEvent | ResponseEvent)[] = [];
    const client = clientFor(server, { onRequest: (e) => void events.push(e), onResponse: (e) => void events.push(e) });
    await client.contacts.create({ email: 'a@x.com' });
    expect(events).toHaveLength(2);
    for (const e of events) {
      expect(JSON.stringify(e)).not.toContain(API_KEY);
      expect(inspect(e, { depth: 10, showHidden: true })).not.toContain(API_KEY);
      expect(Object.values(e).filter((v) => typeof v === 'string' && v.includes(API_KEY))).toEqual([]);
    }
    expect(events[0]!.requestHeaders().get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(events[0]!.requestHeaders().get('idempotency-key')).toBe(events[0]!.idempotencyKey);
  });

  it('are awaited, and a hook that throws fails the call without retrying or sending', async () => {
    server = await startServer(() => ({ body: contact }));
    let done = false;
    const slow = clientFor(server, {
      onRequest: () => new Promise<void>((r) => setTimeout(() => ((done = true), r()), 30)),
    });
    await slow.contacts.retrieve('c1');
    expect(done).toBe(true);
    const broken = clientFor(server, {
      onRequest: () => {
        throw new Error('tracer down');
      },
    });
    await expect(broken.contacts.retrieve('c1')).rejects.toThrow('tracer down');
    expect(server.requests).toHaveLength(1);
  });
});

describe('extra headers', () => {
  it('are sent per client and per call, the call winning', async () => {
    server = await startServer(() => ({ body: contact }));
    const client = clientFor(server, { headers: { 'X-Tenant': 'acme', 'X-Trace': 'client' } });
    await client.contacts.retrieve('c1', {}, { headers: { 'x-trace': 'call-1' } });
    await client.contacts.retrieve('c1');
    expect(server.requests.map((r) => [r.headers['x-tenant'], r.headers['x-trace']])).toEqual([
      ['acme', 'call-1'],
      ['acme', 'client'],
    ]);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('may not replace the API key or the idempotency key', async () => {
    server = await startServer(() => ({ body: contact }));
    const client = clientFor(server);
    await expect(client.contacts.retrieve('c1', {}, { headers: { Authorization: 'Bearer other' } })).rejects.toThrow(
      /authorization cannot be set/,
    );
    await expect(client.contacts.delete('c1', { headers: { 'Idempotency-Key': 'x' } })).rejects.toThrow(
      /pass \{ idempotencyKey \}/,
    );
    expect(() => clientFor(server!, { headers: { authorization: 'Bearer other' } })).toThrow(TypeError);
    expect(server.requests).toHaveLength(0);
  });
});

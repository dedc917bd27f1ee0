// Faults on purpose, as a test or the preview's API panel sets them: over the admin
// surface and from code, answered before every rule of the API.
import { RateLimitedError, ServiceClient } from '@extkit/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FaultError, startEmulator, type Emulator } from '../index.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
}, 120_000);
afterAll(() => emu?.close());
afterEach(() => void emu.faults.clear());

const api = (path: string, init: RequestInit & { key?: string } = {}): Promise<Response> =>
  fetch(emu.baseUrl + path, {
    ...init,
    headers: { authorization: `Bearer ${init.key ?? emu.apiKey}`, 'content-type': 'application/json', ...init.headers },
  });
const admin = (path: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${emu.adminUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const siteId = async (): Promise<string> =>
  ((await (await api('/sites')).json()) as { data: { id: string }[] }).data[0]!.id;

describe('faults over the admin surface', () => {
  it('answers the next `times` matching requests as told, before authentication, then lets them through', async () => {
    const made = await admin('/faults', 'POST', { method: 'get', path: '/v1/contacts', status: 429, times: 2 });
    expect(made.status).toBe(201);
    const fault = (await made.json()) as { id: string; method: string; remaining: number };
    expect(fault).toMatchObject({ object: 'fault', method: 'GET', path: '/v1/contacts', status: 429, remaining: 2 });
    const first = await api('/contacts', { key: 'sk_not_a_key' });
    expect([first.status, first.headers.get('retry-after'), await first.json()]).toEqual([
      429,
      '1',
      { error: { type: 'rate_limited', message: `Injected by the emulator's fault ${fault.id}` } },
    ]);
    expect((await api('/contacts', { method: 'POST', body: JSON.stringify({ email: 'f1@example.com' }) })).status).toBe(
      201,
    );
    expect((await api('/contacts')).status).toBe(429);
    expect((await api('/contacts')).status).toBe(200);
    expect(await (await admin('/faults')).json()).toEqual({ object: 'list', data: [] });
    const logged = emu.requests.filter((r) => r.path === '/v1/contacts' && r.method === 'GET');
    expect(logged.map((r) => [r.status, r.fault ?? null, r.operation])).toEqual([
      [429, fault.id, 'contacts.list'],
      [429, fault.id, 'contacts.list'],
      [200, null, 'contacts.list'],
    ]);
  });

  it('matches `*` as exactly one segment', async () => {
    const site = await siteId();
    await admin('/faults', 'POST', { path: '/v1/sites/*/orders', status: 503, times: 5 });
    expect((await api(`/sites/${site}/orders/o_nope`)).status).toBe(404);
    expect((await api('/sites')).status).toBe(200);
    const hit = await api(`/sites/${site}/orders`);
    expect([hit.status, ((await hit.json()) as { error: { type: string } }).error.type]).toEqual([
      503,
      'internal_error',
    ]);
  });

  it('sends the error envelope of 000 §7 for the status by default, or the body and headers asked for', async () => {
    await admin('/faults', 'POST', { path: '/v1/me' });
    const plain = await api('/me');
    expect([plain.status, ((await plain.json()) as { error: { type: string } }).error.type]).toEqual([
      500,
      'internal_error',
    ]);
    await admin('/faults', 'POST', { path: '/v1/me', status: 403 });
    const plan = (await (await api('/me')).json()) as { error: Record<string, unknown> };
    expect(plan.error.type).toBe('plan_required');
    expect(plan.error.code).toBeUndefined();
    const body = { error: { type: 'plan_required', code: 'crm', message: 'No CRM' } };
    await admin('/faults', 'POST', { path: '/v1/me', status: 403, body, headers: { 'X-Trace': 'abc' }, retryAfter: 7 });
    const custom = await api('/me');
    expect([custom.headers.get('x-trace'), custom.headers.get('retry-after'), await custom.json()]).toEqual([
      'abc',
      '7',
      body,
    ]);
  });

  it('delays the real answer, or the fault, by delayMs', async () => {
    await admin('/faults', 'POST', { path: '/v1/me', delayMs: 300 });
    let started = performance.now();
    const slow = await api('/me');
    expect(slow.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(emu.requests.at(-1)).toMatchObject({ path: '/v1/me', status: 200, fault: expect.stringMatching(/^fault_/) });
    await admin('/faults', 'POST', { path: '/v1/me', delayMs: 200, status: 500 });
    started = performance.now();
    expect((await api('/me')).status).toBe(500);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('drops the connection when asked, and the next request is answered', async () => {
    await admin('/faults', 'POST', { path: '/v1/me', reset: true });
    const dropped = await api('/me').then(
      (r) => r.status,
      (e: unknown) => (e as Error).name,
    );
    expect(dropped).toBe('TypeError');
    expect((await api('/me')).status).toBe(200);
    expect(emu.requests.filter((r) => r.path === '/v1/me').at(-2)).toMatchObject({ status: 0 });
  });

  it('answers exactly `times` of many requests at once', async () => {
    await admin('/faults', 'POST', { path: '/v1/me', status: 500, times: 3 });
    const statuses = await Promise.all(Array.from({ length: 10 }, async () => (await api('/me')).status));
    expect(statuses.filter((s) => s === 500)).toHaveLength(3);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
  });

  it('lists faults, clears one or all', async () => {
    const a = (await (await admin('/faults', 'POST', { path: '/v1/me', times: 4 })).json()) as { id: string };
    const b = (await (await admin('/faults', 'POST', { path: '/v1/usage' })).json()) as { id: string };
    expect(((await (await admin('/faults')).json()) as { data: { id: string }[] }).data.map((f) => f.id)).toEqual([
      a.id,
      b.id,
    ]);
    expect((await admin(`/faults/${a.id}`, 'DELETE')).status).toBe(200);
    expect((await admin(`/faults/${a.id}`, 'DELETE')).status).toBe(404);
    expect((await api('/me')).status).toBe(200);
    expect(await (await admin('/faults', 'DELETE')).json()).toEqual({ deleted: 1 });
    expect((await api('/usage')).status).toBe(200);
  });

  it('refuses a bad fault with 400 validation_failed naming the field, and holds nothing', async () => {
    const bad: [unknown, string][] = [
      [{}, 'path'],
      [{ path: 'v1/me' }, 'path'],
      [{ path: '/v1/con*' }, 'path'],
      [{ path: '/v1/me?x=1' }, 'path'],
      [{ path: '/__emulator/faults' }, 'path'],
      [{ path: '/v1/me', method: 'TRACE' }, 'method'],
      [{ path: '/v1/me', status: 99 }, 'status'],
      [{ path: '/v1/me', status: 500.5 }, 'status'],
      [{ path: '/v1/me', status: 418 }, 'body'],
      [{ path: '/v1/me', status: 200 }, 'body'],
      [{ path: '/v1/me', reset: true, status: 500 }, 'reset'],
      [{ path: '/v1/me', reset: false }, 'reset'],
      [{ path: '/v1/me', times: 0 }, 'times'],
      [{ path: '/v1/me', times: '2' }, 'times'],
      [{ path: '/v1/me', delayMs: -1 }, 'delayMs'],
      [{ path: '/v1/me', delayMs: 600_001 }, 'delayMs'],
      [{ path: '/v1/me', retryAfter: 'soon' }, 'retryAfter'],
      [{ path: '/v1/me', delayMs: 10, headers: { a: 'b' } }, 'status'],
      [{ path: '/v1/me', headers: ['x'] }, 'headers'],
      [{ path: '/v1/me', headers: { 'bad name': 'x' } }, 'headers.bad name'],
      [{ path: '/v1/me', headers: { 'x-a': 'a\r\nset-cookie: b' } }, 'headers.x-a'],
      [{ path: '/v1/me', headers: { 'Content-Length': '1' } }, 'headers.Content-Length'],
      [{ path: '/v1/me', colour: 'red' }, 'colour'],
    ];
    for (const [body, field] of bad) {
      const res = await admin('/faults', 'POST', body);
      const answer = (await res.json()) as { error: { type: string; code: string; fields: Record<string, string> } };
      expect([
        JSON.stringify(body),
        res.status,
        answer.error.type,
        answer.error.code,
        Object.keys(answer.error.fields),
      ]).toEqual([JSON.stringify(body), 400, 'bad_request', 'validation_failed', [field]]);
    }
    const notJson = await admin('/faults', 'POST', undefined, { 'content-type': 'text/plain' });
    expect(notJson.status).toBe(400);
    expect(emu.faults.list()).toEqual([]);
  });

  it('is loopback-only like the rest of the admin surface: a foreign origin adds nothing', async () => {
    for (const origin of ['null', 'http://localhost:5173', 'https://example.com']) {
      const res = await admin('/faults', 'POST', { path: '/v1/me' }, { origin });
      expect([origin, res.status]).toEqual([origin, 403]);
    }
    expect(emu.faults.list()).toEqual([]);
    expect((await api('/me')).status).toBe(200);
  });

  it("lets a frame read the fault's answer (CORS), and never faults a preflight", async () => {
    await admin('/faults', 'POST', { path: '/v1/me', status: 429, retryAfter: 3 });
    const pre = await fetch(`${emu.baseUrl}/me`, {
      method: 'OPTIONS',
      headers: { origin: 'null', 'access-control-request-method': 'GET' },
    });
    expect(pre.status).toBe(204);
    const res = await api('/me', { headers: { origin: 'null' } });
    expect([res.status, res.headers.get('access-control-allow-origin'), res.headers.get('retry-after')]).toEqual([
      429,
      'null',
      '3',
    ]);
  });
});

describe('faults from code', () => {
  it('emu.faults.add holds a fault the client meets, and refuses a bad one naming the field', async () => {
    const fault = emu.faults.add({ path: '/v1/sites', status: 429, retryAfter: 2 });
    expect(fault).toMatchObject({
      id: expect.stringMatching(/^fault_/),
      remaining: 1,
      headers: { 'Retry-After': '2' },
    });
    const client = new ServiceClient({ baseUrl: emu.baseUrl, apiKey: emu.apiKey, maxRetries: 0 });
    const refused = await client.sites.list().then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((await client.sites.list()).object).toBe('list');
    const thrown = (() => {
      try {
        emu.faults.add({ path: '/v1/sites', times: -1 });
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(FaultError);
    expect((thrown as FaultError).field).toBe('times');
  });

  it('holds at most 1,000 at once', () => {
    for (let i = 0; i < 1_000; i += 1) emu.faults.add({ path: `/v1/none/${i}` });
    expect(() => emu.faults.add({ path: '/v1/me' })).toThrow(/1000 faults are held already/);
    expect(emu.faults.clear()).toBe(1_000);
  });

  it('are cleared by reset', async () => {
    emu.faults.add({ path: '/v1/me', times: 10 });
    await emu.reset();
    expect(emu.faults.list()).toEqual([]);
    expect((await api('/me')).status).toBe(200);
  });
});

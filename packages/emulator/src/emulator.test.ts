// The conventions of document 000 and its resources, through @extkit/client and raw
// HTTP, against one in-memory emulator shared by the file.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operations } from '@extkit/api';
import {
  BadRequestError,
  ConflictError,
  InsufficientScopeError,
  NotFoundError,
  PlanRequiredError,
  ServiceClient,
} from '@extkit/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from './__fixtures__/refusal.js';
import { openPglite } from './engine/pglite.js';
import { startEmulator, type Emulator } from './index.js';
import { handlers } from './resources/index.js';

let emu: Emulator;
let client: ServiceClient;
const raw = (path: string, init: RequestInit & { key?: string | null } = {}): Promise<Response> => {
  const { key = emu.apiKey, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (key) headers.set('authorization', `Bearer ${key}`);
  if (rest.body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return fetch(emu.baseUrl + path, { ...rest, headers });
};
const clientWith = (apiKey: string): ServiceClient =>
  new ServiceClient({ baseUrl: emu.baseUrl, apiKey, maxRetries: 0 });

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  client = clientWith(emu.apiKey);
}, 120_000);
afterAll(() => emu?.close());

describe('routes', () => {
  it('route the 69 operations of the catalog, each once, and nothing else', () => {
    const open = ['openapi.retrieve', 'marketplace.listingVersions', 'webhooks.inbound'];
    expect([...Object.keys(handlers), ...open].sort()).toEqual(operations.map((o) => o.id).sort());
    expect(operations).toHaveLength(69);
  });

  it('serve an OpenAPI 3.1 document of the 69 operations, without a key', async () => {
    const doc = (await client.openapi.retrieve()) as {
      openapi: string;
      jsonSchemaDialect: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.jsonSchemaDialect).toBe('https://json-schema.org/draft/2020-12/schema');
    const ids = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(ids.sort()).toEqual(operations.map((o) => o.id).sort());
  });
});

describe('authentication, scopes, plans and metering', () => {
  it('answers 401 for a missing or unknown key, with the 60-request headers', async () => {
    const missing = await raw('/datasets', { key: null });
    expect(missing.status).toBe(401);
    expect((await missing.json()).error.type).toBe('unauthorized');
    expect(missing.headers.get('ratelimit-limit')).toBe('60');
    expect((await raw('/datasets', { key: 'sk_nope' })).status).toBe(401);
  });

  it('answers 403 insufficient_scope naming the scope, after metering the request', async () => {
    const key = await emu.createKey({ scopes: ['datasets:read'] });
    const limited = clientWith(key);
    const before = (await limited.usage.retrieve()).apiRequests.used;
    const refused = (await Promise.resolve(limited.sites.list()).catch((e: unknown) => e)) as InsufficientScopeError;
    expect(refused).toBeInstanceOf(InsufficientScopeError);
    expect(refused.code).toBe('sites:read');
    expect((await limited.usage.retrieve()).apiRequests.used).toBe(before + 2);
  });

  it('checks the CRM scope before the method, and gives 405 with Allow otherwise', async () => {
    const key = await emu.createKey({ scopes: ['crm:read'] });
    const patch = await raw('/activities/a1', { method: 'PATCH', key, body: '{}' });
    expect(patch.status).toBe(403);
    expect((await patch.json()).error.code).toBe('crm:write');
    const pipelines = await raw('/pipelines', { method: 'POST', body: '{}' });
    expect(pipelines.status).toBe(405);
    expect(pipelines.headers.get('allow')).toBe('GET');
    const publish = await raw('/sites/site_0000001/publish', { method: 'GET' });
    expect([publish.status, publish.headers.get('allow')]).toEqual([405, 'POST']);
  });

  it('closes every endpoint to a plan without API access, unbilled', async () => {
    const key = await emu.createKey({ plan: 'no-api' });
    const refused = await refusal(clientWith(key).me.retrieve());
    expect(refused).toBeInstanceOf(PlanRequiredError);
    expect(refused.code).toBeNull();
  });

  it('closes dataset create on a plan without a data store, and keeps the key', async () => {
    const key = await emu.createKey({ plan: 'no-data-store' });
    const c = clientWith(key);
    const refused = await refusal(c.datasets.create({ name: 'A', fields: ['a'] }, { idempotencyKey: 'ds-plan-1' }));
    expect([refused.type, refused.code]).toEqual(['plan_required', 'data_store']);
    await emu.setPlan('business', (await c.me.retrieve()).org);
    expect((await c.datasets.create({ name: 'A', fields: ['a'] }, { idempotencyKey: 'ds-plan-1' })).name).toBe('A');
  });

  it('answers 404 for an unknown endpoint and a site the organization does not own (never 403)', async () => {
    expect((await raw('/nothing-here')).status).toBe(404);
    const other = clientWith(await emu.createKey({ plan: 'business' }));
    const e = await refusal(other.sites.retrieve('site_0000001'));
    expect(e).toBeInstanceOf(NotFoundError);
    expect(e.message).toMatch(/^No such site/);
  });
});

describe('rate limits', () => {
  it('sends the six headers, then 429 with Retry-After past 120 a minute; the window resets with the clock', async () => {
    const key = await emu.createKey({ scopes: [] });
    // Start at the top of a fixed window, so the 121 requests fall in one.
    emu.clock.advance(60_000 - (emu.clock.now() % 60_000));
    let last: Response | undefined;
    for (let i = 0; i < 121; i++) last = await raw('/me', { key });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    for (const h of [
      'RateLimit-Limit',
      'RateLimit-Remaining',
      'RateLimit-Reset',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
    ])
      expect(last!.headers.get(h), h).not.toBeNull();
    expect(last!.headers.get('ratelimit-remaining')).toBe('0');
    emu.clock.advance(60_000);
    const after = await raw('/me', { key });
    expect(after.status).toBe(200);
    expect(after.headers.get('ratelimit-remaining')).toBe('119');
  }, 60_000);
});

describe('idempotency', () => {
  it('replays a create with 200 and the original body, even after the object changed', async () => {
    const created = await raw('/datasets', {
      method: 'POST',
      headers: { 'idempotency-key': 'k-create-1' },
      body: JSON.stringify({ name: 'Once', fields: ['a'] }),
    });
    expect(created.status).toBe(201);
    const first = await created.text();
    await client.datasets.update(JSON.parse(first).id, { name: 'Renamed' });
    const replay = await raw('/datasets', {
      method: 'POST',
      headers: { 'idempotency-key': 'k-create-1' },
      body: JSON.stringify({ name: 'Once', fields: ['a'] }),
    });
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe(first);
  });

  it('binds a key to its operation and scope, forgets it after 30 days, and never lets a 400 consume it', async () => {
    const a = await client.datasets.create({ name: 'A', fields: ['x'] });
    const b = await client.datasets.create({ name: 'B', fields: ['x'] });
    const r1 = await client.records.create(a.id, { values: { x: '1' } }, { idempotencyKey: 'k-rec' });
    const r2 = await client.records.create(b.id, { values: { x: '1' } }, { idempotencyKey: 'k-rec' });
    expect(r2.id).not.toBe(r1.id);
    const bad = await raw('/datasets', {
      method: 'POST',
      headers: { 'idempotency-key': 'k-400' },
      body: JSON.stringify({ name: 'N', fields: [] }),
    });
    expect(bad.status).toBe(400);
    const good = await raw('/datasets', {
      method: 'POST',
      headers: { 'idempotency-key': 'k-400' },
      body: JSON.stringify({ name: 'N', fields: ['f'] }),
    });
    expect(good.status).toBe(201);
    emu.clock.advance(30 * 86_400_000);
    const again = await raw('/datasets', {
      method: 'POST',
      headers: { 'idempotency-key': 'k-400' },
      body: JSON.stringify({ name: 'N', fields: ['f'] }),
    });
    expect(again.status).toBe(201);
  });

  it('replays a keyed delete after the object is gone; without a key it is 404', async () => {
    const ds = await client.datasets.create({ name: 'Gone', fields: ['a'] });
    const first = await client.datasets.delete(ds.id, { idempotencyKey: 'k-del' });
    expect(first).toEqual({ id: ds.id, object: 'dataset', deleted: true });
    expect(await client.datasets.delete(ds.id, { idempotencyKey: 'k-del' })).toEqual(first);
    expect(await refusal(client.datasets.delete(ds.id))).toBeInstanceOf(NotFoundError);
  });
});

describe('pagination', () => {
  it('clamps limits and pages every record exactly once, in id order', async () => {
    const page = await raw('/datasets/ds_0000001/records?limit=1000');
    const body = await page.json();
    expect(body.data).toHaveLength(40);
    expect((await (await raw('/datasets/ds_0000001/records?limit=abc')).json()).data).toHaveLength(25);
    expect((await (await raw('/datasets/ds_0000001/records?limit=0')).json()).data).toHaveLength(25);
    const seen: string[] = [];
    for await (const r of client.records.list('ds_0000001', { limit: 7 })) seen.push(r.id);
    expect(seen).toHaveLength(40);
    expect([...seen].sort()).toEqual(seen);
    expect(new Set(seen).size).toBe(40);
  });

  it('answers an undecodable cursor with an empty page, not an error', async () => {
    const res = await raw('/datasets/ds_0000001/records?cursor=%%%not-a-cursor');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ object: 'list', data: [], next_cursor: null, has_more: false });
  });

  it('filters form submissions: a malformed read is a 400 naming it; form plus read gives short pages', async () => {
    const bad = await raw('/sites/site_0000001/form-submissions?read=yes');
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields)).toEqual(['read']);
    const unread: string[] = [];
    for await (const s of client.formSubmissions.list('site_0000001', {
      formId: 'form_contact',
      read: false,
      limit: 3,
    }))
      unread.push(s.id);
    const all = (await raw('/sites/site_0000001/form-submissions?limit=100').then((r) => r.json())).data as {
      id: string;
      form_id: string | null;
      read: boolean;
    }[];
    expect(unread).toEqual(all.filter((s) => s.form_id === 'form_contact' && !s.read).map((s) => s.id));
    expect((await raw('/sites/site_0000001/form-submissions?read=&bogus=1')).status).toBe(200);
  });
});

describe('datasets and records', () => {
  it('coerces values to the model, drops unknown field ids, and returns timestamps as epoch ms', async () => {
    const rec = await client.records.create('ds_0000001', {
      values: {
        title: 'T',
        nights: '3',
        guided: 'true',
        startsAt: '2025-03-01T00:00:00Z',
        location: '60.1,5.2',
        nope: 1,
      },
    });
    expect(rec.values).toEqual({
      title: 'T',
      nights: 3,
      guided: true,
      startsAt: Date.parse('2025-03-01T00:00:00Z'),
      location: { latitude: 60.1, longitude: 5.2 },
    });
    const e = await refusal(
      client.records.create('ds_0000001', { values: { title: 'T', location: { lat: 1, lng: 2 } } }),
    );
    expect(e).toBeInstanceOf(BadRequestError);
    expect(Object.keys(e.fields ?? {})).toEqual(['location']);
    const missing = await refusal(client.records.create('ds_0000001', {}));
    expect(missing.fields).toEqual({ title: 'is required' });
  });

  it('treats invalid JSON on a record write as an empty body, and refuses it elsewhere', async () => {
    const rec = await raw('/datasets/ds_0000001/records', { method: 'POST', body: '{not json' });
    expect(rec.status).toBe(400);
    expect((await rec.json()).error.fields).toEqual({ title: 'is required' });
    const ds = await raw('/datasets', { method: 'POST', body: '{not json' });
    expect([ds.status, (await ds.json()).error.code]).toEqual([400, 'invalid_json']);
    const text = await raw('/datasets', { method: 'POST', body: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
  });

  it('refuses to delete a dataset that holds records (409 dataset_not_empty)', async () => {
    const e = await refusal(client.datasets.delete('ds_0000001'));
    expect(e).toBeInstanceOf(ConflictError);
    expect(e.code).toBe('dataset_not_empty');
  });

  it('counts the records of a store made before record bands were kept, once, when it opens', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'extkit-bands-'));
    try {
      const data = join(dir, 'state');
      const before = await startEmulator({ data });
      const old = new ServiceClient({ baseUrl: before.baseUrl, apiKey: before.apiKey, maxRetries: 0 });
      const ds = await old.datasets.create({ name: 'Old', fields: ['n'] });
      for (const n of ['1', '2', '3']) await old.records.create(ds.id, { values: { n } });
      await before.close();
      // The store as the previous schema left it: no band counted, no migration 3.
      const engine = await openPglite(data);
      await engine.query("delete from counters where name like 'records:%'");
      await engine.query('delete from schema_migrations where version = 3');
      await engine.close();
      const after = await startEmulator({ data, plan: { recordsPerDataset: 3 } });
      try {
        const e = await refusal(
          new ServiceClient({ baseUrl: after.baseUrl, apiKey: after.apiKey, maxRetries: 0 }).records.create(ds.id, {
            values: { n: '4' },
          }),
        );
        expect([e.constructor, e.code]).toEqual([PlanRequiredError, 'record_quota']);
      } finally {
        await after.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sites', () => {
  it('creates a site, refuses a taken subdomain with alternatives, and publishes', async () => {
    const site = await client.sites.create({ displayName: '  New shop  ', subdomain: 'new-shop' });
    expect(site).toMatchObject({ object: 'site', displayName: 'New shop', subdomain: 'new-shop', domain: null });
    const taken = await refusal(client.sites.create({ displayName: 'X', subdomain: 'new-shop' }));
    expect([taken.status, taken.code]).toEqual([409, 'subdomain_taken']);
    expect(taken.message).toMatch(/new-shop-1/);
    expect(await client.sites.publish(site.id)).toEqual({
      object: 'publish',
      site: site.id,
      published: false,
      reason: 'not_routed',
      pages: 0,
      pagesDropped: 0,
    });
    expect((await client.sites.publish('site_0000001')).published).toBe(true);
    const bad = await refusal(client.sites.create({ displayName: 'X', subdomain: 'www' }));
    expect(bad.fields).toHaveProperty('subdomain');
  });

  it('lets exactly one of two simultaneous creates of one subdomain win', async () => {
    const results = await Promise.allSettled(
      [0, 1].map((i) => client.sites.create({ displayName: `R${i}`, subdomain: 'race-shop' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason.code).toBe('subdomain_taken');
  });
});

describe('media', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000000808060000001ff3ff61', 'hex');
  it('stores an image with its size and a public cdnUrl; a private file has none', async () => {
    const m = await client.media.upload({ file: png, contentType: 'image/png', fileName: 'dot.png', alt: 'a dot' });
    expect(m).toMatchObject({
      object: 'media',
      contentType: 'image/png',
      sizeBytes: png.length,
      width: 16,
      height: 8,
      private: false,
      tags: [],
      customMetadata: {},
    });
    expect(Buffer.from(await (await fetch(m.cdnUrl!)).arrayBuffer())).toEqual(png);
    const p = await client.media.upload('site_0000001', { file: png, contentType: 'image/png', private: true });
    expect(p.cdnUrl).toBeNull();
    expect((await fetch(p.url!)).status).toBe(200);
    expect((await fetch(p.url!.replace(/token=.*/, 'token=wrong'))).status).toBe(404);
  });

  it('refuses mismatched bytes, executables, macros, paused video and taken-down assets', async () => {
    const c = clientWith(emu.apiKey);
    const upload = (bytes: Uint8Array, contentType: string) =>
      refusal(c.media.upload({ file: bytes, contentType })).then((e) => [e.status, e.code]);
    expect(await upload(Buffer.from('not a png'), 'image/png')).toEqual([415, 'type_mismatch']);
    expect(await upload(Buffer.from('MZ\x90\x00'), 'text/plain')).toEqual([415, 'executable_bytes']);
    expect(
      await upload(
        Buffer.from('PK\x03\x04....word/vbaProject.bin'),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ),
    ).toEqual([415, 'macro_payload']);
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42')]);
    expect(await upload(video, 'video/mp4')).toEqual([403, 'video_uploads_paused']);
    const banned = Buffer.from('banned text');
    await fetch(`${emu.adminUrl}/takedowns`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sha256: createHash('sha256').update(banned).digest('hex') }),
    });
    expect(await upload(banned, 'text/plain')).toEqual([451, null]);
    const svg = await c.media.upload({
      file: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect/></svg>',
      ),
      contentType: 'image/svg+xml',
    });
    expect(await (await fetch(svg.cdnUrl!)).text()).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>');
  });
});

describe('bad input', () => {
  it('answers a body over the limit with 413, and survives garbage', async () => {
    const big = await raw('/datasets', { method: 'POST', body: 'x'.repeat(37 * 1024 * 1024) }).catch((e: unknown) => e);
    expect(big instanceof Response ? big.status : 'reset').toSatisfy((s: unknown) => s === 413 || s === 'reset');
    const odd = await raw('/datasets/..%2F..%2Fetc%2Fpasswd');
    expect(odd.status).toBe(404);
    const put = await raw('/datasets', { method: 'PUT', body: '{}' });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, POST']);
    expect((await client.me.retrieve()).object).toBe('api_key');
  });
});

describe('admin surface', () => {
  it('answers loopback callers and refuses a foreign web origin', async () => {
    const ok = await fetch(emu.adminUrl);
    expect((await ok.json()).engine).toBe('pglite');
    const foreign = await fetch(`${emu.adminUrl}/keys`, {
      method: 'POST',
      headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
  });

  it('creates keys with chosen scopes and plans', async () => {
    const res = await fetch(`${emu.adminUrl}/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: ['sites:read'] }),
    });
    const { key, scopes } = await res.json();
    expect(scopes).toEqual(['sites:read']);
    expect((await clientWith(key).sites.list()).object).toBe('list');
  });
});

describe('inbound webhooks', () => {
  it('runs a registered hook with its secret and answers 401 on a mismatch', async () => {
    emu.registerHook('h1', 'k1', 'hook-secret');
    const url = `${emu.origin}/api/hooks/h1/k1`;
    const bad = await fetch(url, {
      method: 'POST',
      headers: { 'x-service-secret': 'wrong', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(bad.status).toBe(401);
    const ok = await fetch(url, {
      method: 'POST',
      headers: { 'x-service-secret': 'hook-secret', 'content-type': 'application/json' },
      body: JSON.stringify({ a: 1, b: 'x', c: { no: 1 } }),
    });
    expect(ok.status).toBe(200);
    expect(emu.inbound.at(-1)!.variables).toEqual({ a: 1, b: 'x' });
  });
});

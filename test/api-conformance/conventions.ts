// The conventions of document 000 (§2 envelopes, §4 pagination, filters and idempotency,
// §5 authentication, §7 errors, §8 limits), as HTTP scenarios.
import { expect } from 'vitest';
import { caller, pageAll, unique, type Call } from './http.js';
import type { ConformanceTarget, Scenario } from './target.js';

const rateHeaders = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
];

const full = async (t: ConformanceTarget): Promise<Call> => caller(t, await t.key('full'));
const firstSite = async (call: Call): Promise<string> => {
  const sites = await call<{ data: { id: string }[] }>('/sites');
  expect(sites.body.data.length, 'the target organization needs at least one site').toBeGreaterThan(0);
  return sites.body.data[0]!.id;
};
const newDataset = async (call: Call, fields = ['n']): Promise<string> => {
  const ds = await call<{ id: string }>('/datasets', { body: { name: unique('ds'), fields } });
  expect(ds.status).toBe(201);
  return ds.body.id;
};

export { firstSite, newDataset };

export const conventions: Scenario[] = [
  {
    doc: '000 §2 Envelopes',
    title: 'a list is {object: list, data, next_cursor, has_more}; an error is {error: {type, message}}',
    async run(t) {
      const call = await full(t);
      const list = await call('/datasets');
      expect(list.status).toBe(200);
      expect(Object.keys(list.body).sort()).toEqual(['data', 'has_more', 'next_cursor', 'object']);
      expect(list.body.object).toBe('list');
      const missing = await call('/datasets/ds_does_not_exist');
      expect(missing.status).toBe(404);
      expect(typeof missing.body.error.type).toBe('string');
      expect(typeof missing.body.error.message).toBe('string');
    },
  },
  {
    doc: '000 §5 Authentication',
    title: 'a missing or unknown key is 401 unauthorized',
    async run(t) {
      const call = caller(t, null);
      for (const key of [null, 'sk_not_a_real_key']) {
        const r = await call('/me', { key });
        expect([r.status, r.body.error.type]).toEqual([401, 'unauthorized']);
      }
    },
  },
  {
    doc: '000 §5 Scopes',
    title: 'a key without the scope is 403 insufficient_scope, the scope as code',
    async run(t) {
      const call = caller(t, await t.key('no-scopes'));
      const r = await call('/sites');
      expect([r.status, r.body.error.type, r.body.error.code]).toEqual([403, 'insufficient_scope', 'sites:read']);
      const w = await call('/datasets', { body: { name: 'x', fields: ['a'] } });
      expect(w.body.error.code).toBe('datasets:write');
    },
  },
  {
    doc: '001 §1 Scopes',
    title: 'on CRM paths the scope is checked before the method',
    async run(t) {
      const call = caller(t, await t.key('crm-read'));
      const r = await call('/activities/act_any', { method: 'PATCH', body: {} });
      expect([r.status, r.body.error.code]).toEqual([403, 'crm:write']);
    },
  },
  {
    doc: '000 §7, 001 §1 Plans',
    title: 'plan gates answer 403 plan_required with their code; contacts stay open without the CRM suite',
    async run(t) {
      const noCrm = caller(t, await t.key('no-crm'));
      const deals = await noCrm('/deals');
      expect([deals.status, deals.body.error.type, deals.body.error.code]).toEqual([403, 'plan_required', 'crm']);
      expect((await noCrm('/contacts')).status).toBe(200);
      const noCommerce = caller(t, await t.key('no-commerce'));
      const orders = await noCommerce('/sites/site_any/orders');
      expect([orders.status, orders.body.error.code]).toEqual([403, 'commerce']);
      const noApi = caller(t, await t.key('no-api'));
      const me = await noApi('/me');
      expect([me.status, me.body.error.type, me.body.error.code ?? null]).toEqual([403, 'plan_required', null]);
    },
  },
  {
    doc: '000 §7 Errors',
    title: 'an unknown path is 404; a known path with another method is 405 with Allow',
    async run(t) {
      const call = await full(t);
      expect((await call('/no-such-thing')).status).toBe(404);
      const put = await call('/datasets', { method: 'PUT', body: {} });
      expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, POST']);
      const publish = await call(`/sites/${await firstSite(call)}/publish`);
      expect([publish.status, publish.headers.get('allow')]).toEqual([405, 'POST']);
    },
  },
  {
    doc: '000 §5, §7 Errors',
    title: 'what another organization owns is 404, never 403',
    async run(t) {
      const site = await firstSite(await full(t));
      const other = caller(t, await t.key('other-org'));
      expect((await other(`/sites/${site}`)).status).toBe(404);
      expect((await other(`/sites/${site}/form-submissions`)).status).toBe(404);
    },
  },
  {
    doc: '000 §7 Errors',
    title: 'malformed JSON and garbage ids get a clear 4xx, never a 5xx',
    async run(t) {
      const call = await full(t);
      const bad = await call('/datasets', { body: '{not json' });
      expect([bad.status, bad.body.error.type]).toEqual([400, 'bad_request']);
      for (const path of [
        '/datasets/..%2F..%2Fetc%2Fpasswd',
        `/datasets/${'x'.repeat(5000)}`,
        '/contacts/%00',
        '/sites/%E0%A4%A',
      ]) {
        const r = await call(path);
        expect(r.status, path).toBeGreaterThanOrEqual(400);
        expect(r.status, path).toBeLessThan(500);
      }
      const nul = await call('/datasets', { body: { name: 'a\u0000b', fields: ['x'] } });
      expect([nul.status, Object.keys(nul.body.error.fields ?? {})]).toEqual([400, ['name']]);
      const nulFilter = await call('/contacts?tag=a%00b');
      expect([nulFilter.status, Object.keys(nulFilter.body.error.fields ?? {})]).toEqual([400, ['tag']]);
    },
  },
  {
    doc: '000 §8 Rate limits',
    title: 'every keyed answer carries the six rate-limit headers, refusals included',
    async run(t) {
      const call = await full(t);
      for (const path of ['/me', '/datasets/ds_nope', '/nowhere']) {
        const r = await call(path);
        for (const h of rateHeaders) expect(r.headers.get(h), `${h} on ${path}`).toMatch(/^\d+$/);
        expect(r.headers.get('ratelimit-limit')).toBe('120');
      }
    },
  },
  {
    doc: '000 §8 Rate limits',
    title: '120 requests a minute a key, counted down, then 429 with Retry-After',
    async run(t) {
      const call = caller(t, await t.key('no-scopes'));
      let previous: number | null = null;
      for (let i = 0; i < 241; i++) {
        const r = await call('/me');
        const remaining = Number(r.headers.get('ratelimit-remaining'));
        if (r.status === 429) {
          expect(remaining).toBe(0);
          expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(r.body.error.type).toBe('rate_limited');
          return;
        }
        expect(r.status).toBe(200);
        // Counted down by one, or back to 119 when a new fixed window began meanwhile.
        if (previous !== null && remaining !== 119) expect(remaining).toBe(previous - 1);
        previous = remaining;
      }
      throw new Error('241 requests in a row were never refused with 429');
    },
  },
  {
    doc: '000 §8 Metering',
    title: 'GET /v1/usage counts every request that reached a handler, refusals of shape and path included',
    async run(t) {
      const call = await full(t);
      const before = (await call('/usage')).body.apiRequests.used as number;
      await call('/nowhere');
      await call('/datasets', { body: { name: '' } });
      const after = (await call('/usage')).body.apiRequests.used as number;
      expect(after - before).toBe(3);
    },
  },
  {
    doc: '000 §4 Pagination',
    title: 'limits clamp (above 100: 100; 0 or not a number: 25) and paging yields each item once, by id',
    async run(t) {
      const call = await full(t);
      const ds = await newDataset(call);
      const made: string[] = [];
      for (let i = 0; i < 101; i++)
        made.push(
          (await call<{ id: string }>(`/datasets/${ds}/records`, { body: { values: { n: String(i) } } })).body.id,
        );
      const big = await call(`/datasets/${ds}/records?limit=1000`);
      expect([big.body.data.length, big.body.has_more]).toEqual([100, true]);
      expect((await call(`/datasets/${ds}/records?limit=0`)).body.data).toHaveLength(25);
      expect((await call(`/datasets/${ds}/records?limit=abc`)).body.data).toHaveLength(25);
      const { ids } = await pageAll(call, `/datasets/${ds}/records`, 7);
      expect(ids).toEqual([...made].sort());
    },
  },
  {
    doc: '000 §4 Pagination',
    title: 'an undecodable cursor is a page (empty or not), never an error',
    async run(t) {
      const call = await full(t);
      for (const cursor of ['%%%not-a-cursor', 'AAAA', 'x'.repeat(3000)]) {
        const r = await call(`/datasets?cursor=${encodeURIComponent(cursor)}`);
        expect([r.status, r.body.object]).toEqual([200, 'list']);
      }
    },
  },
  {
    doc: '000 §4 Filters',
    title: 'unknown parameters are ignored and empty values are absent',
    async run(t) {
      const call = await full(t);
      const plain = await call('/tasks?limit=100');
      expect(plain.status).toBe(200);
      expect((await call('/tasks?limit=100&bogus=1&status=&updatedAfter=')).body).toEqual(plain.body);
    },
  },
  {
    doc: '000 §4 Filters',
    title: 'a malformed filter is 400 naming the parameter; updatedAfter needs a full instant',
    async run(t) {
      const call = await full(t);
      const email = await call('/contacts?email=not-an-address');
      expect([email.status, Object.keys(email.body.error.fields ?? {})]).toEqual([400, ['email']]);
      const status = await call('/tasks?status=sleeping');
      expect([status.status, Object.keys(status.body.error.fields ?? {})]).toEqual([400, ['status']]);
      const bare = await call('/deals?updatedAfter=2025-01-01');
      expect([bare.status, Object.keys(bare.body.error.fields ?? {})]).toEqual([400, ['updatedAfter']]);
    },
  },
  {
    doc: '000 §4 Filters',
    title: 'an updatedAfter list holds only rows updated after the instant, oldest update first',
    async run(t) {
      const call = await full(t);
      const since = new Date(Date.now() - 1000).toISOString();
      const site = await firstSite(call);
      const a = (await call('/tasks', { body: { title: unique('first'), consentSiteId: site } })).body.id as string;
      const b = (await call('/tasks', { body: { title: unique('second'), consentSiteId: site } })).body.id as string;
      await call(`/tasks/${a}`, { method: 'PATCH', body: { title: unique('touched') } });
      const ids = (await call(`/tasks?updatedAfter=${encodeURIComponent(since)}&limit=100`)).body.data.map(
        (x: { id: string }) => x.id,
      ) as string[];
      expect(ids.filter((id) => id === a || id === b)).toEqual([b, a]);
    },
  },
  {
    doc: '000 §3, §4 Idempotency',
    title: 'a replay answers 200 with the original body verbatim, even after the object changed',
    async run(t) {
      const call = await full(t);
      const key = unique('idem');
      const body = { name: unique('once'), fields: ['a'] };
      const first = await call('/datasets', { body, idempotencyKey: key });
      expect(first.status).toBe(201);
      expect(
        (await call(`/datasets/${first.body.id}`, { method: 'PATCH', body: { name: unique('renamed') } })).status,
      ).toBe(200);
      const replay = await call('/datasets', { body, idempotencyKey: key });
      expect([replay.status, replay.text]).toEqual([200, first.text]);
    },
  },
  {
    doc: '000 §4 Idempotency',
    title: 'a key is bound to its operation and its scope (the dataset)',
    async run(t) {
      const call = await full(t);
      const [a, b] = [await newDataset(call), await newDataset(call)];
      const key = unique('bound');
      const inA = await call(`/datasets/${a}/records`, { body: { values: { n: '1' } }, idempotencyKey: key });
      const inB = await call(`/datasets/${b}/records`, { body: { values: { n: '1' } }, idempotencyKey: key });
      expect([inA.status, inB.status]).toEqual([201, 201]);
      expect(inB.body.id).not.toBe(inA.body.id);
      const ds = await call('/datasets', { body: { name: unique('other-op'), fields: ['x'] }, idempotencyKey: key });
      expect([ds.status, ds.body.object]).toEqual([201, 'dataset']);
    },
  },
  {
    doc: '000 §3 Idempotency',
    title: 'a refused request (400, 404) gives its key back; the corrected retry runs',
    async run(t) {
      const call = await full(t);
      const key = unique('released');
      expect((await call('/datasets', { body: { name: 'N', fields: [] }, idempotencyKey: key })).status).toBe(400);
      expect(
        (await call('/datasets', { body: { name: unique('fixed'), fields: ['f'] }, idempotencyKey: key })).status,
      ).toBe(201);
      const key2 = unique('released404');
      expect(
        (await call('/datasets/ds_missing/records', { body: { values: { n: '1' } }, idempotencyKey: key2 })).status,
      ).toBe(404);
      const ds = await newDataset(call);
      expect(
        (await call(`/datasets/${ds}/records`, { body: { values: { n: '1' } }, idempotencyKey: key2 })).status,
      ).toBe(201);
    },
  },
  {
    doc: '000 §4 Idempotency',
    title: 'a keyed delete replays its receipt after the object is gone; without a key it is 404',
    async run(t) {
      const call = await full(t);
      const ds = await newDataset(call);
      const key = unique('del');
      const first = await call(`/datasets/${ds}`, { method: 'DELETE', idempotencyKey: key });
      expect([first.status, first.body]).toEqual([200, { id: ds, object: 'dataset', deleted: true }]);
      const again = await call(`/datasets/${ds}`, { method: 'DELETE', idempotencyKey: key });
      expect([again.status, again.text]).toEqual([200, first.text]);
      expect((await call(`/datasets/${ds}`, { method: 'DELETE' })).status).toBe(404);
    },
  },
  {
    doc: '000 §3 Idempotency',
    title: 'simultaneous requests with one key create once: the other is refused 409 in flight or replays',
    async run(t) {
      const call = await full(t);
      const name = unique('simultaneous');
      const key = unique('same');
      const answers = await Promise.all(
        [0, 1, 2].map(() => call('/datasets', { body: { name, fields: ['a'] }, idempotencyKey: key })),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 201)) {
        if (a.status === 409) expect(a.body.error.code).toBe('idempotency_in_progress');
        else expect([a.status, a.text]).toEqual([200, answers.find((x) => x.status === 201)!.text]);
      }
      const listed = (await call('/datasets?limit=100')).body.data as { name: string }[];
      expect(listed.filter((d) => d.name === name)).toHaveLength(1);
    },
  },
  {
    doc: '000 §3 Idempotency, §7 plan_required',
    title:
      'a dataset full to its record band refuses 403 record_quota without consuming the key; the create that took the last slot replays; a delete frees a slot; of simultaneous creates only the free slots win',
    async run(t) {
      const call = caller(t, await t.key('nearly-full'));
      const ds = await newDataset(call);
      const path = `/datasets/${ds}/records`;
      const [last, refusedKey] = [unique('last-slot'), unique('refused')];
      const first = await call(path, { body: { values: { n: '1' } }, idempotencyKey: last });
      expect(first.status).toBe(201);
      const refused = await call(path, { body: { values: { n: '2' } }, idempotencyKey: refusedKey });
      expect([refused.status, refused.body.error.type, refused.body.error.code]).toEqual([
        403,
        'plan_required',
        'record_quota',
      ]);
      const replay = await call(path, { body: { values: { n: '1' } }, idempotencyKey: last });
      expect([replay.status, replay.text]).toEqual([200, first.text]);
      expect((await call(`${path}/${first.body.id}`, { method: 'DELETE' })).status).toBe(200);
      const retried = await call(path, { body: { values: { n: '2' } }, idempotencyKey: refusedKey });
      expect(retried.status).toBe(201);
      expect((await call(`${path}/${retried.body.id}`, { method: 'DELETE' })).status).toBe(200);
      const racing = await Promise.all(
        [1, 2, 3, 4, 5, 6].map((n) => call(path, { body: { values: { n: String(n) } } })),
      );
      expect(racing.map((a) => a.status).sort()).toEqual([201, 403, 403, 403, 403, 403]);
      for (const a of racing.filter((x) => x.status === 403)) expect(a.body.error.code).toBe('record_quota');
      expect((await call(path)).body.data.map((r: { id: string }) => r.id)).toEqual([
        racing.find((a) => a.status === 201)!.body.id,
      ]);
    },
  },
];

// CORS as a browser meets it (kit policy): loopback origins and `null` are answered,
// preflights never touch a key's or an address's budget, the admin surface stays closed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../index.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
}, 120_000);
afterAll(() => emu?.close());

const preflight = (url: string, origin: string, method = 'POST'): Promise<Response> =>
  fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type, idempotency-key',
    },
  });
const get = (path: string, origin: string | null, key: string | null = emu.apiKey): Promise<Response> =>
  fetch(emu.baseUrl + path, {
    headers: { ...(origin !== null ? { origin } : {}), ...(key !== null ? { authorization: `Bearer ${key}` } : {}) },
  });

describe('CORS', () => {
  it('answers a preflight from a sandboxed frame (origin null) before authentication', async () => {
    const res = await preflight(`${emu.baseUrl}/contacts`, 'null');
    expect(res.status).toBe(204);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'access-control-allow-origin': 'null',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': 'authorization, content-type, idempotency-key',
      'access-control-max-age': '600',
    });
    expect(res.headers.get('ratelimit-limit')).toBeNull();
  });

  it('leaves a valid key from that address answered 200 after 200 preflights, and meters none of them', async () => {
    const key = await emu.createKey({ plan: 'business' });
    const usage = async (): Promise<number> =>
      ((await (await get('/usage', null, key)).json()) as { apiRequests: { used: number } }).apiRequests.used;
    const before = await usage();
    for (let i = 0; i < 200; i += 1) expect((await preflight(`${emu.baseUrl}/sites`, 'null', 'GET')).status).toBe(204);
    const after = await get('/sites', 'null', key);
    expect(after.status).toBe(200);
    // The key's window saw the usage read and this one (only this one if a minute began between): the preflights spent nothing.
    expect(['118', '119']).toContain(after.headers.get('ratelimit-remaining'));
    expect(await usage()).toBe(before + 2);
    // Nor did they spend the address's budget of unrecognized keys.
    const unknown = await get('/sites', 'null', 'sk_not_a_key');
    expect([unknown.status, unknown.headers.get('ratelimit-remaining')]).toEqual([401, '59']);
  });

  it('lets the page read every answer, refusals included, with the rate-limit and replay headers exposed', async () => {
    const ok = await get('/sites', 'null');
    expect(ok.headers.get('access-control-allow-origin')).toBe('null');
    const exposed = ok.headers.get('access-control-expose-headers')!.split(', ');
    for (const h of ['RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'Idempotent-Replayed'])
      expect(exposed).toContain(h);
    const refused = await get('/sites', 'http://localhost:5173', null);
    expect([refused.status, refused.headers.get('access-control-allow-origin')]).toEqual([
      401,
      'http://localhost:5173',
    ]);
    const gone = await get('/no-such-thing', 'null');
    expect([gone.status, gone.headers.get('access-control-allow-origin')]).toEqual([404, 'null']);
  });

  it('answers every loopback origin, and no other', async () => {
    for (const origin of [
      'http://localhost:5173',
      'http://127.0.0.1:4000',
      'https://127.0.0.2',
      'http://[::1]:3000',
      'http://preview.localhost:8080',
    ]) {
      const res = await preflight(`${emu.baseUrl}/sites`, origin);
      expect([origin, res.headers.get('access-control-allow-origin')]).toEqual([origin, origin]);
    }
    for (const origin of [
      'https://example.com',
      'http://localhost.example.com',
      'http://127.0.0.1.nip.io',
      'http://localhost:5173/',
      'Null',
      'file://',
      'http://192.168.1.10:3000',
    ]) {
      const pre = await preflight(`${emu.baseUrl}/sites`, origin);
      expect([origin, pre.status, pre.headers.get('access-control-allow-origin')]).toEqual([origin, 204, null]);
      const res = await get('/sites', origin);
      expect([origin, res.status, res.headers.get('access-control-allow-origin')]).toEqual([origin, 200, null]);
      expect(res.headers.get('access-control-expose-headers')).toBeNull();
    }
  });

  it('answers a media file to a frame: its URLs are the API', async () => {
    const upload = await fetch(`${emu.baseUrl}/media`, {
      method: 'POST',
      headers: { origin: 'null', authorization: `Bearer ${emu.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: Buffer.from('a,b\n1,2\n').toString('base64'), contentType: 'text/csv' }),
    });
    expect([upload.status, upload.headers.get('access-control-allow-origin')]).toEqual([201, 'null']);
    const { url, cdnUrl } = (await upload.json()) as { url: string; cdnUrl: string };
    for (const at of [url, cdnUrl]) {
      const res = await fetch(at, { headers: { origin: 'null' } });
      expect([res.status, res.headers.get('access-control-allow-origin'), await res.text()]).toEqual([
        200,
        'null',
        'a,b\n1,2\n',
      ]);
    }
  });

  it('keeps the admin surface closed to every other origin, null and loopback ones included', async () => {
    for (const origin of ['null', 'http://localhost:5173', 'https://example.com']) {
      const pre = await preflight(`${emu.adminUrl}/keys`, origin);
      expect([origin, pre.status, pre.headers.get('access-control-allow-origin')]).toEqual([origin, 403, null]);
      const post = await fetch(`${emu.adminUrl}/plan`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'no-api' }),
      });
      expect([origin, post.status, post.headers.get('access-control-allow-origin')]).toEqual([origin, 403, null]);
      const staff = await fetch(`${emu.adminUrl}/marketplace/listings`, { headers: { origin } });
      expect([origin, staff.status, staff.headers.get('access-control-allow-origin')]).toEqual([origin, 403, null]);
    }
    // The refused plan change did not happen.
    expect((await get('/sites', null)).status).toBe(200);
    const same = await fetch(emu.adminUrl, { headers: { origin: emu.origin } });
    expect(same.status).toBe(200);
  });
});

import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY, clientFor, fail, startServer, type TestServer } from '../__fixtures__/server.js';
import { ServiceClient } from '../client.js';
import * as errors from './errors.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('error envelopes', () => {
  const cases: [number, string, string | undefined, keyof typeof errors][] = [
    [400, 'bad_request', 'validation_failed', 'BadRequestError'],
    [401, 'unauthorized', undefined, 'UnauthorizedError'],
    [403, 'plan_required', undefined, 'PlanRequiredError'],
    [403, 'plan_required', 'commerce', 'PlanRequiredError'],
    [403, 'plan_required', 'storage_quota', 'PlanRequiredError'],
    [403, 'insufficient_scope', 'orders:write', 'InsufficientScopeError'],
    [403, 'forbidden', 'video_uploads_paused', 'ForbiddenError'],
    [404, 'not_found', undefined, 'NotFoundError'],
    [405, 'method_not_allowed', undefined, 'MethodNotAllowedError'],
    [409, 'conflict', 'order_transition', 'ConflictError'],
    [409, 'conflict', 'lead_converted', 'ConflictError'],
    [409, 'conflict', 'person_erased', 'ConflictError'],
    [413, 'payload_too_large', undefined, 'PayloadTooLargeError'],
    [415, 'unsupported_media_type', 'executable_bytes', 'UnsupportedMediaTypeError'],
    [429, 'rate_limited', undefined, 'RateLimitedError'],
    [451, 'unavailable_for_legal_reasons', undefined, 'UnavailableForLegalReasonsError'],
    [500, 'internal_error', undefined, 'InternalServerError'],
  ];

  it.each(cases)(
    '%i %s (code %s) becomes %s with status, type, code and message',
    async (status, type, code, className) => {
      server = await startServer(() => fail(status, type, `Message for ${type}`, code ? { code } : {}));
      const error = await clientFor(server, { maxRetries: 0 })
        .orders.retrieve('s1', 'o1')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(errors[className] as typeof errors.ServiceError);
      expect(error).toBeInstanceOf(errors.ServiceError);
      expect(error).toMatchObject({ name: className, status, type, code: code ?? null });
      expect((error as Error).message).toBe(`Message for ${type} (GET /sites/s1/orders/o1)`);
    },
  );

  it('carries `fields` on a validation failure', async () => {
    server = await startServer(() =>
      fail(400, 'bad_request', 'Invalid', {
        code: 'validation_failed',
        fields: { 'deal.title': 'Required', leadSource: 'Allowed: Web, Referral' },
      }),
    );
    const error = await clientFor(server)
      .leads.convert('l1', { siteId: 's1', deal: { title: 'x' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ fields: { 'deal.title': 'Required', leadSource: 'Allowed: Web, Referral' } });
  });

  it('reads Allow on a 405', async () => {
    server = await startServer(() => ({
      ...fail(405, 'method_not_allowed', 'Nope'),
      headers: { Allow: 'GET, DELETE' },
    }));
    const error = await clientFor(server)
      .activities.retrieve('a1')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'MethodNotAllowedError', allow: ['GET', 'DELETE'] });
  });

  it('reads Retry-After as an HTTP date', async () => {
    const when = new Date(Date.now() + 120_000).toUTCString();
    server = await startServer(() => fail(429, 'rate_limited', 'later', { headers: { 'Retry-After': when } }));
    const error = (await clientFor(server)
      .me.retrieve()
      .catch((e: unknown) => e)) as errors.ServiceError;
    expect(error.retryAfter).toBeGreaterThanOrEqual(118);
    expect(error.retryAfter).toBeLessThanOrEqual(121);
  });

  it('falls back on the status when the body is not an envelope (a proxy page)', async () => {
    server = await startServer(() => ({
      status: 404,
      raw: '<html>Not Found</html>',
      headers: { 'content-type': 'text/html' },
    }));
    const error = await clientFor(server)
      .sites.retrieve('s1')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'NotFoundError', type: 'not_found', status: 404, code: null });
  });

  it('throws InvalidResponseError for a 2xx body that is not JSON, without retrying', async () => {
    server = await startServer(() => ({ status: 200, raw: 'not json' }));
    await expect(clientFor(server).sites.retrieve('s1')).rejects.toMatchObject({
      name: 'InvalidResponseError',
      code: 'invalid_json',
      status: 200,
    });
    expect(server.requests).toHaveLength(1);
  });

  it('keeps the rate-limit headers of the latest answer on the client', async () => {
    server = await startServer(() => ({
      body: { object: 'api_key', org: 'o1', scopes: ['crm:read'] },
      headers: { 'RateLimit-Remaining': '7', 'X-RateLimit-Remaining': '7' },
    }));
    const client = clientFor(server);
    expect(client.lastRateLimit).toBeNull();
    await client.me.retrieve();
    expect(client.lastRateLimit).toEqual({ limit: 120, remaining: 7, reset: 42, resetAt: 1767225600 });
  });
});

describe('the API key', () => {
  const leaks = (value: unknown): boolean => {
    const e = value as Error & { cause?: unknown };
    const texts = [
      e.message,
      e.stack ?? '',
      inspect(e, { depth: 10, showHidden: true }),
      JSON.stringify(e),
      typeof e.cause === 'string' ? e.cause : e.cause instanceof Error ? e.cause.message : '',
    ];
    return texts.some((t) => t.includes(API_KEY) || t.includes(API_KEY.slice(8, 30)));
  };

  it('is sent as a bearer token', async () => {
    server = await startServer(() => ({
      body: { object: 'api', name: 'x', version: 'v1', documentation: 'u', resources: [] },
    }));
    await clientFor(server).api.retrieve();
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(server.requests[0]!.path).toBe('/v1');
  });

  it('never appears in an error: envelope, 401, timeout, dropped connection, local check', async () => {
    server = await startServer((req) => {
      if (req.path.endsWith('/hang')) return { hang: true };
      if (req.path.endsWith('/drop')) return { destroy: true };
      return fail(401, 'unauthorized', `Invalid key`);
    });
    // Only the hanging call runs against a short time limit: under load a 100 ms limit could
    // also cut the others short and turn their errors into timeouts.
    const client = clientFor(server, { timeoutMs: 10_000, maxRetries: 0 });
    const hasty = clientFor(server, { timeoutMs: 100, maxRetries: 0 });
    const found = [
      await client.me.retrieve().catch((e: unknown) => e),
      await hasty.contacts.retrieve('hang').catch((e: unknown) => e),
      await client.contacts.retrieve('drop').catch((e: unknown) => e),
      await client.contacts.create({ email: 'a@b.c', bogus: 1 } as never).catch((e: unknown) => e),
    ];
    expect(found.map((e) => (e as Error).name)).toEqual([
      'UnauthorizedError',
      'ServiceTimeoutError',
      'ServiceConnectionError',
      'LocalCheckError',
    ]);
    expect(found.filter(leaks)).toEqual([]);
  });

  it('is redacted from a server message, code and fields that echo it, whole or in part', async () => {
    server = await startServer(() =>
      fail(401, 'unauthorized', `Key ${API_KEY} is revoked (was ${API_KEY.slice(0, 24)}...)`, {
        code: `bad_${API_KEY}`,
        fields: { authorization: `Bearer ${API_KEY}` },
      }),
    );
    const error = (await clientFor(server)
      .me.retrieve()
      .catch((e: unknown) => e)) as errors.ServiceError;
    expect(error).toMatchObject({ name: 'UnauthorizedError', status: 401 });
    expect(error.message).toBe('Key [redacted] is revoked (was [redacted]...) (GET /me)');
    expect(error.fields).toEqual({ authorization: 'Bearer [redacted]' });
    expect(leaks(error)).toBe(false);
  });

  it.each([
    ['a CR/LF', `${API_KEY}\r\nX-Injected: 1`],
    ['a trailing newline', `${API_KEY}\n`],
    ['a NUL', `${API_KEY}\u0000`],
    ['a space', `Bearer ${API_KEY}`],
    ['a tab', `${API_KEY}\t`],
    ['a character outside ASCII', `${API_KEY}\u00e9`],
    ['a character a header cannot carry at all', `${API_KEY}\u2028`],
  ])('is refused in the constructor when it holds %s, without being quoted', (_label, apiKey) => {
    let thrown: unknown;
    try {
      new ServiceClient({ apiKey, baseUrl: 'https://api.example.com/v1' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as Error).message).toMatch(/apiKey cannot be sent: it holds .* at position \d+ of \d+/);
    expect(leaks(thrown)).toBe(false);
  });

  it("is redacted from a failure's message and its causes when fetch itself quotes it (as undici does for a bad header)", async () => {
    const echoing: typeof fetch = (_url, init) => {
      const auth = new Headers(init?.headers).get('authorization') ?? '';
      const socket = Object.assign(new Error(`write failed after "${auth}"`), { code: 'ECONNRESET' });
      return Promise.reject(
        new TypeError(`Headers.append: "${auth}" is an invalid header value.`, {
          cause: Object.assign(new Error(`request ${auth.slice(7, 40)}`, { cause: socket }), { code: 'UND_ERR' }),
        }),
      );
    };
    const client = new ServiceClient({
      apiKey: API_KEY,
      baseUrl: 'https://api.example.com/v1',
      fetch: echoing,
      maxRetries: 0,
    });
    const error = (await client.me.retrieve().catch((e: unknown) => e)) as errors.ServiceError & {
      cause: Error & { code?: string; cause: Error & { code?: string; cause: Error & { code?: string } } };
    };
    expect(error).toBeInstanceOf(errors.ServiceConnectionError);
    expect(error.message).toContain('"Bearer [redacted]" is an invalid header value');
    expect(error.cause.name).toBe('TypeError');
    expect(error.cause.cause).toMatchObject({ code: 'UND_ERR', message: 'request [redacted]' });
    expect(error.cause.cause.cause).toMatchObject({ code: 'ECONNRESET' });
    expect(error.code).toBe('UND_ERR');
    expect(leaks(error)).toBe(false);
    expect(leaks(error.cause)).toBe(false);
    expect(leaks(error.cause.cause.cause)).toBe(false);
  });

  it('leaves a failure that does not quote it as it was, for debugging', async () => {
    const original = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    const client = new ServiceClient({
      apiKey: API_KEY,
      baseUrl: 'https://api.example.com/v1',
      fetch: () => Promise.reject(new TypeError('fetch failed', { cause: original })),
      maxRetries: 0,
    });
    const error = (await client.me.retrieve().catch((e: unknown) => e)) as Error & { cause: Error & { cause: Error } };
    expect(error.cause.cause).toBe(original);
  });

  it('does not show when the client is inspected or serialized', () => {
    const client = new ServiceClient({ apiKey: API_KEY, baseUrl: 'https://api.example.com/v1' });
    expect(inspect(client, { depth: 5 })).not.toContain(API_KEY);
    expect(JSON.stringify(client)).not.toContain(API_KEY);
  });
});

describe('configuration', () => {
  it.each([
    [{ apiKey: '', baseUrl: 'https://api.example.com/v1' }, /apiKey/],
    [{ apiKey: 'k', baseUrl: 'https://api.example.com' }, /ending in \/v1/],
    [{ apiKey: 'k', baseUrl: 'api.example.com/v1' }, /ending in \/v1/],
  ])('refuses %j', (options, message) => {
    expect(() => new ServiceClient(options)).toThrow(message);
  });

  it('accepts a trailing slash on baseUrl', async () => {
    server = await startServer(() => ({
      body: { object: 'usage', month: '2025-01', apiRequests: { used: 1, included: 2, remaining: 1, metered: false } },
    }));
    const client = new ServiceClient({ apiKey: 'k', baseUrl: `${server.baseUrl}/` });
    await client.usage.retrieve();
    expect(server.requests[0]!.path).toBe('/v1/usage');
  });
});

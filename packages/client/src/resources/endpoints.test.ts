// Every endpoint of the three documents: method, path, query, body, key and auth as sent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { calls } from '../__fixtures__/calls.js';
import { clientFor, startServer, type TestServer } from '../__fixtures__/server.js';
import type { ServiceClient } from '../client.js';

let server: TestServer;
let client: ServiceClient;
beforeAll(async () => {
  server = await startServer((req) => ({
    body: { echo: `${req.method} ${req.path}`, object: 'list', data: [], has_more: false, next_cursor: null },
  }));
  client = clientFor(server);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('every endpoint', () => {
  it.each(calls)('%s', async (_label, run, method, path, extra = {}) => {
    await run(client);
    expect(server.requests).toHaveLength(1);
    const req = server.requests[0]!;
    expect(req.method).toBe(method);
    expect(req.path).toBe(path);
    expect(Object.fromEntries(req.query)).toEqual(extra.query ?? {});
    expect(req.json).toEqual(extra.body);
    if (extra.body !== undefined) expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['idempotency-key'] !== undefined).toBe(extra.keyed === true);
    expect(req.headers.authorization !== undefined).toBe(extra.anonymous !== true);
  });

  it('percent-encodes ids so they cannot change the path', async () => {
    await client.records.retrieve('d/1', '../r 1?x');
    expect(server.requests[0]!.path).toBe('/v1/datasets/d%2F1/records/..%2Fr%201%3Fx');
  });

  it('leaves empty and undefined filters out of the query (an empty value means absent)', async () => {
    await client.contacts.list({ email: '', tag: undefined, companyId: 'co1' });
    expect(Object.fromEntries(server.requests[0]!.query)).toEqual({ companyId: 'co1' });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { clientFor, page, startServer, type Reply, type TestServer } from '../__fixtures__/server.js';
import { PaginationError } from './errors.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Serves pages keyed by the cursor the client sends ('' for the first). */
function pages(book: Record<string, Reply>) {
  return (req: { query: URLSearchParams }) =>
    book[req.query.get('cursor') ?? ''] ?? { status: 404, body: { error: { type: 'not_found', message: 'no page' } } };
}

describe('list', () => {
  it('awaited, returns the first page in its wire shape', async () => {
    server = await startServer(() => ({ body: page([{ id: 'c1' }], 'cur 1', true) }));
    const first = await clientFor(server).contacts.list({ limit: 1 });
    expect(first).toEqual({ object: 'list', data: [{ id: 'c1' }], next_cursor: 'cur 1', has_more: true });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.query.get('limit')).toBe('1');
  });

  it('iterates across short and empty pages until has_more is false, passing cursors back verbatim', async () => {
    const odd = 'a+b/c==&x=1 é';
    server = await startServer(
      pages({
        '': { body: page([{ id: '1' }, { id: '2' }], odd, true) },
        [odd]: { body: page([], 'p3', true) },
        p3: { body: page([{ id: '3' }], 'p4', true) },
        p4: { body: page([], null, false) },
      }),
    );
    const ids: string[] = [];
    for await (const c of clientFor(server).contacts.list({ tag: 'vip', limit: 2 })) ids.push(c.id);
    expect(ids).toEqual(['1', '2', '3']);
    expect(server.requests.map((r) => r.query.get('cursor'))).toEqual([null, odd, 'p3', 'p4']);
    expect(server.requests.every((r) => r.query.get('tag') === 'vip' && r.query.get('limit') === '2')).toBe(true);
  });

  it('keeps going on an empty first page that says has_more: true', async () => {
    server = await startServer(
      pages({ '': { body: page([], 'n', true) }, n: { body: page([{ id: 'x' }], null, false) } }),
    );
    const ids: string[] = [];
    for await (const r of clientFor(server).records.list('ds 1')) ids.push(r.id);
    expect(ids).toEqual(['x']);
    expect(server.requests[0]!.path).toBe('/v1/datasets/ds%201/records');
  });

  it('throws PaginationError cursor_repeated instead of spinning on a cursor handed out twice', async () => {
    server = await startServer(
      pages({
        '': { body: page([{ id: '1' }], 'A', true) },
        A: { body: page([{ id: '2' }], 'B', true) },
        B: { body: page([], 'A', true) },
      }),
    );
    const ids: string[] = [];
    const run = async () => {
      for await (const d of clientFor(server!).deals.list()) ids.push(d.id);
    };
    const error = await run().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({ type: 'pagination', code: 'cursor_repeated', status: null });
    expect(ids).toEqual(['1', '2']);
    expect(server.requests).toHaveLength(3);
  });

  it('treats a server echoing the caller’s starting cursor as a repeat', async () => {
    server = await startServer(() => ({ body: page([{ id: '1' }], 'start', true) }));
    const run = async () => {
      for await (const _ of clientFor(server!).tasks.list({ cursor: 'start' }));
    };
    await expect(run()).rejects.toMatchObject({ code: 'cursor_repeated' });
    expect(server.requests).toHaveLength(1);
  });

  it('throws cursor_missing when has_more is true but no cursor comes', async () => {
    server = await startServer(() => ({ body: page([{ id: '1' }], null, true) }));
    const run = async () => {
      for await (const _ of clientFor(server!).sites.list());
    };
    await expect(run()).rejects.toMatchObject({ name: 'PaginationError', code: 'cursor_missing' });
  });

  it('stops early on break without asking for more pages', async () => {
    server = await startServer(pages({ '': { body: page([{ id: '1' }, { id: '2' }], 'n', true) } }));
    for await (const c of clientFor(server).companies.list()) {
      expect(c.id).toBe('1');
      break;
    }
    expect(server.requests).toHaveLength(1);
  });

  it('requests the first page once when awaited and then iterated', async () => {
    server = await startServer(() => ({ body: page([{ id: '1' }], null, false) }));
    const list = clientFor(server).pipelines.list();
    await list;
    const ids: string[] = [];
    for await (const p of list) ids.push(p.id);
    expect(ids).toEqual(['1']);
    expect(server.requests).toHaveLength(1);
  });

  it('walks 1,000 pages of 100 items', async () => {
    server = await startServer((req) => {
      const n = Number(req.query.get('cursor') ?? 0);
      return {
        body: page(
          Array.from({ length: 100 }, (_, i) => ({ id: `${n}-${i}` })),
          n < 999 ? String(n + 1) : null,
          n < 999,
        ),
      };
    });
    let count = 0;
    for await (const _ of clientFor(server).products.list('s1', { limit: 100 })) count++;
    expect(count).toBe(100_000);
  });
});

// Plain HTTP for the scenarios: one call, its status, headers and parsed body.
import type { ConformanceTarget } from './target.js';

export interface Answer<B = any> {
  status: number;
  headers: Headers;
  text: string;
  body: B;
}

export interface CallOptions {
  method?: string;
  /** JSON-encoded unless a string. */
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** null: no Authorization header. */
  key?: string | null;
}

/** A caller bound to a target and a key. */
export function caller(target: ConformanceTarget, key: string | null) {
  return async function call<B = any>(path: string, o: CallOptions = {}): Promise<Answer<B>> {
    const headers: Record<string, string> = { ...o.headers };
    const k = o.key === undefined ? key : o.key;
    if (k) headers.authorization = `Bearer ${k}`;
    if (o.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
    if (o.idempotencyKey) headers['idempotency-key'] = o.idempotencyKey;
    const res = await fetch(target.baseUrl + path, {
      method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
      headers,
      ...(o.body === undefined ? {} : { body: typeof o.body === 'string' ? o.body : JSON.stringify(o.body) }),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: res.status, headers: res.headers, text, body: body as B };
  };
}

export type Call = ReturnType<typeof caller>;

/** A name no earlier run of the suite used (the suite may run against a store that keeps data). */
export const unique = (prefix: string): string =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

/** Every item of a list, page by page with `limit`, checking each page's envelope. */
export async function pageAll(call: Call, path: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page: Answer<{ object: string; data: { id: string }[]; next_cursor: string | null; has_more: boolean }> =
      await call(`${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (page.status !== 200 || page.body.object !== 'list')
      throw new Error(`paging ${path}: ${page.status} ${page.text}`);
    ids.push(...page.body.data.map((d) => d.id));
    cursor = page.body.has_more ? page.body.next_cursor : null;
    if (++pages > 10_000) throw new Error(`paging ${path} never ended`);
  } while (cursor);
  return { ids, pages };
}

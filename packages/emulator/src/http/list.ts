// Lists (000 §4 Pagination): limits clamped, opaque cursors, short pages where a
// filter is checked after the read, and each item exactly once from start to end.
import type { Sql } from '../engine/engine.js';
import { readPage, type Order, type PageQuery, type Row } from '../store/objects.js';

/** 1-100; above 100 gives 100; 0, negative or non-numeric gives 25. */
export function pageLimit(raw: string | null): number {
  const n = raw === null || raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(n) || n < 1) return 25;
  return Math.min(100, Math.floor(n));
}

export const encodeCursor = (order: Order, keys: (string | number)[]): string =>
  Buffer.from(JSON.stringify([order, ...keys])).toString('base64url');

/** The cursor's keys for `order`, or 'invalid' for one this list did not write. */
export function decodeCursor(raw: string | null, order: Order): (string | number)[] | null | 'invalid' {
  if (raw === null || raw === '') return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    const want = order === 'id' ? 1 : 2;
    if (!Array.isArray(v) || v[0] !== order || v.length !== want + 1) return 'invalid';
    if (!v.slice(1).every((k) => typeof k === 'string' || (typeof k === 'number' && Number.isFinite(k))))
      return 'invalid';
    return v.slice(1) as (string | number)[];
  } catch {
    return 'invalid';
  }
}

const keysOf = (order: Order, r: Row): (string | number)[] =>
  order === 'id' ? [r.id] : order === 'updated' ? [r.updated, r.id] : [r.sortAt, r.id];

export interface ListEnvelope {
  object: 'list';
  data: unknown[];
  next_cursor: string | null;
  has_more: boolean;
}

export interface ListOptions extends Omit<PageQuery, 'limit' | 'after'> {
  /** Filters checked on the page, after the read: rows failing them are dropped (a short page). */
  keep?: (row: Row) => boolean;
  /** The wire shape of a row; defaults to its body. */
  present?: (row: Row) => unknown;
}

/**
 * One page of a list. An undecodable cursor answers an empty last page (the documents
 * allow an empty or arbitrary page; the kit picks empty).
 */
export async function listPage(sql: Sql, query: URLSearchParams, options: ListOptions): Promise<ListEnvelope> {
  const after = decodeCursor(query.get('cursor'), options.order);
  if (after === 'invalid') return { object: 'list', data: [], next_cursor: null, has_more: false };
  const { keep, present, ...q } = options;
  const { rows, more } = await readPage(sql, { ...q, limit: pageLimit(query.get('limit')), after });
  const last = rows.at(-1);
  const data = rows.filter((r) => !r.deleted && (keep ? keep(r) : true)).map((r) => (present ? present(r) : r.body));
  return {
    object: 'list',
    data,
    next_cursor: more && last ? encodeCursor(options.order, keysOf(options.order, last)) : null,
    has_more: more,
  };
}

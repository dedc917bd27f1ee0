// Resource rows: one table, the wire body as jsonb, ids ordered as the documents order them.
import type { Sql } from '../engine/engine.js';

export interface Row<B = Record<string, unknown>> {
  org: string;
  kind: string;
  parent: string;
  id: string;
  body: B;
  created: number;
  updated: number;
  sortAt: number;
  deleted: boolean;
}

type Raw = {
  org: string;
  kind: string;
  parent: string;
  id: string;
  body: Record<string, unknown>;
  created: string | number;
  updated: string | number;
  sort_at: string | number;
  deleted: boolean;
};

// pg answers bigint as text; PGlite as a number.
const row = (r: Raw): Row => ({
  org: r.org,
  kind: r.kind,
  parent: r.parent,
  id: r.id,
  body: typeof r.body === 'string' ? (JSON.parse(r.body) as Record<string, unknown>) : r.body,
  created: Number(r.created),
  updated: Number(r.updated),
  sortAt: Number(r.sort_at),
  deleted: r.deleted,
});

export interface Where {
  org: string;
  kind: string;
  parent?: string;
}

const ident = (w: Where): unknown[] => [w.org, w.kind, w.parent ?? ''];

/** Adds a row; a unique constraint broken is thrown to the caller (it maps it to 409). */
export async function insert(sql: Sql, w: Where, id: string, body: object, at: number, sortAt = 0): Promise<void> {
  await sql.query(
    'insert into objects (org, kind, parent, id, body, created, updated, sort_at) values ($1, $2, $3, $4, $5::jsonb, $6, $6, $7)',
    [...ident(w), id, JSON.stringify(body), at, sortAt],
  );
}

/** The row, or null; deleted rows only when asked. */
export async function get<B = Record<string, unknown>>(
  sql: Sql,
  w: Where,
  id: string,
  withDeleted = false,
): Promise<Row<B> | null> {
  const rows = await sql.query<Raw>(
    `select * from objects where org = $1 and kind = $2 and parent = $3 and id = $4${withDeleted ? '' : ' and not deleted'}`,
    [...ident(w), id],
  );
  return rows[0] ? (row(rows[0]) as Row<B>) : null;
}

/** Rewrites a row's body, stamping `updated` unless told not to. */
export async function save(
  sql: Sql,
  w: Where,
  id: string,
  body: object,
  at: number | null,
  sortAt?: number,
): Promise<void> {
  await sql.query(
    `update objects set body = $5::jsonb${at === null ? '' : ', updated = $6'}${sortAt === undefined ? '' : `, sort_at = $${at === null ? 6 : 7}`} where org = $1 and kind = $2 and parent = $3 and id = $4`,
    [...ident(w), id, JSON.stringify(body), ...(at === null ? [] : [at]), ...(sortAt === undefined ? [] : [sortAt])],
  );
}

/** Removes a row for good; true when there was one. */
export async function remove(sql: Sql, w: Where, id: string): Promise<boolean> {
  const rows = await sql.query(
    'delete from objects where org = $1 and kind = $2 and parent = $3 and id = $4 returning id',
    [...ident(w), id],
  );
  return rows.length > 0;
}

/** How many live rows match. */
export async function count(sql: Sql, w: Where, contains?: object): Promise<number> {
  const rows = await sql.query<{ n: string | number }>(
    `select count(*) as n from objects where org = $1 and kind = $2 and parent = $3 and not deleted${contains ? ' and body @> $4::jsonb' : ''}`,
    [...ident(w), ...(contains ? [JSON.stringify(contains)] : [])],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Live rows matching `contains` in any parent of the organization. */
export async function find<B = Record<string, unknown>>(
  sql: Sql,
  org: string,
  kind: string,
  contains: object,
): Promise<Row<B>[]> {
  const rows = await sql.query<Raw>(
    'select * from objects where org = $1 and kind = $2 and not deleted and body @> $3::jsonb order by id',
    [org, kind, JSON.stringify(contains)],
  );
  return rows.map((r) => row(r) as Row<B>);
}

export type Order = 'id' | 'updated' | 'sortDesc';

export interface PageQuery extends Where {
  limit: number;
  /** Decoded cursor keys: `[id]`, `[updated, id]` or `[sortAt, id]`. */
  after: (string | number)[] | null;
  order: Order;
  /** The one filter that narrows the read (jsonb containment). */
  contains?: object;
  /** Only rows updated after this instant (ms); orders by updated then id. */
  updatedAfter?: number;
}

/**
 * One page as read, before any filter checked on the page: `limit` rows past the cursor,
 * deleted rows included (they are dropped after the read, as the documents describe).
 */
export async function readPage(sql: Sql, q: PageQuery): Promise<{ rows: Row[]; more: boolean }> {
  const params: unknown[] = [...ident(q)];
  const conds = ['org = $1', 'kind = $2', 'parent = $3'];
  const p = (v: unknown): string => {
    params.push(v);
    return `$${params.length}`;
  };
  if (q.contains) conds.push(`body @> ${p(JSON.stringify(q.contains))}::jsonb`);
  if (q.updatedAfter !== undefined) conds.push(`updated > ${p(q.updatedAfter)}`);
  let order: string;
  if (q.order === 'updated') {
    order = 'updated, id';
    if (q.after) conds.push(`(updated, id) > (${p(Number(q.after[0]))}, ${p(String(q.after[1]))})`);
  } else if (q.order === 'sortDesc') {
    order = 'sort_at desc, id';
    if (q.after) {
      const s = p(Number(q.after[0]));
      const i = p(String(q.after[1]));
      conds.push(`(sort_at < ${s} or (sort_at = ${s} and id > ${i}))`);
    }
  } else {
    order = 'id';
    if (q.after) conds.push(`id > ${p(String(q.after[0]))}`);
  }
  const rows = await sql.query<Raw>(
    `select * from objects where ${conds.join(' and ')} order by ${order} limit ${p(q.limit + 1)}`,
    params,
  );
  return { rows: rows.slice(0, q.limit).map(row), more: rows.length > q.limit };
}

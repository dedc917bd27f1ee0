// The page's read-only view of the store: what kinds of objects an organization holds, and
// one page of them at a time, straight from the objects table (no key, no metering).
import type { Engine } from '../engine/engine.js';

export interface BrowseQuery {
  org: string;
  kind: string;
  after?: string;
  limit: number;
}

/** Members too large or too secret for the page: a file's bytes and its download token. */
const hidden = new Set(['__data', '__token']);

export function browser(engine: Engine) {
  return {
    async orgs(): Promise<{ id: string; plan: string }[]> {
      const rows = await engine.query<{ id: string; plan: { name?: string } | string }>(
        'select id, plan from orgs order by id',
      );
      return rows.map((r) => {
        const plan = (typeof r.plan === 'string' ? JSON.parse(r.plan) : r.plan) as { name?: string };
        return { id: r.id, plan: plan.name ?? '' };
      });
    },
    async kinds(org: string): Promise<{ kind: string; count: number; deleted: number }[]> {
      const rows = await engine.query<{ kind: string; n: string | number; d: string | number }>(
        'select kind, count(*) as n, count(*) filter (where deleted) as d from objects where org = $1 group by kind order by kind',
        [org],
      );
      return rows.map((r) => ({ kind: r.kind, count: Number(r.n), deleted: Number(r.d) }));
    },
    /** One page ordered by parent and id; `after` is the last row's `parent/id` (opaque to the page). */
    async rows(q: BrowseQuery): Promise<{ data: unknown[]; next: string | null }> {
      let [parent, id] = ['', ''];
      try {
        if (q.after) [parent, id] = JSON.parse(Buffer.from(q.after, 'base64url').toString()) as [string, string];
      } catch {
        // A cursor the page did not write starts from the beginning.
      }
      [parent, id] = [String(parent), String(id)];
      const rows = await engine.query<{
        parent: string;
        id: string;
        body: Record<string, unknown> | string;
        deleted: boolean;
      }>(
        `select parent, id, body, deleted from objects where org = $1 and kind = $2 and ($3 = '' and $4 = '' or (parent, id) > ($3, $4))
         order by parent, id limit $5`,
        [q.org, q.kind, parent, id, q.limit + 1],
      );
      const page = rows.slice(0, q.limit);
      const last = page.at(-1);
      return {
        data: page.map((r) => {
          const body = typeof r.body === 'string' ? (JSON.parse(r.body) as Record<string, unknown>) : r.body;
          return {
            id: r.id,
            parent: r.parent,
            deleted: r.deleted,
            body: Object.fromEntries(Object.entries(body).filter(([k]) => !hidden.has(k))),
          };
        }),
        next:
          rows.length > q.limit && last
            ? Buffer.from(JSON.stringify([last.parent, last.id])).toString('base64url')
            : null,
      };
    },
  };
}

export type Browser = ReturnType<typeof browser>;

// Organizations and their keys in the store: the default organization on its plan, a new key, and
// the default key with every scope, made once whichever of several emulators on one database writes first.
import { randomBytes } from 'node:crypto';
import type { Engine } from '../engine/engine.js';
import { resolvePlan, type PlanInput } from '../rules/plans.js';

/** Every scope the documents name. */
export const allScopes = [
  'datasets:read',
  'datasets:write',
  'contacts:read',
  'contacts:write',
  'crm:read',
  'crm:write',
  'media:read',
  'media:write',
  'sites:read',
  'sites:write',
  'sites:publish',
  'forms:read',
  'forms:write',
  'orders:read',
  'orders:write',
  'products:read',
];

export const defaultOrg = 'org_default';
export const newKey = (): string => `sk_emu_${randomBytes(18).toString('base64url')}`;

export interface Orgs {
  /** Writes `org` on `plan` (the default plan when undefined); `overwrite` replaces the plan of one that exists. */
  ensureOrg: (org: string, plan: PlanInput | undefined, overwrite: boolean) => Promise<void>;
  insertKey: (key: string, org: string, scopes: string[]) => Promise<void>;
  /** The default organization's key with every scope, made on first use. */
  defaultKey: () => Promise<string>;
}

/** `cached`: the store is fresh from a cached cluster, this process's alone, and holds no key yet. */
export function orgs(engine: Engine, cached: boolean): Orgs {
  let madeKey = false;
  const ensureOrg = async (org: string, plan: PlanInput | undefined, overwrite: boolean): Promise<void> => {
    await engine.query(
      `insert into orgs (id, plan) values ($1, $2::jsonb) on conflict (id) do ${overwrite ? 'update set plan = excluded.plan' : 'nothing'}`,
      [org, JSON.stringify(resolvePlan(plan))],
    );
  };
  const insertKey = async (key: string, org: string, scopes: string[]): Promise<void> => {
    await engine.query('insert into api_keys (key, org, scopes) values ($1, $2, $3::jsonb)', [
      key,
      org,
      JSON.stringify(scopes),
    ]);
  };
  const defaultKey = async (): Promise<string> => {
    // A store fresh from the cache is this process's alone and holds no key: two writes, no race to settle.
    if (cached && !madeKey) {
      madeKey = true;
      const key = newKey();
      await engine.transaction(async (sql) => {
        await sql.query("insert into meta (name, value) values ('default_key', $1)", [key]);
        await sql.query('insert into api_keys (key, org, scopes) values ($1, $2, $3::jsonb)', [
          key,
          defaultOrg,
          JSON.stringify(allScopes),
        ]);
      });
      return key;
    }
    const [held] = await engine.query<{ value: string }>("select value from meta where name = 'default_key'");
    if (held) return held.value;
    const key = newKey();
    await engine.transaction(async (sql) => {
      await sql.query("insert into meta (name, value) values ('default_key', $1) on conflict do nothing", [key]);
      const [won] = await sql.query<{ value: string }>("select value from meta where name = 'default_key'");
      if (won!.value === key)
        await sql.query('insert into api_keys (key, org, scopes) values ($1, $2, $3::jsonb)', [
          key,
          defaultOrg,
          JSON.stringify(allScopes),
        ]);
    });
    return defaultKey();
  };
  return { ensureOrg, insertKey, defaultKey };
}

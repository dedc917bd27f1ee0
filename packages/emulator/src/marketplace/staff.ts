// Staff-side writes beside the lifecycle moves: publishers and their keys, revocation.
import { randomBytes } from 'node:crypto';
import { isKebabCase } from '@extkit/manifest';
import type { Sql } from '../engine/engine.js';
import { Refusal } from './refusals.js';

/** The publisher with `handle`, created with a new key on first use: `{ handle, key }`. */
export async function ensurePublisher(
  sql: Sql,
  handle: unknown,
  now: number,
): Promise<{ handle: string; key: string }> {
  if (typeof handle !== 'string' || !isKebabCase(handle))
    throw new Refusal(
      'marketplace.handle_invalid',
      `A publisher handle is kebab-case, e.g. "acme"; got ${JSON.stringify(handle)}.`,
    );
  const key = `pk_emu_${randomBytes(18).toString('base64url')}`;
  await sql.query(
    'insert into mk_publishers (handle, key, created) values ($1, $2, $3) on conflict (handle) do nothing',
    [handle, key, now],
  );
  const [row] = await sql.query<{ key: string }>('select key from mk_publishers where handle = $1', [handle]);
  return { handle, key: row!.key };
}

/** The handle of the publisher whose key is `key`, or null. */
export async function publisherOf(sql: Sql, key: string | null): Promise<string | null> {
  if (!key) return null;
  const [row] = await sql.query<{ handle: string }>('select handle from mk_publishers where key = $1', [key]);
  return row?.handle ?? null;
}

/** Revokes a listing: none of its versions loads anywhere again, whatever signature or pin. */
export async function revokeListing(
  sql: Sql,
  id: string,
  reason: string | null,
  now: number,
): Promise<{ id: string; revoked: { reason: string } }> {
  if (!reason?.trim())
    throw new Refusal(
      'marketplace.reason_required',
      'A revocation needs a reason: installers are told why the extension stopped loading (--reason "...").',
    );
  const rows = await sql.query(
    'update mk_listings set revoked = true, revoked_reason = $2, updated = $3 where id = $1 returning id',
    [id, reason.trim(), now],
  );
  if (rows.length === 0) throw new Refusal('marketplace.not_found', `No such listing: ${id}.`);
  return { id, revoked: { reason: reason.trim() } };
}

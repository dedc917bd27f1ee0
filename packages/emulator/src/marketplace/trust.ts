// Trust (002, end): a staff ed25519 signature over a version's hash puts that version in
// the app realm; a per-listing revocation beats everything. The answer is always the
// loader policy's (`decideLoad` of @extkit/bundler, the one `extkit verify` asks); this
// file only gathers its inputs from the store.
import { createHash, createPublicKey } from 'node:crypto';
import {
  decideLoad,
  integrityOf,
  keyIdOf,
  RECORD_FORMAT,
  type RecordFormat,
  parseSignature,
  signatureHolds,
  type LoadDecision,
  type SignatureFile,
} from '@extkit/bundler';
import type { Sql } from '../engine/engine.js';
import { Refusal } from './refusals.js';

export interface VersionRow {
  listing: string;
  version: string;
  integrity: string;
  manifest: { id: string; version: string; hostAbi: number; contributes?: unknown; [member: string]: unknown };
  /** The files as base64; null when not read (the integrity checked at publish stands for them). */
  files: Record<string, string> | null;
  changelog: string | null;
  signature: SignatureFile | null;
  created: string | number;
  /** The version's own review state (review.ts): `listed` is live. */
  state: 'submitted' | 'in_review' | 'listed' | 'rejected';
  /** A rejected version's reason. */
  reason?: string | null;
}

export interface ListingRow {
  id: string;
  publisher: string;
  manifest_id: string;
  state: string;
  reason: string | null;
  revoked: boolean;
  revoked_reason: string | null;
}

/** The registered staff keys' public PEMs. */
export async function staffKeys(sql: Sql): Promise<string[]> {
  return (await sql.query<{ public_key: string }>('select public_key from mk_staff_keys order by key_id')).map(
    (r) => r.public_key,
  );
}

/** Registers a staff public key (PEM, ed25519); answers its key id. */
export async function addStaffKey(sql: Sql, pem: unknown, now: number): Promise<{ keyId: string }> {
  let keyId: string;
  try {
    if (typeof pem !== 'string') throw new Error('not text');
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(key.asymmetricKeyType);
    keyId = keyIdOf(key);
  } catch {
    throw new Refusal(
      'marketplace.key_invalid',
      'A staff key is an ed25519 public key in PEM (-----BEGIN PUBLIC KEY-----); make one with extkit marketplace keygen.',
    );
  }
  await sql.query(
    'insert into mk_staff_keys (key_id, public_key, created) values ($1, $2, $3) on conflict (key_id) do nothing',
    [keyId, pem.trim() + '\n', now],
  );
  return { keyId };
}

/** Stores a staff signature over a version's hash, once it holds for a registered staff key. */
export async function addSignature(sql: Sql, version: VersionRow, signature: unknown): Promise<SignatureFile> {
  const sig =
    typeof signature === 'string' ? parseSignature(signature) : parseSignature(JSON.stringify(signature ?? null));
  if (typeof sig === 'string')
    throw new Refusal('marketplace.signature_invalid', `The signature is not usable: ${sig}.`);
  if (sig.integrity !== version.integrity)
    throw new Refusal(
      'marketplace.signature_invalid',
      `The signature covers ${sig.integrity}, not ${version.listing}@${version.version}'s ${version.integrity}.`,
    );
  const keys = await staffKeys(sql);
  if (!keys.some((k) => keyIdOf(k) === sig.keyId))
    throw new Refusal(
      'marketplace.signature_untrusted',
      `The signing key ${sig.keyId} is not a registered staff key (extkit marketplace keygen registers one).`,
    );
  if (!keys.some((k) => signatureHolds(sig, version.integrity, k)))
    throw new Refusal(
      'marketplace.signature_invalid',
      `The signature by ${sig.keyId} does not hold over ${version.integrity}.`,
    );
  await sql.query('update mk_versions set signature = $3::jsonb where listing = $1 and version = $2', [
    version.listing,
    version.version,
    JSON.stringify(sig),
  ]);
  return sig;
}

/**
 * The integrity of the stored files, recomputed (artifact.json excluded) in the canonical form of
 * the stored record's format, as the loader does before it trusts a pin.
 */
export function storedIntegrity(files: Record<string, string>): string {
  let format: RecordFormat = RECORD_FORMAT;
  try {
    const stored = (
      JSON.parse(Buffer.from(files['artifact.json'] ?? '', 'base64').toString('utf8')) as {
        artifact?: unknown;
      }
    ).artifact;
    if (stored === 1 || stored === 2) format = stored;
  } catch {
    // Publish re-hashed the record; a stored one that no longer reads hashes in the current form, and its pin fails.
  }
  return integrityOf(
    Object.entries(files)
      .filter(([path]) => path !== 'artifact.json')
      .map(([path, b64]) => ({ path, sha256: createHash('sha256').update(Buffer.from(b64, 'base64')).digest('hex') })),
    format,
  );
}

/** The loader policy's decision for a stored version: with the install's pin and host ABI when given. */
export function decideVersion(
  listing: ListingRow,
  version: VersionRow,
  keys: string[],
  options: { pinnedIntegrity?: string; hostAbi?: number } = {},
): LoadDecision {
  return decideLoad({
    manifest: version.manifest,
    integrity: version.files ? storedIntegrity(version.files) : version.integrity,
    ...(options.pinnedIntegrity !== undefined ? { pinnedIntegrity: options.pinnedIntegrity } : {}),
    ...(options.hostAbi !== undefined ? { hostAbi: options.hostAbi } : {}),
    signature: version.signature,
    trustedKeys: keys,
    listing: listing.id,
    revocations: listing.revoked
      ? { revoked: [{ listing: listing.id, ...(listing.revoked_reason ? { reason: listing.revoked_reason } : {}) }] }
      : null,
  });
}

/** The buyer-safe trust of a version: its realm and the staff key that signed it. */
export function buyerTrust(
  decision: LoadDecision,
  version: VersionRow,
): { realm: 'app' | 'sandbox' | null; signedBy: string | null } {
  return { realm: decision.realm, signedBy: decision.realm === 'app' ? (version.signature?.keyId ?? null) : null };
}

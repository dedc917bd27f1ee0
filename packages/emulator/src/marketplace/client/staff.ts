// `extkit marketplace`'s library side: the staff actions on a marketplace's admin surface,
// staff keys (made with node:crypto, ed25519) and signing a version's hash.
import { generateKeyPairSync } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { keyIdOf, signIntegrity } from '@extkit/bundler';
import type { ManifestChange } from '@extkit/manifest/diff';
import type { ListingState, StaffAction } from '../lifecycle.js';
import type { MarketplaceDiagnostic } from '../refusals.js';
import type { VersionState } from '../review.js';
import { call, marketplaceOrigin } from './http.js';

/** A listing as staff see it (the admin surface's answer). */
export interface StaffListing {
  id: string;
  publisher: string;
  state: ListingState;
  verified: boolean;
  reason: string | null;
  next: string;
  revoked: { reason: string | null } | null;
  versions: Array<{
    version: string;
    integrity: string;
    hostAbi: number;
    changelog: string | null;
    date: string;
    /** The version's own review state: `listed` is live. */
    state: VersionState;
    reason?: string | null;
    trust: { realm: 'app' | 'sandbox' | null; signedBy: string | null };
    load: { loads: boolean; realm: string | null; reasons: MarketplaceDiagnostic[] };
    /** What a reviewer judges: the manifest's capabilities, contributes and config fields. */
    capabilities: Record<string, unknown> | null;
    contributes: Record<string, unknown> | null;
    config: { fields: unknown[] };
  }>;
  /** After a staff move: the version it concerned and what that version changes since the last approved one. */
  moved?: {
    version: string | null;
    review: { since: string | null; widens: boolean; changes: ManifestChange[] } | null;
  };
}

export type StaffResult<T> =
  { ok: true; errors: []; value: T } | { ok: false; errors: MarketplaceDiagnostic[]; value: null };

const settle = <T>(r: { ok: true; body: T } | { ok: false; errors: MarketplaceDiagnostic[] }): StaffResult<T> =>
  r.ok ? { ok: true, errors: [], value: r.body } : { ok: false, errors: r.errors, value: null };

/** Every listing, whatever its state (staff see them all). */
export async function staffListings(marketplace?: string): Promise<StaffResult<StaffListing[]>> {
  const r = await call<{ data: StaffListing[] }>(
    marketplaceOrigin(marketplace),
    'GET',
    '/__emulator/marketplace/listings',
  );
  return r.ok ? { ok: true, errors: [], value: r.body.data } : { ok: false, errors: r.errors, value: null };
}

/**
 * One review move (review, approve, verify, reject with a reason) or a revocation (with a reason).
 * With `version`, the move is that version's (one held for review because it widens); without,
 * the listing's, or, for review and approve on a listed listing, its newest held version's.
 */
export async function staffAction(
  action: StaffAction | 'revoke',
  listing: string,
  options: { marketplace?: string; reason?: string; version?: string } = {},
): Promise<StaffResult<StaffListing>> {
  const body = {
    ...(options.reason !== undefined ? { reason: options.reason } : {}),
    ...(options.version !== undefined ? { version: options.version } : {}),
  };
  return settle(
    await call<StaffListing>(
      marketplaceOrigin(options.marketplace),
      'POST',
      `/__emulator/marketplace/listings/${encodeURIComponent(listing)}/${action}`,
      { body },
    ),
  );
}

/** Writes a new ed25519 staff key pair (`<out>` private, `<out minus .key.pem>.pub.pem` public) and registers the public key. */
export async function generateStaffKey(
  out: string,
  options: { marketplace?: string; register?: boolean } = {},
): Promise<StaffResult<{ keyId: string; privateKey: string; publicKey: string; registered: boolean }>> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const pub = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const publicFile = out.replace(/(\.key)?\.pem$/, '') + '.pub.pem';
  try {
    await writeFile(out, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), { mode: 0o600, flag: 'wx' });
    await writeFile(publicFile, pub, { flag: 'wx' });
  } catch (err) {
    const exists = (err as NodeJS.ErrnoException).code === 'EEXIST';
    return {
      ok: false,
      errors: [
        {
          code: 'marketplace.key_unwritable',
          message: exists
            ? `${(err as { path?: string }).path ?? out} exists; a key is never overwritten. Pick another --out.`
            : `Cannot write the key: ${(err as Error).message}.`,
        },
      ],
      value: null,
    };
  }
  const value = { keyId: keyIdOf(publicKey), privateKey: out, publicKey: publicFile, registered: false };
  if (options.register === false) return { ok: true, errors: [], value };
  const r = await registerStaffKey(pub, options.marketplace);
  return r.ok
    ? { ok: true, errors: [], value: { ...value, registered: true } }
    : { ok: false, errors: r.errors, value: null };
}

/** Registers a staff public key (PEM) with the marketplace: its signatures then put versions in the app realm. */
export async function registerStaffKey(
  publicKeyPem: string,
  marketplace?: string,
): Promise<StaffResult<{ keyId: string }>> {
  return settle(
    await call<{ keyId: string }>(marketplaceOrigin(marketplace), 'POST', '/__emulator/marketplace/staff-keys', {
      body: { publicKey: publicKeyPem },
    }),
  );
}

/** Signs `listing@version`'s hash with the staff private key in `keyFile` and stores the signature. */
export async function signVersion(
  listing: string,
  version: string,
  keyFile: string,
  options: { marketplace?: string } = {},
): Promise<StaffResult<StaffListing>> {
  const origin = marketplaceOrigin(options.marketplace);
  let keyText: string;
  try {
    keyText = await readFile(keyFile, 'utf8');
  } catch (err) {
    return {
      ok: false,
      errors: [{ code: 'sign.key_unusable', message: `Cannot read the key ${keyFile}: ${(err as Error).message}.` }],
      value: null,
    };
  }
  const found = await call<StaffListing>(
    origin,
    'GET',
    `/__emulator/marketplace/listings/${encodeURIComponent(listing)}`,
  );
  if (!found.ok) return { ok: false, errors: found.errors, value: null };
  const v = found.body.versions.find((x) => x.version === version);
  if (!v)
    return {
      ok: false,
      errors: [
        {
          code: 'marketplace.not_found',
          message: `${listing} has no version ${version} (it has ${found.body.versions.map((x) => x.version).join(', ') || 'none'}).`,
        },
      ],
      value: null,
    };
  let signature;
  try {
    signature = signIntegrity({ id: listing, version, integrity: v.integrity }, keyText);
  } catch (err) {
    return {
      ok: false,
      errors: [
        {
          code: 'sign.key_unusable',
          message: `${keyFile} is not an ed25519 private key in PEM: ${(err as Error).message}.`,
        },
      ],
      value: null,
    };
  }
  return settle(
    await call<StaffListing>(
      origin,
      'POST',
      `/__emulator/marketplace/listings/${encodeURIComponent(listing)}/versions/${encodeURIComponent(version)}/signature`,
      { body: { signature } },
    ),
  );
}

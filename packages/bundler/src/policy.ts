import { shownPath } from './artifact/path.js';
import type { Revocations } from './trust/revocations.js';
import { keyIdOf, signatureHolds, type PublicKeyInput, type SignatureFile } from './trust/signature.js';

/** What the loader knows about one installed version and the host it would load into. */
export interface LoadInput {
  /** The installed version's manifest (its id, hostAbi and contributes are read). */
  manifest: { id: string; version?: string; hostAbi: number; contributes?: unknown };
  /** The installed artifact's integrity, recomputed from its files. */
  integrity: string;
  /** The integrity the install pinned; omitted when nothing was pinned. */
  pinnedIntegrity?: string;
  /** The host's ABI generation; omitted to skip the check. */
  hostAbi?: number;
  /**
   * Paths in the installed artifact that its integrity does not cover (unlisted files,
   * symbolic links, a record whose listing no longer hashes): any one means it never loads.
   */
  uncovered?: readonly string[];
  /** A staff signature over the version's integrity. */
  signature?: SignatureFile | null;
  /** Public keys whose signatures put a version in the app realm. */
  trustedKeys?: readonly PublicKeyInput[];
  /** Revoked listings. */
  revocations?: Revocations | null;
  /**
   * The listing this version belongs to, `<publisher>.<id>`: what a revocation names. When a
   * revocation list is given without it, the version never loads (which listing is unknown).
   */
  listing?: string;
}

/** One reason of a load decision, with a stable code (docs/build.md). */
export interface LoadReason {
  code: string;
  message: string;
}

/** Whether a version loads, into which realm (null when it does not load), and why. */
export interface LoadDecision {
  loads: boolean;
  realm: 'app' | 'sandbox' | null;
  reasons: LoadReason[];
}

const LIST_KEYS: Record<string, string[]> = {
  site: ['components', 'features'],
  console: ['slots', 'routes', 'orgRoutes'],
};

/** True when `contributes` is present and declares no place at all (`{}`): such a version loads nowhere. */
function declaresNothing(contributes: unknown): boolean {
  if (contributes === undefined || contributes === null || typeof contributes !== 'object') return false;
  const c = contributes as Record<string, Record<string, unknown> | undefined>;
  if (c.console?.shell === true) return false;
  return Object.entries(LIST_KEYS).every(([area, keys]) =>
    keys.every((k) => !Array.isArray(c[area]?.[k]) || (c[area][k] as unknown[]).length === 0),
  );
}

/**
 * The loader policy: a revoked listing never loads (matched by `<publisher>.<id>`), nor does a hostAbi mismatch,
 * a pinned hash that differs, an artifact holding what its hash does not cover,
 * or a version that declares nothing; a loading version
 * goes to the app realm only with a valid signature over its integrity by a
 * trusted key, otherwise to the sandbox. Every refusal that applies is listed.
 * @example decideLoad({ manifest, integrity, hostAbi: 2, signature, trustedKeys: [pem] })
 */
export function decideLoad(input: LoadInput): LoadDecision {
  const { manifest, integrity } = input;
  const refusals: LoadReason[] = [];
  const revoked = input.revocations?.revoked.find((r) => r.listing === input.listing);
  if (revoked) {
    refusals.push({
      code: 'load.revoked',
      message: `The listing "${revoked.listing}" is revoked${revoked.reason ? `: ${revoked.reason}` : ''}. A revocation beats every signature and pin.`,
    });
  } else if (input.revocations && input.revocations.revoked.length > 0 && input.listing === undefined) {
    refusals.push({
      code: 'load.listing_unknown',
      message: `A revocation list is given, but not which listing (<publisher>.${manifest.id}) this version belongs to, so whether it is revoked is unknown.`,
    });
  }
  if (input.hostAbi !== undefined && input.hostAbi !== manifest.hostAbi) {
    refusals.push({
      code: 'load.host_abi_mismatch',
      message: `The version is built for hostAbi ${manifest.hostAbi}; the host runs hostAbi ${input.hostAbi}. A mismatch never loads.`,
    });
  }
  if (input.pinnedIntegrity !== undefined && input.pinnedIntegrity !== integrity) {
    refusals.push({
      code: 'load.integrity_mismatch',
      message: `The install pinned ${input.pinnedIntegrity}, but the artifact's integrity is ${integrity}. A pinned hash that differs never loads.`,
    });
  }
  if (input.uncovered && input.uncovered.length > 0) {
    const shown =
      input.uncovered.slice(0, 5).map(shownPath).join(', ') +
      (input.uncovered.length > 5 ? ` and ${input.uncovered.length - 5} more` : '');
    refusals.push({
      code: 'load.uncovered',
      message: `The artifact holds what its integrity does not cover (${shown}). Only what the hash covers may load, so nothing does.`,
    });
  }
  if (declaresNothing(manifest.contributes)) {
    refusals.push({
      code: 'load.declares_nothing',
      message: 'manifest.json declares "contributes" with no place in it, so the version loads nowhere.',
    });
  }
  if (refusals.length > 0) return { loads: false, realm: null, reasons: refusals };
  return { loads: true, ...realmOf(input) };
}

function realmOf(input: LoadInput): { realm: 'app' | 'sandbox'; reasons: LoadReason[] } {
  const sig = input.signature;
  const sandbox = (code: string, message: string) => ({
    realm: 'sandbox' as const,
    reasons: [{ code, message: `${message} It loads into the sandbox realm.` }],
  });
  if (!sig) return sandbox('load.unsigned', 'No staff signature covers this version.');
  if (sig.integrity !== input.integrity)
    return sandbox(
      'load.signature_other_artifact',
      `The signature covers ${sig.integrity}, not this artifact's ${input.integrity}.`,
    );
  const keys = input.trustedKeys ?? [];
  const signer = keys.find((k) => signatureHolds(sig, input.integrity, k));
  if (signer)
    return {
      realm: 'app',
      reasons: [
        {
          code: 'load.signed',
          message: `Signed by trusted key ${keyIdOf(signer)}: the version loads into the app realm.`,
        },
      ],
    };
  const idOf = (k: PublicKeyInput): string | null => {
    try {
      return keyIdOf(k);
    } catch {
      return null;
    }
  };
  if (keys.some((k) => idOf(k) === sig.keyId))
    return sandbox(
      'load.signature_invalid',
      `The signature by key ${sig.keyId} does not hold over ${input.integrity}.`,
    );
  return sandbox('load.signature_untrusted', `The signature is by key ${sig.keyId}, which is not a trusted key.`);
}

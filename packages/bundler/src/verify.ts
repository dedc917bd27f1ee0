import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { HOST_ABI } from '@extkit/runtime';
import { checkArtifact } from './artifact/check.js';
import { decideLoad, type LoadDecision } from './policy.js';
import { LISTING_ID, parseRevocations, type Revocations } from './trust/revocations.js';
import { parseSignature, type SignatureFile } from './trust/signature.js';
import type { ArtifactRecord, Diagnostic } from './types.js';

/** Options of `verify`: what the install pinned and what the loader policy is given, as files. */
export interface VerifyOptions {
  /** The integrity the install pins; a different one never loads. */
  integrity?: string;
  /** PEM files of trusted ed25519 public keys. */
  trustedKeyFiles?: string[];
  /** A signature file written by `sign`. */
  signatureFile?: string;
  /** A revocation list file; it names listings, so `listing` is needed with it. */
  revokedFile?: string;
  /** The listing this artifact was published as, `<publisher>.<id>`: what a revocation names. */
  listing?: string;
  /** The version the install pins: an artifact of another version never loads, whatever signs it. */
  version?: string;
  /** The host's ABI generation; default HOST_ABI, the kit's current one. */
  hostAbi?: number;
}

/** What `verify` found: the artifact's hash check and the loader's decision. */
export interface VerifyResult {
  /** True when every hash holds and the version loads. */
  ok: boolean;
  errors: Diagnostic[];
  warnings: Diagnostic[];
  artifact: ArtifactRecord | null;
  /** The integrity recomputed from the files on disk. */
  integrity: string | null;
  /** The host ABI generation the version was held against, and whether it was given or the kit's current one. */
  hostAbi: { value: number; source: 'given' | 'kit' };
  /** The loader policy's answer; null when the artifact, or a trust input (key, signature, revocation list), could not be read. */
  decision: LoadDecision | null;
}

type Read<T> = { value: T } | { error: Diagnostic };

async function readInput<T>(
  file: string,
  code: string,
  what: string,
  parse: (text: string) => T | string,
): Promise<Read<T>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    return {
      error: {
        code,
        message: `Cannot read the ${what} ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (err as Error).message}.`,
      },
    };
  }
  const parsed = parse(text);
  return typeof parsed === 'string'
    ? { error: { code, message: `The ${what} ${file} is not usable: ${parsed}.` } }
    : { value: parsed };
}

function parseKey(text: string): KeyObject | string {
  try {
    const key = createPublicKey(text);
    return key.asymmetricKeyType === 'ed25519'
      ? key
      : `it is a ${key.asymmetricKeyType ?? 'non-asymmetric'} key, not ed25519`;
  } catch {
    return 'it is not a PEM public key (-----BEGIN PUBLIC KEY-----)';
  }
}

/**
 * Re-hashes the artifact at `dir` (a changed, missing or extra file, or a symbolic
 * link, fails, naming it) and asks the loader policy whether it loads and into
 * which realm; whatever fails the check, the decision is never "loads".
 * @example const r = await verify('artifacts/my-ext/1.0.0', { integrity: 'sha256-…', hostAbi: 1 });
 */
export async function verify(dir: string, options: VerifyOptions = {}): Promise<VerifyResult> {
  const root = resolve(dir);
  const checked = await checkArtifact(root);
  const errors = [...checked.errors];
  const hostAbi =
    options.hostAbi !== undefined
      ? { value: options.hostAbi, source: 'given' as const }
      : { value: HOST_ABI, source: 'kit' as const };
  const result: VerifyResult = {
    ok: false,
    errors,
    warnings: [],
    artifact: checked.record,
    integrity: checked.integrity,
    hostAbi,
    decision: null,
  };

  const keys: KeyObject[] = [];
  for (const file of options.trustedKeyFiles ?? []) {
    const key = await readInput(file, 'verify.key_unusable', 'trusted key', parseKey);
    if ('error' in key) errors.push(key.error);
    else keys.push(key.value);
  }
  let signature: SignatureFile | null = null;
  if (options.signatureFile) {
    const sig = await readInput(options.signatureFile, 'verify.signature_unusable', 'signature file', parseSignature);
    if ('error' in sig) errors.push(sig.error);
    else signature = sig.value;
  }
  let revocations: Revocations | null = null;
  if (options.revokedFile) {
    const rev = await readInput(
      options.revokedFile,
      'verify.revocations_unusable',
      'revocation list',
      parseRevocations,
    );
    if ('error' in rev) errors.push(rev.error);
    else revocations = rev.value;
  }
  if (options.listing !== undefined && !LISTING_ID.test(options.listing)) {
    errors.push({
      code: 'verify.listing_invalid',
      message: `The listing ${JSON.stringify(options.listing)} is not <publisher>.<id> in kebab-case (e.g. acme.hello-card).`,
    });
  } else if (options.revokedFile && options.listing === undefined) {
    errors.push({
      code: 'verify.listing_required',
      message:
        'A revocation list names listings (<publisher>.<id>), and an artifact does not record its publisher: say which listing this is with --listing <publisher>.<id>.',
    });
  }
  // A trust input that cannot be read decides nothing: a revocation list nobody could read revokes nothing.
  if (!checked.record || !checked.integrity || errors.length > checked.errors.length) return result;

  let manifest: { id: string; version?: string; hostAbi: number; contributes?: unknown };
  try {
    // The bytes the check hashed, never read again: a file changed since can decide nothing.
    if (checked.manifestText === null) {
      if (!errors.some((e) => e.code === 'verify.file_missing' || e.code === 'verify.file_not_allowed'))
        errors.push({
          code: 'verify.manifest_unreadable',
          message: "The artifact's manifest.json cannot be read: it is not there as a regular file.",
        });
      return result;
    }
    manifest = JSON.parse(checked.manifestText) as typeof manifest;
  } catch (err) {
    if (!errors.some((e) => e.code === 'verify.file_missing'))
      errors.push({
        code: 'verify.manifest_unreadable',
        message: `The artifact's manifest.json cannot be read: ${(err as Error).message}.`,
      });
    return result;
  }
  if (
    manifest.id !== checked.record.id ||
    manifest.version !== checked.record.version ||
    typeof manifest.hostAbi !== 'number'
  ) {
    errors.push({
      code: 'verify.manifest_mismatch',
      message: `manifest.json says ${manifest.id}@${manifest.version} (hostAbi ${manifest.hostAbi}), artifact.json says ${checked.record.id}@${checked.record.version}.`,
    });
    return result;
  }
  if (options.listing !== undefined && options.listing.slice(options.listing.indexOf('.') + 1) !== manifest.id) {
    errors.push({
      code: 'verify.listing_mismatch',
      message: `The listing ${options.listing} is not this artifact's: its manifest id is "${manifest.id}", so its listing is <publisher>.${manifest.id}.`,
    });
    return result;
  }
  if (options.version !== undefined && manifest.version !== options.version) {
    errors.push({
      code: 'verify.version_mismatch',
      message: `The install pins version ${JSON.stringify(options.version)}, but this artifact is ${manifest.id}@${manifest.version}: another version's bytes never load in its place.`,
    });
    return result;
  }
  result.decision = decideLoad({
    manifest,
    integrity: checked.integrity,
    // Without --integrity, the hash artifact.json records is the pin: a changed file never loads.
    pinnedIntegrity: options.integrity ?? checked.record.integrity,
    hostAbi: hostAbi.value,
    uncovered: checked.uncovered,
    signature,
    trustedKeys: keys,
    revocations,
    ...(options.listing !== undefined ? { listing: options.listing } : {}),
  });
  result.ok = errors.length === 0 && result.decision.loads;
  return result;
}

import {
  createHash,
  createPrivateKey,
  createPublicKey,
  sign as edSign,
  verify as edVerify,
  type KeyObject,
} from 'node:crypto';

/** A signature file: an ed25519 signature over an artifact's integrity string (docs/build.md, "Signing"). */
export interface SignatureFile {
  signature: 1;
  algorithm: 'ed25519';
  id: string;
  version: string;
  /** The integrity that was signed, `sha256-<base64>`. */
  integrity: string;
  /** Fingerprint of the signing key: the first 16 hex digits of sha256 over its SPKI DER. */
  keyId: string;
  /** base64 of the 64-byte ed25519 signature over the UTF-8 bytes of `integrity`. */
  value: string;
}

/** A public key: PEM text (SPKI) or a KeyObject. */
export type PublicKeyInput = string | KeyObject;

/** The fingerprint `keyId` names a key by. */
export function keyIdOf(key: PublicKeyInput): string {
  const pub = typeof key === 'string' ? createPublicKey(key) : key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256')
    .update(pub.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
}

/** Signs an artifact's integrity with an ed25519 private key (PEM PKCS#8 text or KeyObject). */
export function signIntegrity(
  artifact: { id: string; version: string; integrity: string },
  privateKey: string | KeyObject,
): SignatureFile {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  if (key.asymmetricKeyType !== 'ed25519')
    throw new TypeError(`the signing key is ${key.asymmetricKeyType ?? 'not an asymmetric key'}, not ed25519`);
  const value = edSign(null, Buffer.from(artifact.integrity, 'utf8'), key).toString('base64');
  return {
    signature: 1,
    algorithm: 'ed25519',
    id: artifact.id,
    version: artifact.version,
    integrity: artifact.integrity,
    keyId: keyIdOf(key),
    value,
  };
}

/** True when `sig` is a valid ed25519 signature by `key` over `integrity`. */
export function signatureHolds(sig: SignatureFile, integrity: string, key: PublicKeyInput): boolean {
  try {
    const pub = typeof key === 'string' ? createPublicKey(key) : key;
    return (
      pub.asymmetricKeyType === 'ed25519' &&
      edVerify(null, Buffer.from(integrity, 'utf8'), pub, Buffer.from(sig.value, 'base64'))
    );
  } catch {
    return false;
  }
}

/** Reads a signature file's JSON, or says what is wrong with it. */
export function parseSignature(text: string): SignatureFile | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return `it is not JSON (${(err as Error).message})`;
  }
  const s = data as Partial<SignatureFile> | null;
  if (!s || typeof s !== 'object' || s.signature !== 1 || s.algorithm !== 'ed25519')
    return 'it is not an extkit signature ("signature": 1, "algorithm": "ed25519")';
  for (const k of ['id', 'version', 'integrity', 'keyId', 'value'] as const)
    if (typeof s[k] !== 'string') return `"${k}" is missing or not a string`;
  return s as SignatureFile;
}

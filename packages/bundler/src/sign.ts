import { createPrivateKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { checkArtifact } from './artifact/check.js';
import { writeNoFollow } from './artifact/no-follow.js';
import { signIntegrity, type SignatureFile } from './trust/signature.js';
import type { Diagnostic } from './types.js';

/** What `sign` did: the signature and the file it wrote, or why it refused. */
export interface SignResult {
  ok: boolean;
  errors: Diagnostic[];
  signature: SignatureFile | null;
  /** Where the signature file was written. */
  file: string | null;
}

/** Where `sign` writes by default: beside the artifact folder, `<out>/<id>/<version>.sig.json`. */
export function defaultSignaturePath(artifactDir: string): string {
  return `${resolve(artifactDir)}.sig.json`;
}

/**
 * Signs the artifact at `dir` with an ed25519 private key (a PEM PKCS#8 file) after
 * re-hashing it; a broken artifact is never signed. Writes the signature file outside
 * the artifact, which stays immutable.
 * @example await sign('artifacts/my-ext/1.0.0', 'staff.key.pem')
 */
export async function sign(dir: string, keyFile: string, options: { out?: string } = {}): Promise<SignResult> {
  const fail = (code: string, message: string): SignResult => ({
    ok: false,
    errors: [{ code, message }],
    signature: null,
    file: null,
  });
  let keyText: string;
  try {
    keyText = await readFile(keyFile, 'utf8');
  } catch (err) {
    return fail('sign.key_unusable', `Cannot read the key ${keyFile}: ${(err as Error).message}.`);
  }
  let key;
  try {
    key = createPrivateKey(keyText);
  } catch {
    return fail(
      'sign.key_unusable',
      `${keyFile} is not a PEM private key (-----BEGIN PRIVATE KEY-----). Make one with: openssl genpkey -algorithm ed25519 -out ${keyFile}`,
    );
  }
  if (key.asymmetricKeyType !== 'ed25519')
    return fail('sign.key_unusable', `${keyFile} is a ${key.asymmetricKeyType} key; extkit signs with ed25519 only.`);
  const checked = await checkArtifact(resolve(dir));
  if (!checked.record || checked.errors.length > 0) {
    return {
      ok: false,
      errors: [
        { code: 'sign.artifact_invalid', message: `${dir} fails verification, so it is not signed.` },
        ...checked.errors,
      ],
      signature: null,
      file: null,
    };
  }
  const signature = signIntegrity(checked.record, key);
  const file = resolve(options.out ?? defaultSignaturePath(dir));
  try {
    // Beside the artifact in its store, never through a link planted at the name or its folder.
    await writeNoFollow(dirname(file), file, `${JSON.stringify(signature, null, 2)}\n`);
  } catch (err) {
    return fail('sign.out_unwritable', `Cannot write the signature to ${file}: ${(err as Error).message}.`);
  }
  return { ok: true, errors: [], signature, file };
}

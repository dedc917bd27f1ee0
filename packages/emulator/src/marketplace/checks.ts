// What a publish (and its dry run) must pass before it touches the store, each by the kit's
// own code: the re-hash of `extkit verify`, the validator of `extkit validate` (with the key's
// publisher handle), an origin on loopback or a private network (`privateOrigin`, the rule
// behind the validator's warning), and the bundle scan of `extkit build`.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { scanBundle, verify, type ArtifactRecord } from '@extkit/bundler';
import { privateOrigin, validateManifest, type Manifest } from '@extkit/manifest';
import { Refusal, type MarketplaceDiagnostic } from './refusals.js';

export interface CheckedUpload {
  record: ArtifactRecord;
  manifest: Manifest;
}

const NAMESPACE_CODES = new Set([
  'contributes.site.components.wrong_publisher',
  'contributes.site.components.wrong_extension',
]);
const REGISTRATION_CODES = new Set(['scan.undeclared_registration', 'scan.contributes_missing']);

const plain = (d: { code: string; message: string; path?: string }): MarketplaceDiagnostic => ({
  code: d.code,
  message: d.message,
  ...(d.path !== undefined ? { path: d.path } : {}),
});

/** Holds the artifact in `dir` (an upload written to disk) to every publish rule that needs no store. */
export async function checkUpload(dir: string, publisher: string): Promise<CheckedUpload> {
  const verified = await verify(dir);
  if (!verified.artifact || verified.errors.length > 0) {
    const mismatch = verified.errors.find((e) => e.code === 'verify.manifest_mismatch');
    if (mismatch && verified.errors.length === 1) throw new Refusal('publish.manifest_mismatch', mismatch.message);
    throw new Refusal(
      'publish.tampered',
      'The upload does not hash to what its artifact.json records, so it is refused: what is stored is exactly what was built.',
      verified.errors.map(plain),
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  } catch (err) {
    throw new Refusal('publish.manifest_invalid', `manifest.json is not JSON: ${(err as Error).message}.`);
  }
  const report = validateManifest(data, { publisher });
  if (!report.valid) {
    const namespace = report.errors.filter((e) => NAMESPACE_CODES.has(e.code));
    if (namespace.length > 0) {
      throw new Refusal(
        'publish.component_namespace',
        `A component id is outside the namespace of publisher "${publisher}": component ids are <publisher handle>.<manifest id>.<role>.`,
        report.errors.map(plain),
      );
    }
    throw new Refusal(
      'publish.manifest_invalid',
      'manifest.json fails validation (the same validator as extkit validate); invalid manifests never publish.',
      report.errors.map(plain),
    );
  }
  const manifest = report.manifest;
  const local = (manifest.capabilities?.network ?? []).flatMap((origin, i): MarketplaceDiagnostic[] => {
    const reach = privateOrigin(origin);
    return reach === null
      ? []
      : [
          {
            code: 'capabilities.network.private_address',
            path: `/capabilities/network/${i}`,
            message: `"${origin}" is ${reach}.`,
          },
        ];
  });
  if (local.length > 0)
    throw new Refusal(
      'publish.loopback_origin',
      "capabilities.network lists an origin on loopback or a private network: in an installer's browser it reaches their own machine or network, never your server. Declare the public origin the extension calls in production.",
      local,
    );
  const scan = await scanBundle(join(dir, manifest.entry), manifest, { name: manifest.entry });
  if (scan.errors.length > 0) {
    const undeclared = scan.errors.some((e) => REGISTRATION_CODES.has(e.code));
    throw new Refusal(
      undeclared ? 'publish.registration_undeclared' : 'publish.scan_failed',
      undeclared
        ? 'The bundle registers what manifest.json\'s "contributes" does not declare; such a registration is refused at publish.'
        : 'The bundle could not be scanned for what it registers, so it is refused.',
      scan.errors.map(plain),
    );
  }
  return { record: verified.artifact, manifest };
}

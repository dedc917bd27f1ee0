// A published version's artifact, downloaded as it was published, without installing it:
// what `extkit diff <listing>@<version>` compares (docs/diff.md, "Inputs").
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { MarketplaceDiagnostic } from '../refusals.js';
import { inside } from '../upload.js';
import { call, marketplaceOrigin } from './http.js';

/**
 * Writes the files of `listing`'s `version` into `dir` (empty or missing) and returns the
 * integrity the marketplace records for it; the caller re-hashes the folder against it.
 * @example const r = await downloadVersion('acme.hello-card', '0.2.0', { dir: tmp })
 */
export async function downloadVersion(
  listing: string,
  version: string,
  options: { marketplace?: string; key?: string; dir: string },
): Promise<{ ok: true; integrity: string } | { ok: false; errors: MarketplaceDiagnostic[] }> {
  const path = `/api/marketplace/listings/${encodeURIComponent(listing)}/versions/${encodeURIComponent(version)}/artifact`;
  const reply = await call<{ files: Record<string, string>; integrity: string }>(
    marketplaceOrigin(options.marketplace),
    'GET',
    path,
    { key: options.key },
  );
  if (!reply.ok) return reply;
  for (const [file, b64] of Object.entries(reply.body.files)) {
    if (!inside(file))
      return {
        ok: false,
        errors: [
          {
            code: 'install.artifact_unsafe',
            message: `The marketplace sent a file outside the artifact (${JSON.stringify(file)}); nothing was written for it.`,
          },
        ],
      };
    await mkdir(dirname(join(options.dir, file)), { recursive: true });
    await writeFile(join(options.dir, file), Buffer.from(b64, 'base64'));
  }
  return { ok: true, integrity: reply.body.integrity };
}

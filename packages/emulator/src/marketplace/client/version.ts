// A published version's artifact, downloaded as it was published, without installing it:
// what `extkit diff <listing>@<version>` compares (docs/diff.md, "Inputs").
import type { MarketplaceDiagnostic } from '../refusals.js';
import { writeServedFiles } from './files.js';
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
  const unsafe = await writeServedFiles(options.dir, options.dir, reply.body.files);
  if (unsafe) return { ok: false, errors: [unsafe] };
  return { ok: true, integrity: reply.body.integrity };
}

// `extkit publish`'s library side: upload an artifact folder to a marketplace and say
// where its listing stands and what happens next.
import { join } from 'node:path';
import type { ManifestChange } from '@extkit/manifest/diff';
import { nextStep, type ListingState } from '../lifecycle.js';
import type { MarketplaceDiagnostic } from '../refusals.js';
import { artifactPathsProblem, readNoFollow, shownPath } from '@extkit/bundler';
import type { VersionState } from '../review.js';
import { call, marketplaceOrigin } from './http.js';

export interface PublishOptions {
  /** The marketplace's URL; default the local emulator's. */
  marketplace?: string;
  /** The publisher key. */
  key: string;
  changelog?: string;
  /** Run every check the marketplace runs and answer what publishing would do; store nothing. */
  dryRun?: boolean;
}

/** What the version changes since the last approved version, and whether that holds it for review. */
export interface PublishReview {
  since: string | null;
  widens: boolean;
  held: boolean;
  changes: ManifestChange[];
}

/** What a publish did, in the validator's shape: `ok`, `errors`, `warnings`, and the listing's standing. */
export interface PublishResult {
  ok: boolean;
  errors: MarketplaceDiagnostic[];
  warnings: MarketplaceDiagnostic[];
  marketplace: string;
  listing: string | null;
  version: string | null;
  integrity: string | null;
  state: ListingState | null;
  /** The version's own review state: `listed` is live, `submitted` waits for a reviewer. */
  versionState: VersionState | null;
  /** False when these very bytes were already published (the existing version answered). */
  created: boolean | null;
  /** True when nothing was stored: every check ran and this is what publishing would do. */
  dryRun: boolean;
  review: PublishReview | null;
  /** The reviewer's reason, when the listing is rejected. */
  reason: string | null;
  /** What happens next, for a person. */
  next: string | null;
}

/** A publish that stored nothing: `errors` say why, and the listing's standing is unknown. */
export const notPublished = (
  marketplace: string,
  dryRun: boolean,
  errors: MarketplaceDiagnostic[],
  warnings: MarketplaceDiagnostic[] = [],
): PublishResult => ({
  ok: false,
  errors,
  warnings,
  marketplace,
  listing: null,
  version: null,
  integrity: null,
  state: null,
  versionState: null,
  created: null,
  reason: null,
  next: null,
  review: null,
  dryRun,
});

class UnsafeUpload extends Error {}

/** The upload body of the artifact in `dir`: artifact.json and every file it lists, as base64. */
export async function readUpload(dir: string): Promise<{ files: Record<string, string> }> {
  // Nothing is read through a link: a linked file would send bytes from elsewhere on this machine.
  const recordText = await readNoFollow(dir, join(dir, 'artifact.json'));
  const record = JSON.parse(recordText.toString('utf8')) as { files?: Array<{ path: string }> };
  const files: Record<string, string> = { 'artifact.json': recordText.toString('base64') };
  // A listed path the artifact path rule refuses is never read, nor sent.
  const listed = (record.files ?? []).map((f) => f.path);
  const unsafe = artifactPathsProblem(listed);
  if (unsafe) throw new UnsafeUpload(`artifact.json lists ${shownPath(unsafe.path)}: ${unsafe.problem}`);
  for (const path of listed) files[path] = (await readNoFollow(dir, join(dir, path))).toString('base64');
  return { files };
}

/**
 * Publishes the artifact folder `dir` (`<out>/<id>/<version>`) to a marketplace.
 * @example await publishArtifact('artifacts/hello-card/0.1.0', { key })
 */
export async function publishArtifact(dir: string, options: PublishOptions): Promise<PublishResult> {
  const marketplace = marketplaceOrigin(options.marketplace);
  const dryRun = options.dryRun === true;
  let upload: { files: Record<string, string> };
  try {
    upload = await readUpload(dir);
  } catch (err) {
    if (err instanceof UnsafeUpload)
      return notPublished(marketplace, dryRun, [
        {
          code: 'publish.upload_invalid',
          message: `${err.message}; nothing was sent. An artifact's paths are plain ASCII (letters, digits, "_ @ + . -", "/" between segments): build it again with extkit build.`,
        },
      ]);
    return notPublished(marketplace, dryRun, [
      {
        code: 'publish.artifact_unreadable',
        message: `Cannot read the artifact in ${dir}: ${(err as Error).message}. Build it first (extkit build).`,
      },
    ]);
  }
  const reply = await call<{
    listing: string;
    version: string;
    integrity: string;
    state: ListingState;
    versionState?: VersionState;
    created: boolean;
    reason: string | null;
    review?: PublishReview;
  }>(marketplace, 'POST', '/api/marketplace/versions', {
    key: options.key,
    body: {
      ...upload,
      ...(options.changelog !== undefined ? { changelog: options.changelog } : {}),
      ...(dryRun ? { dryRun: true } : {}),
    },
  });
  if (!reply.ok) return notPublished(marketplace, dryRun, reply.errors);
  const b = reply.body;
  // A marketplace that does not know dry runs ignores the member and publishes: say so, never "would".
  if (dryRun && (b as { dryRun?: unknown }).dryRun !== true)
    return notPublished(marketplace, dryRun, [
      {
        code: 'publish.dry_run_unsupported',
        message: `${marketplace} answered the dry run as a publish (it does not know "dryRun"), so ${b.listing}@${b.version} may now be published${b.created ? ' (it says it created it)' : ''}. Check with extkit marketplace listings before publishing again.`,
      },
    ]);
  return {
    ok: true,
    errors: [],
    warnings: [],
    marketplace,
    listing: b.listing,
    version: b.version,
    integrity: b.integrity,
    state: b.state,
    versionState: b.versionState ?? null,
    created: b.created,
    reason: b.reason,
    next: nextAfterPublish(b.listing, b.version, b.state, b.versionState ?? null, b.review ?? null),
    review: b.review ?? null,
    dryRun,
  };
}

/** What happens next, for a person: the listing's next step, or why the version waits for a reviewer. */
export function nextAfterPublish(
  listing: string,
  version: string,
  state: ListingState,
  versionState: VersionState | null,
  review: PublishReview | null,
): string {
  const widening = review?.changes.filter((c) => c.widens) ?? [];
  const browsable = state === 'listed' || state === 'verified' || state === 'legacy';
  if (!browsable || versionState === null) return nextStep(state);
  if (versionState === 'listed')
    return review?.since
      ? `live: it widens nothing since ${review.since}, the last approved version, so buyers see and install it now`
      : nextStep(state);
  if (versionState === 'rejected') return `rejected: fix what the reason says and publish a new version`;
  return `held for review: it widens what the extension reaches since ${review?.since ?? 'the last approved version'} (${widening.map((c) => c.message).join('; ')}); buyers keep seeing and installing ${review?.since ?? 'the last approved version'} until staff approve ${version} (extkit marketplace review ${listing} ${version})`;
}

/**
 * The publisher key for `handle` from a local emulator's admin surface (created on first use).
 * Only a marketplace on this machine gives keys out this way.
 */
export async function localPublisherKey(
  marketplace: string | undefined,
  handle: string,
): Promise<{ ok: true; key: string } | { ok: false; errors: MarketplaceDiagnostic[] }> {
  const reply = await call<{ key: string }>(
    marketplaceOrigin(marketplace),
    'POST',
    '/__emulator/marketplace/publishers',
    { body: { handle } },
  );
  return reply.ok ? { ok: true, key: reply.body.key } : { ok: false, errors: reply.errors };
}

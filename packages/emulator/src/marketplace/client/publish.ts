// `extkit publish`'s library side: upload an artifact folder to a marketplace and say
// where its listing stands and what happens next.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { nextStep, type ListingState } from '../lifecycle.js';
import type { MarketplaceDiagnostic } from '../refusals.js';
import { artifactPathsProblem, shownPath } from '@extkit/bundler';
import { call, marketplaceOrigin } from './http.js';

export interface PublishOptions {
  /** The marketplace's URL; default the local emulator's. */
  marketplace?: string;
  /** The publisher key. */
  key: string;
  changelog?: string;
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
  /** False when these very bytes were already published (the existing version answered). */
  created: boolean | null;
  /** The reviewer's reason, when the listing is rejected. */
  reason: string | null;
  /** What happens next, for a person. */
  next: string | null;
}

class UnsafeUpload extends Error {}

/** The upload body of the artifact in `dir`: artifact.json and every file it lists, as base64. */
export async function readUpload(dir: string): Promise<{ files: Record<string, string> }> {
  const recordText = await readFile(join(dir, 'artifact.json'));
  const record = JSON.parse(recordText.toString('utf8')) as { files?: Array<{ path: string }> };
  const files: Record<string, string> = { 'artifact.json': recordText.toString('base64') };
  // A listed path the artifact path rule refuses is never read, nor sent.
  const listed = (record.files ?? []).map((f) => f.path);
  const unsafe = artifactPathsProblem(listed);
  if (unsafe) throw new UnsafeUpload(`artifact.json lists ${shownPath(unsafe.path)}: ${unsafe.problem}`);
  for (const path of listed) files[path] = (await readFile(join(dir, path))).toString('base64');
  return { files };
}

/**
 * Publishes the artifact folder `dir` (`<out>/<id>/<version>`) to a marketplace.
 * @example await publishArtifact('artifacts/hello-card/0.1.0', { key })
 */
export async function publishArtifact(dir: string, options: PublishOptions): Promise<PublishResult> {
  const marketplace = marketplaceOrigin(options.marketplace);
  const none = { listing: null, version: null, integrity: null, state: null, created: null, reason: null, next: null };
  let upload: { files: Record<string, string> };
  try {
    upload = await readUpload(dir);
  } catch (err) {
    if (err instanceof UnsafeUpload)
      return {
        ok: false,
        errors: [
          {
            code: 'publish.upload_invalid',
            message: `${err.message}; nothing was sent. An artifact's paths are plain ASCII (letters, digits, "_ @ + . - ~", "/" between segments): build it again with extkit build.`,
          },
        ],
        warnings: [],
        marketplace,
        ...none,
      };
    return {
      ok: false,
      errors: [
        {
          code: 'publish.artifact_unreadable',
          message: `Cannot read the artifact in ${dir}: ${(err as Error).message}. Build it first (extkit build).`,
        },
      ],
      warnings: [],
      marketplace,
      ...none,
    };
  }
  const reply = await call<{
    listing: string;
    version: string;
    integrity: string;
    state: ListingState;
    created: boolean;
    reason: string | null;
  }>(marketplace, 'POST', '/api/marketplace/versions', {
    key: options.key,
    body: { ...upload, ...(options.changelog !== undefined ? { changelog: options.changelog } : {}) },
  });
  if (!reply.ok) return { ok: false, errors: reply.errors, warnings: [], marketplace, ...none };
  const b = reply.body;
  return {
    ok: true,
    errors: [],
    warnings: [],
    marketplace,
    listing: b.listing,
    version: b.version,
    integrity: b.integrity,
    state: b.state,
    created: b.created,
    reason: b.reason,
    next: nextStep(b.state),
  };
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

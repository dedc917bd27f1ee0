// `extkit publish [dir]`: build the extension if its artifact is not in the store yet
// (the build is a no-op when it is), find the publisher key, and publish.
import { build, markPublished } from '@extkit/bundler';
import { readPublisher } from '@extkit/manifest';
import type { MarketplaceDiagnostic } from '../refusals.js';
import { marketplaceOrigin } from './http.js';
import { localPublisherKey, notPublished, publishArtifact, type PublishResult } from './publish.js';

export interface PublishExtensionOptions {
  marketplace?: string;
  /** The publisher key; without it, a marketplace on this machine (the emulator) gives the publisher's. */
  key?: string;
  /** The publisher handle; default package.json `extkit.publisher`. */
  publisher?: string;
  changelog?: string;
  /** Build as publishing does and run every check the marketplace runs; store nothing on the marketplace. */
  dryRun?: boolean;
}

export interface PublishExtensionResult extends PublishResult {
  /** The artifact that was published: where it is, whether this run built it, and the unpublished draft it replaced. */
  artifact: { dir: string; integrity: string; built: boolean; replaced: string | null } | null;
}

const loopback = (origin: string): boolean => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(origin).hostname);

/**
 * Builds the extension in `dir` (when needed) and publishes its artifact.
 * @example const r = await publishExtension('.', { marketplace: 'http://127.0.0.1:8787' }); r.state // 'submitted'
 */
export async function publishExtension(
  dir: string,
  options: PublishExtensionOptions = {},
): Promise<PublishExtensionResult> {
  const marketplace = marketplaceOrigin(options.marketplace);
  const dryRun = options.dryRun === true;
  const built = await build(dir, options.publisher !== undefined ? { publisher: options.publisher } : {});
  const warnings: MarketplaceDiagnostic[] = built.warnings.map((w) => ({
    code: w.code,
    message: w.message,
    ...(w.path !== undefined ? { path: w.path } : {}),
  }));
  if (!built.ok || !built.artifact)
    return { ...notPublished(marketplace, dryRun, built.errors, warnings), artifact: null };
  const artifact = {
    dir: built.artifact.dir,
    integrity: built.artifact.integrity,
    built: !built.artifact.unchanged,
    replaced: built.artifact.replaced?.previous ?? null,
  };
  let key = options.key;
  if (key === undefined) {
    const handle = options.publisher ?? readPublisher(dir);
    const fail = (...errors: MarketplaceDiagnostic[]): PublishExtensionResult => ({
      ...notPublished(marketplace, dryRun, errors, warnings),
      artifact,
    });
    if (!loopback(marketplace))
      return fail({
        code: 'publish.key_required',
        message: `Publishing to ${marketplace} needs your publisher key: --key <key> (or EXTKIT_PUBLISH_KEY).`,
      });
    if (!handle)
      return fail({
        code: 'publish.publisher_unknown',
        message:
          'No publisher handle: set "extkit": { "publisher": "<handle>" } in package.json, or pass --publisher, or give --key.',
      });
    const local = await localPublisherKey(marketplace, handle);
    if (!local.ok) return fail(...local.errors);
    key = local.key;
  }
  const published = await publishArtifact(artifact.dir, {
    marketplace,
    key,
    ...(options.changelog !== undefined ? { changelog: options.changelog } : {}),
    ...(dryRun ? { dryRun: true } : {}),
  });
  // The store remembers what this project published: that version is no longer a draft to replace.
  if (published.ok && !published.dryRun && published.listing)
    await markPublished(artifact.dir, { integrity: artifact.integrity, marketplace, listing: published.listing });
  return { ...published, warnings: [...warnings, ...published.warnings], artifact };
}

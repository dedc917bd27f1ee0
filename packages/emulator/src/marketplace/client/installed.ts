// Installs, as an organization and its host see them: pin a version, then fetch the
// pinned artifact and ask the loader policy (`verify` of @extkit/bundler, the very
// question `extkit verify` asks) whether it loads, and into which realm.
import { join } from 'node:path';
import { LISTING_ID, verify, type LoadDecision, type VerifyResult } from '@extkit/bundler';
import { isStrictSemver } from '@extkit/manifest';
import type { MarketplaceDiagnostic } from '../refusals.js';
import { removeInside, writeInside, writeServedFiles } from './files.js';
import { call, marketplaceOrigin } from './http.js';

/** An install: the pinned version and hash, and the marketplace's loader decision for it. */
export interface Install {
  listing: string;
  site: string | null;
  version: string;
  integrity: string;
  date: string;
  hostAbi: number;
  load: LoadDecision;
  /** The installation's settings (`extkit marketplace install --config`), held to the version's config fields. */
  config?: Record<string, unknown>;
}

interface Conn {
  /** The marketplace's URL; default the local emulator's. */
  marketplace?: string;
  /** The organization's API key. */
  key: string;
  site?: string;
  /** How long the marketplace has for each answer, headers and body; default 60 s. */
  timeoutMs?: number;
}

/** Pins `version` (default the newest approved) of `listing` for the key's organization (or `site`), with its settings (`config`). */
export async function installListing(
  listing: string,
  options: Conn & { version?: string; config?: Record<string, unknown> },
): Promise<{ ok: true; errors: []; install: Install } | { ok: false; errors: MarketplaceDiagnostic[]; install: null }> {
  const body = {
    listing,
    ...(options.version ? { version: options.version } : {}),
    ...(options.site ? { site: options.site } : {}),
    ...(options.config ? { config: options.config } : {}),
  };
  const r = await call<Install>(marketplaceOrigin(options.marketplace), 'POST', '/api/marketplace/installs', {
    key: options.key,
    body,
    timeoutMs: options.timeoutMs,
  });
  return r.ok ? { ok: true, errors: [], install: r.body } : { ok: false, errors: r.errors, install: null };
}

/** What the host would load for an installed listing. */
export interface InstalledArtifact {
  /** True when the pinned artifact was fetched and the loader policy answered (whether or not it loads). */
  ok: boolean;
  errors: MarketplaceDiagnostic[];
  install: Install | null;
  /** The fetched artifact folder, `<cache>/<listing>/<version>`. */
  dir: string | null;
  /** The loader policy's decision, made here on the fetched bytes. */
  decision: LoadDecision | null;
  verify: VerifyResult | null;
}

/**
 * Fetches the version `listing`'s install pins into `cache` and decides, with the pinned
 * hash, the staff signature and keys and the revocations the marketplace publishes,
 * whether it loads into a host of generation `hostAbi`.
 * @example const { dir, decision } = await fetchInstalled('acme.hello-card', { key, cache: '.extkit/installed' })
 */
export async function fetchInstalled(
  listing: string,
  options: Conn & {
    cache: string;
    hostAbi?: number;
    /** The folder the cache lies in and must stay in (the project's): no folder from it down is a link. Default: the cache. */
    root?: string;
  },
): Promise<InstalledArtifact> {
  const origin = marketplaceOrigin(options.marketplace);
  const fail = (errors: MarketplaceDiagnostic[], install: Install | null = null): InstalledArtifact => ({
    ok: false,
    errors,
    install,
    dir: null,
    decision: null,
    verify: null,
  });
  // The listing names a folder of the cache, which is emptied: it must be a listing id, never a path.
  if (!LISTING_ID.test(listing))
    return fail([
      {
        code: 'install.invalid',
        message: `A listing is <publisher>.<id> in kebab-case (e.g. acme.hello-card), got ${JSON.stringify(listing)}.`,
      },
    ]);
  const query = new URLSearchParams({
    listing,
    ...(options.site ? { site: options.site } : {}),
    ...(options.hostAbi !== undefined ? { hostAbi: String(options.hostAbi) } : {}),
  });
  const installs = await call<{ data: Install[] }>(origin, 'GET', `/api/marketplace/installs?${query}`, {
    key: options.key,
    timeoutMs: options.timeoutMs,
  });
  if (!installs.ok) return fail(installs.errors);
  const data: unknown = (installs.body as { data?: unknown } | null)?.data;
  const list = Array.isArray(data) ? (data as Array<Install | null>).filter((i): i is Install => i !== null) : [];
  const install = list.find((i) => (i.site ?? '') === (options.site ?? ''));
  if (!install) {
    // Installed elsewhere (on a site, or for the organization): say where, and the flag that reaches it.
    const all = options.site
      ? await call<{ data: Install[] }>(
          origin,
          'GET',
          `/api/marketplace/installs?${new URLSearchParams({ listing })}`,
          { key: options.key, timeoutMs: options.timeoutMs },
        )
      : installs;
    const others: unknown = all.ok ? (all.body as { data?: unknown } | null)?.data : null;
    const elsewhere = (Array.isArray(others) ? (others as Array<Install | null>) : []).filter(
      (i): i is Install => i !== null && (i.site ?? '') !== (options.site ?? ''),
    );
    const sites = elsewhere.flatMap((i) => (typeof i.site === 'string' && i.site ? [i.site] : []));
    const hint =
      sites.length > 0
        ? ` It is installed on site ${sites.join(', ')}: add --site ${sites[0]}.`
        : elsewhere.length > 0
          ? ' It is installed for the whole organization: leave out --site.'
          : ` Install it first: extkit marketplace install ${listing}${options.site ? ` --site ${options.site}` : ''}`;
    return fail([
      {
        code: 'install.not_installed',
        message: `${listing} is not installed for this organization${options.site ? ` on site ${options.site}` : ''}.${hint}`,
      },
    ]);
  }
  // The version names a folder of the cache: a marketplace (or someone between it and us) never picks the path.
  if (typeof install.version !== 'string' || !isStrictSemver(install.version) || typeof install.integrity !== 'string')
    return fail([
      {
        code: 'marketplace.bad_answer',
        message: `The marketplace's install of ${listing} names version ${JSON.stringify(install.version).slice(0, 120)}, which is not a semver version (or it pins no integrity); nothing was fetched or written.`,
      },
    ]);
  const artifact = await call<{ files: Record<string, string>; signature: unknown }>(
    origin,
    'GET',
    `/api/marketplace/listings/${encodeURIComponent(listing)}/versions/${encodeURIComponent(install.version)}/artifact`,
    { key: options.key, timeoutMs: options.timeoutMs },
  );
  if (!artifact.ok) return fail(artifact.errors, install);
  const trust = await call<{ staffKeys: unknown; revoked: unknown }>(origin, 'GET', '/api/marketplace/trust', {
    timeoutMs: options.timeoutMs,
  });
  if (!trust.ok) return fail(trust.errors, install);
  const staffKeys = trust.body.staffKeys;
  const revoked = trust.body.revoked;
  if (
    !Array.isArray(staffKeys) ||
    !staffKeys.every((k) => typeof k === 'string') ||
    !Array.isArray(revoked) ||
    !revoked.every((r: { listing?: unknown } | null) => r && typeof r.listing === 'string')
  )
    return fail(
      [
        {
          code: 'marketplace.bad_answer',
          message:
            "The marketplace's trust answer is not { staffKeys: [<PEM>], revoked: [{ listing, reason }] }; nothing loads without it.",
        },
      ],
      install,
    );

  const cache = options.cache;
  const root = options.root ?? cache;
  const home = join(cache, listing);
  const dir = join(home, install.version);
  // Emptied only when no folder from the root down to it is a link: never removed through one.
  const linked = (await writeInside(root, [], home)) ?? (await removeInside(root, home));
  if (linked) return fail([linked], install);
  const unsafe = await writeServedFiles(root, dir, artifact.body.files);
  if (unsafe) return fail([unsafe], install);
  const keyFiles = staffKeys.map((_, i) => join(home, 'trust', `staff-${i}.pub.pem`));
  const revokedFile = join(home, 'trust', 'revoked.json');
  const signatureFile = artifact.body.signature ? join(home, `${install.version}.sig.json`) : undefined;
  // Revocation is per listing (002): each entry names <publisher>.<id>, never the bare extension id.
  const revocations = {
    revoked: (revoked as Array<{ listing: string; reason?: unknown }>).map((r) =>
      typeof r.reason === 'string' && r.reason ? { listing: r.listing, reason: r.reason } : { listing: r.listing },
    ),
  };
  const written = await writeInside(root, [
    ...staffKeys.map((pem: string, i): [string, string] => [keyFiles[i]!, pem]),
    [revokedFile, JSON.stringify(revocations)],
    ...(signatureFile ? [[signatureFile, JSON.stringify(artifact.body.signature)] as [string, string]] : []),
  ]);
  if (written) return fail([written], install);
  const verified = await verify(dir, {
    integrity: install.integrity,
    trustedKeyFiles: keyFiles,
    revokedFile,
    listing,
    version: install.version,
    ...(signatureFile ? { signatureFile } : {}),
    ...(options.hostAbi !== undefined ? { hostAbi: options.hostAbi } : {}),
  });
  if (!verified.decision) return { ok: false, errors: verified.errors, install, dir, decision: null, verify: verified };
  return { ok: true, errors: [], install, dir, decision: verified.decision, verify: verified };
}

/** A new API key of a local emulator's default organization (its admin surface), for installs from this machine. */
export async function localApiKey(
  marketplace?: string,
): Promise<{ ok: true; key: string } | { ok: false; errors: MarketplaceDiagnostic[] }> {
  const r = await call<{ key: string }>(marketplaceOrigin(marketplace), 'POST', '/__emulator/keys', { body: {} });
  return r.ok ? { ok: true, key: r.body.key } : { ok: false, errors: r.errors };
}

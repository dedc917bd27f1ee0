// The marketplace's HTTP surface: one route table. Publisher and installer paths live
// under /api/marketplace (the platform's own prefix; the documents show none of them, so
// they are the emulator's policy, docs/emulator.md); staff paths under the loopback-only
// admin surface, /__emulator/marketplace. Handlers get parsed input and answer data.
import type { IncomingMessage } from 'node:http';
import { HOST_ABI } from '@extkit/runtime';
import type { Engine, Sql } from '../engine/engine.js';
import { parseJson, readBody } from '../http/body.js';
import { allInstalls, install, installsOf, describeInstall } from './installs.js';
import { transitions, type StaffAction } from './lifecycle.js';
import {
  browse,
  describeListing,
  findListing,
  insiderOf,
  listingFor,
  versionOf,
  visible,
  type Viewer,
} from './listings.js';
import { staffMove } from './moves.js';
import { publishVersion } from './publish.js';
import { Refusal } from './refusals.js';
import { ensurePublisher, publisherOf, revokeListing } from './staff.js';
import { addSignature, addStaffKey, staffKeys } from './trust.js';

export interface MarketplaceRequest {
  method: string;
  params: string[];
  query: URLSearchParams;
  body: Record<string, unknown>;
  /** The bearer key, when one was sent. */
  key: string | null;
  sql: Engine;
  now: number;
}

type Answer = { status: number; body: unknown };
type Route = [method: string, pattern: RegExp, run: (r: MarketplaceRequest) => Promise<Answer>];

const ok = (body: unknown, status = 200): Answer => ({ status, body });
const list = (data: unknown[]): Answer => ok({ object: 'list', data, has_more: false, next_cursor: null });
const SEG = '([^/]+)';

async function publisherKey(r: MarketplaceRequest): Promise<string> {
  const handle = await publisherOf(r.sql, r.key);
  if (!handle)
    throw new Refusal(
      'publish.unauthorized',
      r.key
        ? 'The marketplace does not know this publisher key.'
        : 'Publishing needs a publisher key: Authorization: Bearer <key> (extkit publish --key, or the local emulator gives one).',
    );
  return handle;
}

/** The organization of an API key (the emulator's keys), for installs. */
async function orgKey(sql: Sql, key: string | null): Promise<string> {
  const [row] = key ? await sql.query<{ org: string }>('select org from api_keys where key = $1', [key]) : [];
  if (!row)
    throw new Refusal(
      'marketplace.unauthorized',
      "Installs are an organization's: send its API key as Authorization: Bearer <key>.",
    );
  return row.org;
}

const viewerOf = async (r: MarketplaceRequest): Promise<Viewer> => ({ publisher: await publisherOf(r.sql, r.key) });

function hostAbiOf(query: URLSearchParams): number {
  const raw = query.get('hostAbi');
  return raw !== null && /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : HOST_ABI;
}

/** The artifact's files, for whoever may see the listing, and for an organization that pinned that version. */
async function artifact(r: MarketplaceRequest): Promise<Answer> {
  const [id, v] = r.params as [string, string];
  const listing = await findListing(r.sql, id);
  const pinned = async (): Promise<boolean> => {
    const [row] = r.key ? await r.sql.query<{ org: string }>('select org from api_keys where key = $1', [r.key]) : [];
    return row !== undefined && (await installsOf(r.sql, row.org, { listing: id })).some((i) => i.version === v);
  };
  const viewer = await viewerOf(r);
  if (!listing || !(visible(listing, viewer) || (await pinned())))
    throw new Refusal('marketplace.not_found', `No such listing: ${id}.`);
  const version = await versionOf(r.sql, id, v);
  // A version held for review is its owner's and staff's until approved.
  if (version.state !== 'listed' && !insiderOf(listing, viewer) && !(await pinned()))
    throw new Refusal('marketplace.not_found', `No such version: ${id}@${v}.`);
  return ok({
    object: 'artifact',
    listing: id,
    version: v,
    integrity: version.integrity,
    files: version.files,
    signature: version.signature,
  });
}

export const apiRoutes: Route[] = [
  [
    'POST',
    /^\/versions$/,
    async (r) => {
      const answer = await publishVersion(r.sql, await publisherKey(r), r.body, r.now);
      return ok(answer, answer.created && !answer.dryRun ? 201 : 200);
    },
  ],
  ['GET', /^\/listings$/, async (r) => list(await browse(r.sql, await viewerOf(r)))],
  [
    'GET',
    new RegExp(`^/listings/${SEG}$`),
    async (r) => {
      const viewer = await viewerOf(r);
      return ok(await describeListing(r.sql, await listingFor(r.sql, r.params[0]!, viewer), viewer));
    },
  ],
  ['GET', new RegExp(`^/listings/${SEG}/versions/${SEG}/artifact$`), artifact],
  [
    'POST',
    /^\/installs$/,
    async (r) => {
      const row = await install(r.sql, await orgKey(r.sql, r.key), r.body, r.now);
      return ok(await describeInstall(r.sql, row, hostAbiOf(r.query)), 201);
    },
  ],
  [
    'GET',
    /^\/installs$/,
    async (r) => {
      const rows = await installsOf(r.sql, await orgKey(r.sql, r.key), {
        listing: r.query.get('listing'),
        site: r.query.get('site'),
      });
      return list(await Promise.all(rows.map((row) => describeInstall(r.sql, row, hostAbiOf(r.query)))));
    },
  ],
  [
    'GET',
    /^\/trust$/,
    async (r) => {
      const revoked = await r.sql.query<{ id: string; manifest_id: string; revoked_reason: string | null }>(
        'select id, manifest_id, revoked_reason from mk_listings where revoked order by id',
      );
      return ok({
        object: 'trust',
        staffKeys: await staffKeys(r.sql),
        revoked: revoked.map((l) => ({ listing: l.id, id: l.manifest_id, reason: l.revoked_reason })),
      });
    },
  ],
];

const staffViewer: Viewer = { staff: true };

export const adminRoutes: Route[] = [
  ['POST', /^\/publishers$/, async (r) => ok(await ensurePublisher(r.sql, r.body.handle, r.now))],
  ['POST', /^\/staff-keys$/, async (r) => ok(await addStaffKey(r.sql, r.body.publicKey, r.now), 201)],
  ['GET', /^\/listings$/, async (r) => list(await browse(r.sql, staffViewer))],
  ['GET', /^\/installs$/, async (r) => list(await allInstalls(r.sql))],
  [
    'GET',
    new RegExp(`^/listings/${SEG}$`),
    async (r) => ok(await describeListing(r.sql, await listingFor(r.sql, r.params[0]!, staffViewer), staffViewer)),
  ],
  [
    'POST',
    new RegExp(`^/listings/${SEG}/(${Object.keys(transitions).join('|')})$`),
    async (r) => {
      const [id, action] = r.params as [string, StaffAction];
      const reason = typeof r.body.reason === 'string' ? r.body.reason : null;
      const version = typeof r.body.version === 'string' && r.body.version !== '' ? r.body.version : null;
      const moved = await r.sql.transaction((tx) => staffMove(tx, id, action, version, reason, r.now));
      return ok({
        ...(await describeListing(r.sql, await listingFor(r.sql, id, staffViewer), staffViewer)),
        moved,
      });
    },
  ],
  [
    'POST',
    new RegExp(`^/listings/${SEG}/revoke$`),
    async (r) => {
      const id = r.params[0]!;
      await revokeListing(r.sql, id, typeof r.body.reason === 'string' ? r.body.reason : null, r.now);
      return ok(await describeListing(r.sql, await listingFor(r.sql, id, staffViewer), staffViewer));
    },
  ],
  [
    'POST',
    new RegExp(`^/listings/${SEG}/versions/${SEG}/signature$`),
    async (r) => {
      const [id, v] = r.params as [string, string];
      await r.sql.transaction(async (tx) => addSignature(tx, await versionOf(tx, id, v), r.body.signature));
      return ok(await describeListing(r.sql, await listingFor(r.sql, id, staffViewer), staffViewer));
    },
  ],
];

/**
 * Answers one marketplace request on `routes` at `path` (below its prefix), or null when no
 * route matches the path. A refusal is answered with its status and diagnostics.
 */
export async function answerMarketplace(
  routes: Route[],
  engine: Engine,
  req: IncomingMessage,
  path: string,
  query: URLSearchParams,
  now: number,
): Promise<Answer | null> {
  const method = req.method ?? 'GET';
  const matching = routes.map(([m, pattern, run]) => ({ m, hit: pattern.exec(path), run })).filter((x) => x.hit);
  if (matching.length === 0) return null;
  const route = matching.find((x) => x.m === method);
  if (!route)
    return {
      status: 405,
      body: {
        error: {
          type: 'method_not_allowed',
          message: `${method} is not allowed here; allowed: ${matching.map((x) => x.m).join(', ')}`,
        },
      },
    };
  try {
    const raw = await readBody(req);
    const body =
      method === 'GET'
        ? {}
        : parseJson(raw, req.headers['content-type'] ?? (raw.length === 0 ? 'application/json' : undefined), false);
    const key = /^Bearer ([\x21-\x7e]{1,200})$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
    let params: string[];
    try {
      params = route.hit!.slice(1).map((p) => decodeURIComponent(p));
    } catch {
      throw new Refusal('marketplace.not_found', 'The path holds a malformed percent-escape.');
    }
    return await route.run({ method, params, query, body, key, sql: engine, now });
  } catch (error) {
    if (error instanceof Refusal) return { status: error.status, body: error.body };
    throw error;
  }
}

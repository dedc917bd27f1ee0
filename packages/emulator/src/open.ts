// The paths outside the key rules: the OpenAPI document, the public marketplace read
// path and the inbound webhook endpoint (000 §4), each answering without a key.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { EventValue } from './context.js';
import { ApiError } from './http/errors.js';
import { openApiDocument } from './openapi.js';

export interface InboundCall {
  hostId: string;
  hookId: string;
  variables: Record<string, EventValue>;
  at: string;
}

type Open = (req: {
  params: Record<string, string>;
  headers: IncomingMessage['headers'];
  raw: Buffer;
  query: URLSearchParams;
}) => Promise<{ status: number; body: unknown }>;

const sendable = (v: unknown): v is EventValue =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

export function openHandlers(deps: {
  origin(): string;
  hooks: Map<string, string>;
  inbound: InboundCall[];
  now(): number;
  listingVersions(listing: string | null): Promise<unknown[] | null>;
}): Record<string, Open> {
  return {
    'openapi.retrieve': async () => ({ status: 200, body: openApiDocument(deps.origin()) }),
    // The buyer-safe subset of listed and verified listings' versions (marketplace/listings.ts); an unknown or unlisted listing is a 404.
    'marketplace.listingVersions': async ({ query }) => {
      const data = await deps.listingVersions(query.get('listing') || null);
      if (data === null) throw new ApiError(404, 'not_found', 'No such listing');
      return { status: 200, body: { object: 'list', data, next_cursor: null, has_more: false } };
    },
    'webhooks.inbound': async ({ params, headers, raw }) => {
      const secret = deps.hooks.get(`${params.hostId}/${params.hookId}`);
      if (secret === undefined) throw new ApiError(404, 'not_found', 'No such hook');
      if (!sameSecret(headers['x-service-secret'], secret))
        throw new ApiError(401, 'unauthorized', 'The hook secret does not match');
      let value: unknown;
      try {
        value = raw.length ? JSON.parse(raw.toString('utf8')) : {};
      } catch {
        throw new ApiError(400, 'bad_request', 'The hook body is not valid JSON', { code: 'invalid_json' });
      }
      const variables: Record<string, EventValue> = {};
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        for (const [k, v] of Object.entries(value)) if (sendable(v)) variables[k] = v;
      deps.inbound.push({
        hostId: params.hostId!,
        hookId: params.hookId!,
        variables,
        at: new Date(deps.now()).toISOString(),
      });
      return { status: 200, body: { received: true, variables: Object.keys(variables) } };
    },
  };
}

/** The hook secret compared in constant time (000 §4 asks it of signatures; a secret deserves the same): digests of equal length, every byte read. */
function sameSecret(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (s: string): Buffer => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

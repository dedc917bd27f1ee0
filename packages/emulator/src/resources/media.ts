// Media libraries (000 §2, §4): the organization's and each site's, separate stores.
import { createHash } from 'node:crypto';
import { essence, mediaFamilies } from '@extkit/api';
import type { Ctx, Handler } from '../context.js';
import { iso } from '../context.js';
import { ApiError, invalid, notFound, planRequired } from '../http/errors.js';
import { listPage } from '../http/list.js';
import { newId } from '../store/ids.js';
import { insert } from '../store/objects.js';
import { ownedSite, present, quota, wire } from './util.js';
import { hasMacro, imageSize, isExecutable, matchesType, sanitizeSvg } from './sniff.js';

/**
 * Padded standard base64, checked in linear time: a regular expression with a repeated group
 * overflowed V8's stack on a few megabytes (a 4 MB upload answered 500).
 */
export function isBase64(s: string): boolean {
  if (s.length % 4 !== 0 || /[^A-Za-z0-9+/=]/.test(s)) return false;
  const pad = s.indexOf('=');
  return pad === -1 || (pad >= s.length - 2 && (pad === s.length - 1 || s[s.length - 1] === '='));
}

/** SHA-256 digests of taken-down assets (the admin surface adds to it). */
export const takenDown = new Set<string>();

async function list(ctx: Ctx, parent: string) {
  const folder = ctx.query.get('folder') || null;
  return listPage(ctx.sql, ctx.query, {
    org: ctx.org,
    kind: 'media',
    parent,
    order: 'id',
    present,
    ...(folder ? { contains: { folderId: folder } } : {}),
  });
}

async function storageUsed(ctx: Ctx): Promise<number> {
  const rows = await ctx.sql.query<{ n: string | number | null }>(
    "select sum((body->>'sizeBytes')::bigint) as n from objects where org = $1 and kind = 'media' and not deleted",
    [ctx.org],
  );
  return Number(rows[0]?.n ?? 0);
}

async function upload(ctx: Ctx, parent: string) {
  const { data, contentType, fileName, folderId, alt } = ctx.body;
  if (typeof data !== 'string' || data === '') throw invalid({ data: 'is required: the file as base64' });
  const compact = data.replace(/\s+/g, '');
  if (!isBase64(compact)) throw invalid({ data: 'is not valid base64' });
  if (typeof contentType !== 'string' || contentType === '') throw invalid({ contentType: 'is required' });
  if (ctx.body.private !== undefined && typeof ctx.body.private !== 'boolean')
    throw invalid({ private: 'must be true or false' });
  for (const [key, v] of Object.entries({ fileName, folderId, alt }))
    if (v !== undefined && v !== null && typeof v !== 'string') throw invalid({ [key]: 'must be a string' });
  const type = essence(contentType);
  const family = mediaFamilies.find((f) => f.test(type));
  if (!family)
    throw new ApiError(415, 'unsupported_media_type', `${type} is not an accepted media type`, {
      code: 'unsupported_media_type',
    });
  let bytes: Uint8Array = Buffer.from(compact, 'base64');
  if (bytes.byteLength > family.maxBytes)
    throw new ApiError(
      413,
      'payload_too_large',
      `${bytes.byteLength} bytes is past the ${family.maxBytes / 1024 / 1024} MB ceiling for ${family.name} uploads`,
    );
  if (family.name === 'video')
    throw new ApiError(403, 'forbidden', 'Video uploads are paused on every plan; nothing was stored', {
      code: 'video_uploads_paused',
    });
  if (family.name === 'document' && !ctx.plan.documents)
    throw planRequired('documents', 'Your plan does not include document uploads; images work on every plan');
  if (isExecutable(bytes))
    throw new ApiError(415, 'unsupported_media_type', 'Executable content is refused whatever its declared type', {
      code: 'executable_bytes',
    });
  if (!matchesType(type, bytes))
    throw new ApiError(415, 'unsupported_media_type', `The bytes are not ${type}`, { code: 'type_mismatch' });
  if (hasMacro(bytes))
    throw new ApiError(415, 'unsupported_media_type', 'Office files carrying a macro project are refused', {
      code: 'macro_payload',
    });
  if (type === 'image/svg+xml') bytes = Buffer.from(sanitizeSvg(Buffer.from(bytes).toString('utf8')));
  const digest = createHash('sha256').update(bytes).digest('hex');
  if (takenDown.has(digest))
    throw new ApiError(451, 'unavailable_for_legal_reasons', 'This file matches a taken-down asset');
  if (ctx.plan.storageBytes !== null && (await storageUsed(ctx)) + bytes.byteLength > ctx.plan.storageBytes) {
    throw quota('storage_quota', 'The upload would cross the storage band; nothing was stored');
  }
  const id = await newId(ctx.sql, ctx.org, 'media', 'med');
  const isPrivate = ctx.body.private === true;
  const size = imageSize(type, bytes);
  const token = createHash('sha256').update(`${ctx.org}:${id}`).digest('hex').slice(0, 24);
  const origin = ctx.origin;
  const body = {
    id,
    object: 'media',
    fileName: typeof fileName === 'string' && fileName !== '' ? fileName.slice(0, 200) : 'upload',
    contentType: type,
    sizeBytes: bytes.byteLength,
    width: size?.width ?? null,
    height: size?.height ?? null,
    alt: typeof alt === 'string' ? alt : null,
    description: null,
    tags: [],
    folderId: typeof folderId === 'string' && folderId !== '' ? folderId : null,
    url: `${origin}/__emulator/files/${id}?token=${token}`,
    cdnUrl: isPrivate ? null : `${origin}/__emulator/cdn/${id}`,
    private: isPrivate,
    customMetadata: {},
    embeddedMetadata: null,
    created: iso(ctx.now),
    __data: Buffer.from(bytes).toString('base64'),
    __token: token,
  };
  await insert(ctx.sql, { org: ctx.org, kind: 'media', parent }, id, body, ctx.now);
  return { body: wire(body) };
}

export const media: Record<string, Handler> = {
  'media.list': (ctx) => list(ctx, '').then((body) => ({ body })),
  'media.listSite': async (ctx) => {
    await ownedSite(ctx, ctx.params.siteId!);
    return { body: await list(ctx, ctx.params.siteId!) };
  },
  'media.retrieve': async (ctx) => {
    const rows = await ctx.sql.query<{ body: Record<string, unknown> | string }>(
      "select body from objects where org = $1 and kind = 'media' and id = $2 and not deleted",
      [ctx.org, ctx.params.mediaId],
    );
    const found = rows[0];
    if (!found) throw notFound('file');
    return {
      body: wire(typeof found.body === 'string' ? (JSON.parse(found.body) as Record<string, unknown>) : found.body),
    };
  },
  'media.upload': (ctx) => upload(ctx, ''),
  'media.uploadSite': async (ctx) => {
    await ownedSite(ctx, ctx.params.siteId!);
    return upload(ctx, ctx.params.siteId!);
  },
};

import { LocalCheckError } from '../core/errors.js';
import type { ListPromise } from '../core/list.js';
import { ApiPromise, type WithResponse } from '../core/api-promise.js';
import { seg } from '../core/query.js';
import type { Media, MediaListParams, MediaUploadBody, MediaUploadParams, UploadBytes } from '../types/media.js';
import type { KeyedRequestOptions, RequestOptions } from '../types/shared.js';
import { mediaIssues } from '@extkit/api';
import { toBase64 } from './base64.js';
import { Resource } from './resource.js';

const library = (siteId: string | undefined): string =>
  siteId === undefined ? '/media' : `/sites/${seg(siteId)}/media`;

async function bytesOf(file: UploadBytes): Promise<Uint8Array> {
  if (file instanceof Uint8Array) return file;
  if (file instanceof ArrayBuffer) return new Uint8Array(file);
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * The two media libraries: the organization's (`/v1/media`) and each site's own
 * (`/v1/sites/{siteId}/media`, chosen by passing the site id first). No endpoint
 * replaces, renames or deletes a file.
 */
export class MediaLibrary extends Resource {
  /** `GET /v1/media`, or a site's library with `list(siteId, params)`. */
  list(params?: MediaListParams, options?: RequestOptions): ListPromise<Media>;
  list(siteId: string, params?: MediaListParams, options?: RequestOptions): ListPromise<Media>;
  list(a?: string | MediaListParams, b?: MediaListParams | RequestOptions, c?: RequestOptions): ListPromise<Media> {
    if (typeof a === 'string') return this.core.list(library(a), (b as MediaListParams | undefined) ?? {}, c);
    return this.core.list(library(undefined), a ?? {}, b as RequestOptions | undefined);
  }

  /** `GET /v1/media/{mediaId}`: 404 for unknown or deleted files. */
  retrieve(mediaId: string, options?: RequestOptions): ApiPromise<Media> {
    return this.core.request({ method: 'GET', path: `/media/${seg(mediaId)}` }, options);
  }

  /**
   * Uploads bytes (Uint8Array, Buffer, ArrayBuffer or Blob) to the organization library,
   * or to a site's with `upload(siteId, params)`; the client encodes them as base64.
   * @example await client.media.upload({ file: bytes, contentType: 'image/png', fileName: 'logo.png' })
   */
  upload(params: MediaUploadParams, options?: KeyedRequestOptions): ApiPromise<Media>;
  upload(siteId: string, params: MediaUploadParams, options?: KeyedRequestOptions): ApiPromise<Media>;
  upload(
    a: string | MediaUploadParams,
    b?: MediaUploadParams | KeyedRequestOptions,
    c?: KeyedRequestOptions,
  ): ApiPromise<Media> {
    return new ApiPromise(() => this.#upload(a, b, c));
  }

  async #upload(
    a: string | MediaUploadParams,
    b?: MediaUploadParams | KeyedRequestOptions,
    c?: KeyedRequestOptions,
  ): Promise<WithResponse<Media>> {
    const [siteId, params, options] =
      typeof a === 'string' ? [a, b as MediaUploadParams, c] : [undefined, a, b as KeyedRequestOptions | undefined];
    const { file, contentType: declared, ...rest } = params;
    const contentType =
      declared ?? (typeof Blob !== 'undefined' && file instanceof Blob && file.type ? file.type : undefined);
    if (contentType === undefined) {
      throw new LocalCheckError([
        {
          code: 'missing_key',
          path: '/contentType',
          message: '`contentType` is required (a Blob with a type supplies it)',
        },
      ]);
    }
    const bytes = await bytesOf(file);
    if (this.core.localChecks) {
      const issues = mediaIssues(contentType, bytes.byteLength);
      if (issues.length > 0) throw new LocalCheckError(issues);
    }
    const body: MediaUploadBody = { ...rest, data: toBase64(bytes), contentType };
    return this.core
      .request<Media>({ method: 'POST', path: library(siteId), body, keyed: true }, options)
      .withResponse();
  }
}

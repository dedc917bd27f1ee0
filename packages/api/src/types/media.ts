// Media libraries and uploads (document 1, sections 2, 4 and 8).
import type { PageParams } from './shared.js';

export const embeddedMetadataGroups = [
  'description',
  'rights',
  'location',
  'capture',
  'document',
  'technical',
  'other',
] as const;
export type EmbeddedMetadataGroup = (typeof embeddedMetadataGroups)[number];

/** One embedded metadata field; exactly one of `value` and `values` is set. */
export interface EmbeddedMetadataField {
  /** `title`, `creator`, `gps`... or a namespaced key such as `pdf|<name>`. */
  key: string;
  label: string;
  group: EmbeddedMetadataGroup;
  value?: string;
  values?: string[];
}

export interface EmbeddedMetadata {
  format: string;
  /** True when the file carried more than 150 fields or a value past 2,000 characters. */
  truncated: boolean;
  fields: EmbeddedMetadataField[];
}

/** A file in the organization library or a site's library. */
export interface Media {
  /** Stable across file replacement and folder moves. */
  id: string;
  object: 'media';
  fileName: string | null;
  contentType: string | null;
  /** Size of the original; what counts toward storage. */
  sizeBytes: number;
  width: number | null;
  height: number | null;
  alt: string | null;
  description: string | null;
  /** Lower-cased and de-duplicated. */
  tags: string[];
  /** Null at library root. */
  folderId: string | null;
  /** Durable download URL carrying an access token: treat as a secret, never use it on a public page. */
  url: string | null;
  /** Cached public URL (accepts `?w=<width>`); null for a private file. */
  cdnUrl: string | null;
  private: boolean;
  customMetadata: Record<string, string>;
  /** Null until the file has been read, or for types with nothing to read. */
  embeddedMetadata: EmbeddedMetadata | null;
  created: string | null;
}

export interface MediaListParams extends PageParams {
  /** Exact folder id; root files cannot be selected. */
  folder?: string;
}

/** Bytes to upload; the client encodes them as base64. */
export type UploadBytes = Uint8Array | ArrayBuffer | Blob;

/** `media.upload(...)`: the bytes and the upload body's other members. */
export interface MediaUploadParams {
  /** The file's bytes (a Buffer is a Uint8Array). */
  file: UploadBytes;
  /** MIME type on the allowed list; defaults to a Blob's own `type`. */
  contentType?: string;
  /** Default `upload`; truncated at 200 characters. */
  fileName?: string;
  folderId?: string;
  alt?: string;
  /** True: no `cdnUrl`, no public link. */
  private?: boolean;
}

/** The wire body of `POST /v1/media` and `POST /v1/sites/{siteId}/media`. */
export interface MediaUploadBody {
  /** Base64 of the bytes. */
  data: string;
  contentType: string;
  fileName?: string;
  folderId?: string;
  alt?: string;
  private?: boolean;
}

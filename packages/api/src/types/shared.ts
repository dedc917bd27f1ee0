// Shapes every resource shares: the list envelope, the deletion receipt, the
// error envelope and the request options (document 1, "Shared envelopes").

/** One page of a list: `{object: list, data, next_cursor, has_more}`, in its wire shape. */
export interface List<T> {
  object: 'list';
  data: T[];
  /** Opaque; pass it back verbatim. Null when `has_more` is false. */
  next_cursor: string | null;
  /** Only `false` means the end; a short or empty page may still say `true`. */
  has_more: boolean;
}

/** `{id, object: <resource type>, deleted: true}`, answered 200 (also on a keyed replay). */
export interface DeletionReceipt<O extends string> {
  id: string;
  object: O;
  deleted: true;
}

/** The body of every error response: `{error: {type, message, code?, fields?}}`. */
export interface ErrorEnvelope {
  error: {
    type: string;
    message: string;
    code?: string;
    /** Present on validation failures only: failing key to reason. */
    fields?: Record<string, string>;
  };
}

/** `limit` (1-100, default 25; clamped by the server) and `cursor` (opaque). */
export interface PageParams {
  limit?: number;
  cursor?: string;
}

/** An ISO 8601 instant with an offset (`2025-01-31T12:00:00Z`), or a Date (sent as its ISO string). */
export type Instant = string | Date;

/** A postal address as contacts and companies store it; blank parts are dropped. */
export interface Address {
  line1?: string | null;
  line2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  /** Two-letter ISO country code. */
  country?: string | null;
}

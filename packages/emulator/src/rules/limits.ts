// The limits of document 000 §8 as data; one fixed window each.

export interface WindowLimit {
  limit: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const limits = {
  /** 120 requests a minute a key, every authenticated request. */
  perKey: { limit: 120, windowMs: MINUTE },
  /** Unrecognized-key lookups from one address. */
  perAddress: { limit: 60, windowMs: MINUTE },
  /** Site creates an hour an organization. */
  siteCreates: { limit: 10, windowMs: HOUR },
  /** Publishes an hour a site. */
  publishes: { limit: 10, windowMs: HOUR },
} satisfies Record<string, WindowLimit>;

/** Keys are remembered 30 days. */
export const idempotencyMemoryMs = 30 * 24 * HOUR;
/** A key in flight this long belongs to a process that died; it may be claimed again (kit policy). */
export const inFlightStaleMs = 2 * MINUTE;
/** Largest request body accepted: a 25 MB video in base64 plus its JSON (kit policy). */
export const maxBodyBytes = 36 * 1024 * 1024;

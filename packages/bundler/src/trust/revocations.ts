/** A listing id, `<publisher handle>.<manifest id>`, both kebab-case: what a revocation names (002: per listing). */
export const LISTING_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*\.[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A revocation list: listings (`<publisher>.<id>`) that must never load, whatever else holds. */
export interface Revocations {
  revoked: Array<{ listing: string; reason?: string }>;
}

/** Reads a revocation list's JSON, or says what is wrong with it. */
export function parseRevocations(text: string): Revocations | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return `it is not JSON (${(err as Error).message})`;
  }
  const list = (data as { revoked?: unknown } | null)?.revoked;
  if (!Array.isArray(list))
    return 'it has no "revoked" list, e.g. { "revoked": [{ "listing": "acme.hello-card", "reason": "..." }] }';
  const revoked: Revocations['revoked'] = [];
  for (const item of list) {
    const entry =
      typeof item === 'string' ? { listing: item } : (item as { listing?: unknown; reason?: unknown } | null);
    // An extension id alone names every publisher's listing of that id: one revocation would stop another's.
    if (!entry || typeof entry.listing !== 'string' || !LISTING_ID.test(entry.listing))
      return `every "revoked" item names a listing, "<publisher>.<id>" (a revocation is per listing, and two publishers may share an extension id), got ${JSON.stringify(item)}`;
    revoked.push(
      typeof entry.reason === 'string' ? { listing: entry.listing, reason: entry.reason } : { listing: entry.listing },
    );
  }
  return { revoked };
}

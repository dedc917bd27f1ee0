/** A revocation list: listings (extension ids) that must never load, whatever else holds. */
export interface Revocations {
  revoked: Array<{ id: string; reason?: string }>;
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
    return 'it has no "revoked" list, e.g. { "revoked": [{ "id": "my-extension", "reason": "..." }] }';
  const revoked: Revocations['revoked'] = [];
  for (const item of list) {
    const entry = typeof item === 'string' ? { id: item } : (item as { id?: unknown; reason?: unknown } | null);
    if (!entry || typeof entry.id !== 'string')
      return `every "revoked" item needs an "id" string, got ${JSON.stringify(item)}`;
    revoked.push(typeof entry.reason === 'string' ? { id: entry.id, reason: entry.reason } : { id: entry.id });
  }
  return { revoked };
}

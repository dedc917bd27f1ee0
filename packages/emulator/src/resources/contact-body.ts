// The stored contact (shared fields, a profile per site) and its wire form (001 §2).

/** Fields one site knows of a person, stored per site (001 §2 Per-site profile). */
export const profileFields = [
  'phone',
  'jobTitle',
  'companyId',
  'address',
  'ownerUid',
  'lifecycleStage',
  'leadSource',
  'salutation',
  'firstName',
  'lastName',
  'department',
  'mobilePhone',
  'homePhone',
  'otherPhone',
  'fax',
  'birthdate',
  'assistantName',
  'assistantPhone',
  'reportsToContactId',
  'otherAddress',
  'doNotCall',
  'mediaIds',
] as const;

export type Profile = Record<string, unknown>;
export type ContactBody = Record<string, unknown> & { __profiles: Record<string, Profile>; __sites: string[] };

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Trimmed and case-folded, or null when unusable. */
export const normalizeEmail = (v: unknown): string | null =>
  typeof v === 'string' && emailPattern.test(v.trim()) ? v.trim().toLowerCase() : null;

/** The wire contact: the union of profiles (first site that set each field), or one site's profile. */
export function presentContact(body: ContactBody, siteId: string | null = null): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!k.startsWith('__')) out[k] = v;
  const sites = siteId ? [siteId] : body.__sites;
  for (const field of profileFields) {
    const holder = sites.find((s) => body.__profiles[s]?.[field] !== undefined && body.__profiles[s]?.[field] !== null);
    out[field] = holder
      ? body.__profiles[holder]![field]
      : field === 'doNotCall'
        ? false
        : field === 'mediaIds'
          ? []
          : null;
  }
  return out;
}

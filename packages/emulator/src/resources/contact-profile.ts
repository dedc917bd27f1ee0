// One per-site profile field as the documents normalize it (001 §2 Per-site profile), or a 400 naming it.
import type { Ctx } from '../context.js';
import { invalid } from '../http/errors.js';
import { get, type Row } from '../store/objects.js';
import type { ContactBody, Profile } from './contact-body.js';
import { address, leadSources, member, phone, reference, salutations, text } from './crm.js';

function pickListed(value: unknown, list: string[], key: string): string | null {
  if (value === null) return null;
  const found =
    typeof value === 'string' ? list.find((x) => x.toLowerCase() === value.trim().toLowerCase()) : undefined;
  if (!found) throw invalid({ [key]: `must be one of ${list.join(', ')}` });
  return found;
}

function birthdate(value: unknown, now: number): string | null {
  if (value === null) return null;
  const ok =
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value &&
    Date.parse(value) <= now;
  if (!ok) throw invalid({ birthdate: 'must be a real date YYYY-MM-DD, not in the future' });
  return value;
}

/** One profile field as the documents normalize it, or a 400 naming it. */
export async function profileValue(
  ctx: Ctx,
  contactId: string | null,
  siteId: string,
  field: string,
  value: unknown,
  held: Profile,
): Promise<unknown> {
  if (value === null) return field === 'doNotCall' ? false : field === 'mediaIds' ? [] : null;
  switch (field) {
    case 'phone':
    case 'mobilePhone':
    case 'homePhone':
    case 'otherPhone':
    case 'fax':
    case 'assistantPhone':
      return phone(value, field);
    case 'jobTitle':
    case 'department':
    case 'assistantName':
      return text(value, field, 120);
    case 'firstName':
    case 'lastName':
      return text(value, field, 59);
    case 'companyId':
      return reference(ctx, 'companyId', value);
    case 'address':
    case 'otherAddress':
      return address(value, field);
    case 'ownerUid':
      return member(value, field);
    case 'lifecycleStage':
      return value;
    case 'leadSource':
      return value === held.leadSource ? value : pickListed(value, leadSources, field);
    case 'salutation':
      return value === held.salutation ? value : pickListed(value, salutations, field);
    case 'birthdate':
      return birthdate(value, ctx.now);
    case 'doNotCall':
      if (typeof value !== 'boolean') throw invalid({ doNotCall: 'must be true, false or null' });
      return value;
    case 'mediaIds': {
      if (!Array.isArray(value) || value.length > 20 || !value.every((v) => typeof v === 'string'))
        throw invalid({ mediaIds: 'must be at most 20 media ids' });
      for (const id of value)
        if (!(await get(ctx.sql, { org: ctx.org, kind: 'media' }, id)))
          throw invalid({ mediaIds: `${id} is not a file of the organization library` });
      return value;
    }
    case 'reportsToContactId': {
      if (typeof value !== 'string' || value === contactId)
        throw invalid({ reportsToContactId: 'cannot be the contact itself' });
      let next: string | null = value;
      for (let hops = 0; next !== null && hops < 1000; hops++) {
        const boss: Row<ContactBody> | null = await get<ContactBody>(ctx.sql, { org: ctx.org, kind: 'contact' }, next);
        if (!boss) {
          if (hops === 0) throw invalid({ reportsToContactId: 'is not an existing contact' });
          break;
        }
        next = (boss.body.__profiles[siteId]?.reportsToContactId as string | null | undefined) ?? null;
        if (next !== null && next === contactId)
          throw invalid({ reportsToContactId: 'would make a reporting loop through this site' });
      }
      return value;
    }
  }
  return value;
}

// Contacts (document 2): unified on email, with per-site profiles.
import type { Address, PageParams } from './shared.js';

export const lifecycleStages = [
  'subscriber',
  'lead',
  'marketing-qualified',
  'sales-qualified',
  'opportunity',
  'customer',
  'evangelist',
  'other',
] as const;
export type LifecycleStage = (typeof lifecycleStages)[number];

export const contactSources = ['form', 'member', 'order', 'booking', 'newsletter', 'api'] as const;
export type ContactSource = (typeof contactSources)[number];

export interface Contact {
  id: string;
  object: 'contact';
  /** Identity; read-only. */
  email: string | null;
  name: string | null;
  tags: string[];
  notes: string | null;
  /** False is a recorded refusal standing against every site. */
  marketingConsent: boolean;
  /** Sites opted in to; written through `consentSiteId`. */
  consentSites: string[];
  sources: ContactSource[];
  /** E.164. */
  phone: string | null;
  jobTitle: string | null;
  companyId: string | null;
  address: Address | null;
  ownerUid: string | null;
  lifecycleStage: LifecycleStage | null;
  leadSource: string | null;
  salutation: string | null;
  firstName: string | null;
  lastName: string | null;
  department: string | null;
  mobilePhone: string | null;
  homePhone: string | null;
  otherPhone: string | null;
  fax: string | null;
  /** `YYYY-MM-DD`. */
  birthdate: string | null;
  assistantName: string | null;
  assistantPhone: string | null;
  reportsToContactId: string | null;
  otherAddress: Address | null;
  doNotCall: boolean;
  /** At most 20 organization-library media ids. */
  mediaIds: string[];
  /** Every company any site filed this person under; read-only. */
  companyIds: string[];
  /** Addresses of records merged into this one; read-only. */
  alternateEmails: string[];
  created: string | null;
  updated: string | null;
}

/** Fields of one site's profile; writing any of them needs `consentSiteId`. */
export interface ContactProfileFields {
  phone?: string | null;
  jobTitle?: string | null;
  companyId?: string | null;
  address?: Address | null;
  ownerUid?: string | null;
  lifecycleStage?: LifecycleStage | null;
  leadSource?: string | null;
  salutation?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  department?: string | null;
  mobilePhone?: string | null;
  homePhone?: string | null;
  otherPhone?: string | null;
  fax?: string | null;
  birthdate?: string | null;
  assistantName?: string | null;
  assistantPhone?: string | null;
  reportsToContactId?: string | null;
  otherAddress?: Address | null;
  doNotCall?: boolean | null;
  mediaIds?: string[];
}

/** PATCH: send only what changes; null clears an optional field; `tags` is replaced wholesale. */
export interface ContactUpdateParams extends ContactProfileFields {
  name?: string | null;
  tags?: string[];
  notes?: string | null;
  marketingConsent?: boolean;
  /** The site the write is made for: needed by profile fields and by `marketingConsent: true`. */
  consentSiteId?: string;
  /** With `marketingConsent: true`, the consent group `consentSiteId` belongs to. */
  consentGroupId?: string;
}

export interface ContactCreateParams extends ContactUpdateParams {
  /** Trimmed and lowercased; an address already held is 409 `contact_exists`. */
  email: string;
}

export interface ContactListParams extends PageParams {
  /** Exact, normalized lookup (alternate addresses included): 0 or 1 contact. */
  email?: string;
  tag?: string;
  /** Matches `companyIds`. */
  companyId?: string;
  lifecycleStage?: LifecycleStage;
  ownerUid?: string;
  /** Reads that site's profile alone. */
  consentSiteId?: string;
}

export interface ContactRetrieveParams {
  /** Reads that site's profile alone. */
  consentSiteId?: string;
}

// Leads: a site's capture queue and its conversion (document 2).
import type { PageParams } from './shared.js';

export const leadStatuses = ['new', 'working', 'qualified', 'unqualified'] as const;
export type LeadStatus = (typeof leadStatuses)[number];
/** `qualified` is reached only by `convert`. */
export const leadWritableStatuses = ['new', 'working', 'unqualified'] as const;
export type LeadWritableStatus = (typeof leadWritableStatuses)[number];

export interface Lead {
  /** Stable per address within the site. */
  id: string;
  object: 'lead';
  siteId: string;
  email: string | null;
  name: string | null;
  status: LeadStatus;
  ownerUid: string | null;
  notes: string | null;
  /** Present only while status is unqualified. */
  unqualifiedReason?: string | null;
  /** `signup`, `booking`, `form:{formId}`. */
  sources: string[];
  submissionCount: number;
  firstSeen: string | null;
  lastSeen: string | null;
  marketingConsent: boolean;
  marketingConsentAt: string | null;
  convertedContactId: string | null;
  convertedAt: string | null;
  companyId: string | null;
  dealId: string | null;
  created: string | null;
  updated: string | null;
}

/** Every lead call names its site; the client sends it as the `siteId` query parameter. */
export interface LeadSite {
  siteId: string;
}

export interface LeadListParams extends PageParams, LeadSite {
  status?: LeadStatus;
  ownerUid?: string;
}

export interface LeadUpdateParams extends LeadSite {
  status?: LeadWritableStatus;
  /** Required when status becomes unqualified. */
  unqualifiedReason?: string | null;
  ownerUid?: string | null;
  /** Resolved against the roster; not together with `ownerUid`. */
  ownerEmail?: string | null;
  notes?: string | null;
}

export interface LeadConvertParams extends LeadSite {
  /** Exactly one of `link` and `create`; null means none. */
  company?: { link: string } | { create: { name: string; domain?: string } } | null;
  /** Opened in the default pipeline; null means none. */
  deal?: { title: string; amountCents?: number; currency?: string; stageId?: string } | null;
  ownerUid?: string;
  ownerEmail?: string;
}

/** The receipt of `POST /v1/leads/{leadId}/convert`: 201, or 200 when already converted or replayed. */
export interface LeadConversion {
  object: 'lead_conversion';
  id: string;
  siteId: string;
  contactId: string;
  companyId: string | null;
  dealId: string | null;
  alreadyConverted: boolean;
  lead: Lead;
}

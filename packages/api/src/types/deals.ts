// Deals (document 2).
import type { UpdatedAfterParams } from './companies.js';
import type { Instant } from './shared.js';

export const dealStatuses = ['open', 'won', 'lost'] as const;
export type DealStatus = (typeof dealStatuses)[number];

export interface DealLineItem {
  /** Not checked against the catalog. */
  productId: string | null;
  /** Trimmed, truncated to 120; copied, not joined. */
  name: string;
  /** 1 to 1,000,000. */
  quantity: number;
  unitAmountCents: number;
  /** Defaults to the deal's and must equal it. */
  currency?: string;
}

export interface DealLineItemParams {
  productId?: string | null;
  name: string;
  quantity: number;
  unitAmountCents: number;
  currency?: string;
}

export interface Deal {
  id: string;
  object: 'deal';
  title: string;
  pipelineId: string;
  stageId: string;
  status: DealStatus;
  /** With line items, their sum. */
  amountCents: number | null;
  /** Lowercase ISO 4217. */
  currency: string;
  lineItems: DealLineItem[];
  expectedCloseAt: string | null;
  closedAt: string | null;
  stageChangedAt: string | null;
  ownerUid: string | null;
  contactId: string | null;
  companyId: string | null;
  lostReason: string | null;
  notes: string | null;
  siteId: string;
  created: string | null;
  updated: string | null;
}

/** PATCH body: `pipelineId` is create-only; `amountCents` cannot be sent with line items. */
export interface DealUpdateParams {
  title?: string;
  stageId?: string;
  status?: DealStatus;
  amountCents?: number | null;
  currency?: string;
  /** At most 50; `[]` or null clears the lines. */
  lineItems?: DealLineItemParams[] | null;
  /** An ISO 8601 instant with an offset, or a Date. */
  expectedCloseAt?: Instant | null;
  ownerUid?: string | null;
  contactId?: string | null;
  companyId?: string | null;
  lostReason?: string | null;
  notes?: string | null;
}

export interface DealCreateParams extends DealUpdateParams {
  title: string;
  consentSiteId: string;
  /** Omitted: the default active pipeline. */
  pipelineId?: string;
}

export interface DealListParams extends UpdatedAfterParams {
  contactId?: string;
  companyId?: string;
  pipelineId?: string;
  ownerUid?: string;
  status?: DealStatus;
}

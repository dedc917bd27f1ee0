// Companies and pipelines (document 2).
import type { Address, Instant, PageParams } from './shared.js';

export interface Company {
  id: string;
  object: 'company';
  name: string;
  /** Bare lowercase hostname, unique in the organization. */
  domain: string | null;
  website: string | null;
  phone: string | null;
  address: Address | null;
  industry: string | null;
  ownerUid: string | null;
  notes: string | null;
  siteId: string;
  created: string | null;
  updated: string | null;
}

export interface CompanyUpdateParams {
  name?: string;
  domain?: string | null;
  website?: string | null;
  phone?: string | null;
  address?: Address | null;
  industry?: string | null;
  ownerUid?: string | null;
  notes?: string | null;
}

export interface CompanyCreateParams extends CompanyUpdateParams {
  name: string;
  /** The site the record is filed for; published back as `siteId`. */
  consentSiteId: string;
}

/** `updatedAfter` filters and orders by `updated` ascending; do not mix its pages with others. */
export interface UpdatedAfterParams extends PageParams {
  /** ISO 8601 instant with an offset; a bare date is refused. */
  updatedAfter?: Instant;
}

export interface CompanyListParams extends UpdatedAfterParams {
  /** Exact, normalized: 0 or 1 result. */
  domain?: string;
  ownerUid?: string;
}

export const stageKinds = ['open', 'won', 'lost'] as const;
export type StageKind = (typeof stageKinds)[number];

export interface PipelineStage {
  id: string;
  name: string;
  order: number;
  /** 0-100. */
  probability: number;
  kind: StageKind;
}

/** Read-only stage set; `archived` changes only in the console. */
export interface Pipeline {
  id: string;
  object: 'pipeline';
  name: string;
  isDefault: boolean;
  archived: boolean;
  archivedAt: string | null;
  stages: PipelineStage[];
  siteId: string;
  created: string | null;
  updated: string | null;
}

export type PipelineListParams = UpdatedAfterParams;

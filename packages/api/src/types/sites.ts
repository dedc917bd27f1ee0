// Sites, publishing and form submissions (document 1, sections 2 to 4).
import type { PageParams } from './shared.js';

export interface Site {
  id: string;
  object: 'site';
  displayName: string | null;
  /** The `{subdomain}` part of the site's default address. */
  subdomain: string | null;
  /** Custom domain once verified, else null. */
  domain: string | null;
}

/** Open body: the server reads `displayName` and `subdomain` and ignores the rest. */
export interface SiteCreateParams {
  /** Trimmed, truncated at 80 characters. */
  displayName: string;
  /** 3-30 characters: lowercase letters, digits and hyphens, starting with a letter or digit; globally unique. */
  subdomain: string;
}

/** `POST /v1/sites/{siteId}/publish`. A 200 does not always mean published: check `published`. */
export interface PublishResult {
  object: 'publish';
  site: string;
  published: boolean;
  /** Null on success; else `not_routed`, `not-configured`, `tenant-{status}` or `error`. */
  reason: 'not_routed' | 'not-configured' | `tenant-${string}` | 'error' | null;
  /** Cached pages dropped. */
  pages: number;
  /** Pages not refreshed because the call passed 250 pages; they catch up within the hour. */
  pagesDropped: number;
}

export interface FormSubmissionRouting {
  dataset?: { id: string; name: string; recordId: string };
  /** The bound dataset's model refused a value; no record was written. */
  datasetRefused?: { id: string; name: string; errors: Record<string, string> };
}

export interface FormSubmission {
  /** Unique within a site, not across the organization. */
  id: string;
  object: 'form_submission';
  /** Stable across renames; null on submissions collected before the form existed. */
  form_id: string | null;
  /** Form name at submission time. */
  form: string | null;
  path: string | null;
  /** Exactly what the visitor typed, field name to value; immutable. */
  fields: Record<string, unknown>;
  /** The processing flag; the only writable field. */
  read: boolean;
  /** Where the platform already sent it; null when it went only to the inbox. */
  routing: FormSubmissionRouting | null;
  created: string | null;
}

export interface FormSubmissionListParams extends PageParams {
  /** Matches the form id (survives renames); wins over `form`. */
  formId?: string;
  /** Exact form name at submission time. */
  form?: string;
  read?: boolean;
}

/** Closed body: `read` only. */
export interface FormSubmissionUpdateParams {
  read: boolean;
}

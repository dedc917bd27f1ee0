// What the conformance suite is given: a base URL and keys, nothing of the server's insides,
// so the same scenarios could be pointed at the real platform.

/** The keys a scenario may ask for. All but `other-org` belong to one organization on a plan with every suite. */
export type KeyProfile =
  /** Every scope. */
  | 'full'
  /** No scope at all. */
  | 'no-scopes'
  /** crm:read only. */
  | 'crm-read'
  /** An organization whose plan lacks the CRM suite. */
  | 'no-crm'
  /** An organization whose plan lacks commerce. */
  | 'no-commerce'
  /** An organization whose plan lacks API access. */
  | 'no-api'
  /** Every scope, in another organization. */
  | 'other-org'
  /** Every scope, in a new organization whose bands are one step from full: one dataset, one record a dataset, one site, one CRM record (contacts, companies and deals together, hard-banded). */
  | 'nearly-full';

export interface ConformanceTarget {
  /** `https://.../v1`. */
  baseUrl: string;
  /** A key of that profile with a rate-limit window of its own (a fresh key per call). */
  key(profile: KeyProfile): Promise<string>;
  /** Points the `full` organization's outbound webhooks at `url`, signed with `secret` (a console setting on the platform). */
  registerWebhook(url: string, secret: string): Promise<void>;
}

export interface Scenario {
  /** Where the behaviour is documented: `000 §4 Pagination`. */
  doc: string;
  title: string;
  run(target: ConformanceTarget): Promise<void>;
}

// Tasks, activities and email templates (document 2).
import type { UpdatedAfterParams } from './companies.js';
import type { Instant } from './shared.js';

export const taskKinds = ['call', 'email', 'meeting', 'todo'] as const;
export type TaskKind = (typeof taskKinds)[number];
export const taskPriorities = ['low', 'normal', 'high'] as const;
export type TaskPriority = (typeof taskPriorities)[number];
export const taskStatuses = ['open', 'done'] as const;
export type TaskStatus = (typeof taskStatuses)[number];

export interface Task {
  id: string;
  object: 'task';
  title: string;
  notes: string | null;
  kind: TaskKind;
  priority: TaskPriority;
  status: TaskStatus;
  dueAt: string | null;
  completedAt: string | null;
  assigneeUid: string | null;
  contactId: string | null;
  companyId: string | null;
  dealId: string | null;
  /** Null for a task filed from the console with no site. */
  siteId: string | null;
  created: string | null;
  updated: string | null;
}

export interface TaskUpdateParams {
  title?: string;
  notes?: string | null;
  kind?: TaskKind;
  priority?: TaskPriority;
  status?: TaskStatus;
  /** An ISO 8601 instant with an offset (a bare date is refused), or a Date. */
  dueAt?: Instant | null;
  assigneeUid?: string | null;
  contactId?: string | null;
  companyId?: string | null;
  dealId?: string | null;
}

export interface TaskCreateParams extends TaskUpdateParams {
  title: string;
  consentSiteId: string;
}

export interface TaskListParams extends UpdatedAfterParams {
  dealId?: string;
  contactId?: string;
  companyId?: string;
  assigneeUid?: string;
  status?: TaskStatus;
}

export const activityKinds = ['call', 'email', 'meeting', 'note', 'other'] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** Write-once: there is no update. */
export interface Activity {
  id: string;
  object: 'activity';
  kind: ActivityKind;
  body: string;
  /** When it happened. */
  at: string;
  /** Who did it; `api` by default. */
  byUid: string;
  contactId: string | null;
  companyId: string | null;
  dealId: string | null;
  outcome: string | null;
  durationMinutes: number | null;
  siteId: string;
  created: string | null;
  updated: string | null;
}

/** At least one of `contactId`, `companyId`, `dealId` is required. */
export interface ActivityCreateParams {
  body: string;
  consentSiteId: string;
  kind?: ActivityKind;
  /** When it happened: an ISO 8601 instant with an offset, or a Date; defaults to the request moment. */
  at?: Instant;
  byUid?: string;
  contactId?: string | null;
  companyId?: string | null;
  dealId?: string | null;
  outcome?: string | null;
  durationMinutes?: number | null;
}

export interface ActivityListParams extends UpdatedAfterParams {
  dealId?: string;
  contactId?: string;
  companyId?: string;
  kind?: ActivityKind;
}

export const emailTemplateKinds = ['template', 'snippet'] as const;
export type EmailTemplateKind = (typeof emailTemplateKinds)[number];
export const emailTemplateVisibilities = ['shared', 'personal'] as const;
export type EmailTemplateVisibility = (typeof emailTemplateVisibilities)[number];

/** Stored as written: merge fields are not filled by the API. */
export interface EmailTemplate {
  id: string;
  object: 'email_template';
  name: string;
  kind: EmailTemplateKind;
  visibility: EmailTemplateVisibility;
  /** Required when personal, refused when shared. */
  ownerUid: string | null;
  /** Empty string when none. */
  subject: string;
  body: string;
  siteId: string | null;
  created: string | null;
  updated: string | null;
}

export interface EmailTemplateUpdateParams {
  name?: string;
  kind?: EmailTemplateKind;
  visibility?: EmailTemplateVisibility;
  ownerUid?: string | null;
  /** Null clears. */
  subject?: string | null;
  body?: string;
}

export interface EmailTemplateCreateParams extends EmailTemplateUpdateParams {
  name: string;
  body: string;
  consentSiteId: string;
}

export interface EmailTemplateListParams extends UpdatedAfterParams {
  ownerUid?: string;
  kind?: EmailTemplateKind;
  visibility?: EmailTemplateVisibility;
}

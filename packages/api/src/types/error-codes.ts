// The `code` values the documents' error tables name, per error `type`. Server codes
// stay open (`| (string & {})`): a code the platform adds later still type-checks and
// comes through as sent, while the documented ones autocomplete.
import type { Scope } from './service.js';

/** Any string beyond the listed ones, keeping the listed ones in editor completion. */
type Open = string & {};

/** 400 `bad_request` (documents 1-3, "Errors"). */
export const badRequestCodes = ['validation_failed'] as const;
export type BadRequestCode = (typeof badRequestCodes)[number] | Open;

/**
 * 403 `plan_required` (document 1, "plan_required codes"; none is transient). A plan with
 * no API access answers with no code at all (`null`). `site_quota` is site creation's.
 */
export const planRequiredCodes = [
  'commerce',
  'data_store',
  'dataset_quota',
  'record_quota',
  'data_storage_quota',
  'storage_quota',
  'crm',
  'contact_quota',
  'crm_records_quota',
  'site_quota',
] as const;
export type PlanRequiredCode = (typeof planRequiredCodes)[number] | Open;

/** 403 `insufficient_scope`: the code is the missing scope. */
export type InsufficientScopeCode = Scope;

/** 403 `forbidden`. */
export const forbiddenCodes = ['video_uploads_paused'] as const;
export type ForbiddenCode = (typeof forbiddenCodes)[number] | Open;

/** 409 `conflict` (documents 1-3). */
export const conflictCodes = [
  'idempotency_in_progress',
  'dataset_not_empty',
  'contact_exists',
  'company_exists',
  'subdomain_taken',
  'order_transition',
  'lead_converted',
  'lead_not_convertible',
  'contact_not_created',
  'person_erased',
  'pipeline_has_no_stages',
  'activity_log_full',
] as const;
export type ConflictCode = (typeof conflictCodes)[number] | Open;

/** 415 `unsupported_media_type`; a type off the allowlist has none. */
export const unsupportedMediaTypeCodes = ['type_mismatch', 'executable_bytes', 'macro_payload'] as const;
export type UnsupportedMediaTypeCode = (typeof unsupportedMediaTypeCodes)[number] | Open;

/** `connection_error`: `aborted` (the caller's signal), the network layer's own code, or `network_error`. */
export type ConnectionErrorCode =
  | 'aborted'
  | 'network_error'
  | 'ECONNREFUSED'
  | 'ECONNRESET'
  | 'ENOTFOUND'
  | 'EAI_AGAIN'
  | 'UND_ERR_CONNECT_TIMEOUT'
  | 'UND_ERR_SOCKET'
  | Open;

/** The codes the client itself gives, closed: they are ours. */
export type TimeoutCode = 'timeout';
export type InvalidResponseCode = 'invalid_json' | 'not_a_list';
export type PaginationCode = 'cursor_repeated' | 'cursor_missing';
export type WebhookErrorCode = 'missing_secret' | 'invalid_signature' | 'invalid_payload';
export type LocalCheckCode =
  | 'unknown_key'
  | 'missing_key'
  | 'conflicting_keys'
  | 'invalid_enum'
  | 'invalid_type'
  | 'invalid_value'
  | 'invalid_instant'
  | 'invalid_date'
  | 'unsupported_media_type'
  | 'payload_too_large';

/** Every documented code of every type; `ServiceError.code` is one of these, or a code not yet documented. */
export type ServiceErrorCode =
  | BadRequestCode
  | PlanRequiredCode
  | InsufficientScopeCode
  | ForbiddenCode
  | ConflictCode
  | UnsupportedMediaTypeCode
  | ConnectionErrorCode
  | TimeoutCode
  | InvalidResponseCode
  | PaginationCode
  | WebhookErrorCode
  | LocalCheckCode;

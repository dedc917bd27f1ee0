// One error family, keyed on the envelope's `type` (Stripe's shape): catch
// `ServiceError`, branch with `instanceof` on a subclass or on `type` and `code`.
// No error ever carries a request header, so the API key cannot leak through one.
import type { ShapeIssue } from '@extkit/api';
import type { RateLimit } from './rate-limit.js';
import type {
  BadRequestCode,
  ConflictCode,
  ConnectionErrorCode,
  ForbiddenCode,
  InsufficientScopeCode,
  InvalidResponseCode,
  LocalCheckCode,
  PaginationCode,
  PlanRequiredCode,
  ServiceErrorCode,
  TimeoutCode,
  UnsupportedMediaTypeCode,
} from '../types/error-codes.js';

/** The envelope's `type` values, plus the kinds of failure that happen without a response. */
export type ServiceErrorType =
  | 'bad_request'
  | 'unauthorized'
  | 'plan_required'
  | 'insufficient_scope'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'unavailable_for_legal_reasons'
  | 'internal_error'
  | 'connection_error'
  | 'timeout'
  | 'invalid_response'
  | 'local_check'
  | 'pagination'
  | 'webhook'
  | (string & {});

export interface ServiceErrorInit {
  message: string;
  type: ServiceErrorType;
  status?: number | null;
  code?: ServiceErrorCode | null;
  fields?: Record<string, string> | null;
  retryAfter?: number | null;
  rateLimit?: RateLimit | null;
  allow?: string[] | null;
  cause?: unknown;
}

/** An error from the API or from the client on its behalf. */
export class ServiceError extends Error {
  override name = 'ServiceError';
  /** HTTP status; null when no response came (connection, timeout, local check, pagination). */
  readonly status: number | null;
  readonly type: ServiceErrorType;
  /** Finer cause within `type`, e.g. `validation_failed`, `idempotency_in_progress`, a plan or scope code; each subclass narrows it to its documented codes. */
  readonly code: ServiceErrorCode | null;
  /** On validation failures: failing key to reason. */
  readonly fields: Record<string, string> | null;
  /** Seconds from `Retry-After`, when the response had one. */
  readonly retryAfter: number | null;
  /** The response's rate-limit headers. */
  readonly rateLimit: RateLimit | null;
  /** Methods from the `Allow` header of a 405. */
  readonly allow: string[] | null;

  constructor(init: ServiceErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status ?? null;
    this.type = init.type;
    this.code = init.code ?? null;
    this.fields = init.fields ?? null;
    this.retryAfter = init.retryAfter ?? null;
    this.rateLimit = init.rateLimit ?? null;
    this.allow = init.allow ?? null;
  }
}

/** 400 `bad_request`; `code: validation_failed` with `fields`. */
export class BadRequestError extends ServiceError {
  override name = 'BadRequestError';
  declare readonly code: BadRequestCode | null;
}
/** 401: missing, malformed, revoked or expired key. */
export class UnauthorizedError extends ServiceError {
  override name = 'UnauthorizedError';
}
/** 403 `plan_required`: never transient; alert a human (the `code` says what the plan lacks). */
export class PlanRequiredError extends ServiceError {
  override name = 'PlanRequiredError';
  declare readonly code: PlanRequiredCode | null;
}
/** 403 `insufficient_scope`: `code` is the missing scope. */
export class InsufficientScopeError extends ServiceError {
  override name = 'InsufficientScopeError';
  declare readonly code: InsufficientScopeCode | null;
}
/** 403 `forbidden`, e.g. `code: video_uploads_paused`. */
export class ForbiddenError extends ServiceError {
  override name = 'ForbiddenError';
  declare readonly code: ForbiddenCode | null;
}
/** 404: no such resource, or one the organization does not own. */
export class NotFoundError extends ServiceError {
  override name = 'NotFoundError';
}
/** 405: `allow` lists the supported methods. */
export class MethodNotAllowedError extends ServiceError {
  override name = 'MethodNotAllowedError';
}
/** 409: `idempotency_in_progress`, `contact_exists`, `order_transition`, `lead_converted`... */
export class ConflictError extends ServiceError {
  override name = 'ConflictError';
  declare readonly code: ConflictCode | null;
}
/** 413: a media upload past its ceiling. */
export class PayloadTooLargeError extends ServiceError {
  override name = 'PayloadTooLargeError';
}
/** 415: `type_mismatch`, `executable_bytes`, `macro_payload` or a type off the allowlist. */
export class UnsupportedMediaTypeError extends ServiceError {
  override name = 'UnsupportedMediaTypeError';
  declare readonly code: UnsupportedMediaTypeCode | null;
}
/** 429: `retryAfter` says when to come back. */
export class RateLimitedError extends ServiceError {
  override name = 'RateLimitedError';
}
/** 451: the media matches a taken-down asset. */
export class UnavailableForLegalReasonsError extends ServiceError {
  override name = 'UnavailableForLegalReasonsError';
}
/** 500 (and 502-504 from the gateway in front of the service): a server fault, retried. */
export class InternalServerError extends ServiceError {
  override name = 'InternalServerError';
}
/** The request never got an answer: refused connection, reset socket, DNS failure. */
export class ServiceConnectionError extends ServiceError {
  override name = 'ServiceConnectionError';
  declare readonly code: ConnectionErrorCode;
}
/** No complete answer within `timeoutMs`. */
export class ServiceTimeoutError extends ServiceError {
  override name = 'ServiceTimeoutError';
  declare readonly code: TimeoutCode;
}
/** A body that is not the JSON the API documents. */
export class InvalidResponseError extends ServiceError {
  override name = 'InvalidResponseError';
  declare readonly code: InvalidResponseCode;
}
/** Auto-pagination stopped: `code` is `cursor_repeated` or `cursor_missing`. */
export class PaginationError extends ServiceError {
  override name = 'PaginationError';
  declare readonly code: PaginationCode;
}

/** One problem a local check found before sending: `code`, a JSON Pointer `path` into the params, and a message. */
export type LocalCheckIssue = ShapeIssue;

/**
 * A request the server would refuse for its shape, caught before sending (a 400 is
 * still billed). `fields` mirrors the server's 400; `issues` holds every finding.
 */
export class LocalCheckError extends ServiceError {
  override name = 'LocalCheckError';
  declare readonly code: LocalCheckCode;
  readonly issues: LocalCheckIssue[];
  constructor(issues: LocalCheckIssue[]) {
    const first = issues[0];
    super({
      type: 'local_check',
      code: first?.code ?? 'invalid_value',
      message: `Not sent: ${issues.map((i) => i.message).join('; ')} (local check; pass localChecks: false to the client to send anyway)`,
      fields: Object.fromEntries(issues.map((i) => [i.path.slice(1).replaceAll('/', '.'), i.message])),
    });
    this.issues = issues;
  }
}

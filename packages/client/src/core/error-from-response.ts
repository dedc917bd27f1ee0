import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  InsufficientScopeError,
  InternalServerError,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  PlanRequiredError,
  RateLimitedError,
  ServiceError,
  UnauthorizedError,
  UnavailableForLegalReasonsError,
  UnsupportedMediaTypeError,
  type ServiceErrorInit,
} from './errors.js';
import { readRateLimit, readRetryAfter } from './rate-limit.js';
import { redact } from './redact.js';

type ErrorClass = new (init: ServiceErrorInit) => ServiceError;

const byType: Record<string, ErrorClass> = {
  bad_request: BadRequestError,
  unauthorized: UnauthorizedError,
  plan_required: PlanRequiredError,
  insufficient_scope: InsufficientScopeError,
  forbidden: ForbiddenError,
  not_found: NotFoundError,
  method_not_allowed: MethodNotAllowedError,
  conflict: ConflictError,
  payload_too_large: PayloadTooLargeError,
  unsupported_media_type: UnsupportedMediaTypeError,
  rate_limited: RateLimitedError,
  unavailable_for_legal_reasons: UnavailableForLegalReasonsError,
  internal_error: InternalServerError,
};

/** The `type` a status implies when the body carries no envelope (a proxy page, an empty body). */
const typeOfStatus: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  451: 'unavailable_for_legal_reasons',
  500: 'internal_error',
  502: 'internal_error',
  503: 'internal_error',
  504: 'internal_error',
};

function envelopeOf(body: unknown): { type?: unknown; message?: unknown; code?: unknown; fields?: unknown } | null {
  if (typeof body !== 'object' || body === null) return null;
  const error = (body as { error?: unknown }).error;
  return typeof error === 'object' && error !== null ? error : null;
}

function stringRecord(value: unknown, clean: (text: string) => string): Record<string, string> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, clean(typeof v === 'string' ? v : JSON.stringify(v))]),
  );
}

/**
 * Builds the error for a non-2xx answer from its envelope, falling back on the status.
 * `secret` (the API key, an inbound hook's secret) is redacted from the server's words.
 */
export function errorFromResponse(
  status: number,
  headers: Headers,
  body: unknown,
  what: string,
  secret = '',
): ServiceError {
  const clean = (text: string): string => redact(text, secret);
  const envelope = envelopeOf(body);
  const type =
    typeof envelope?.type === 'string'
      ? envelope.type
      : (typeOfStatus[status] ?? (status >= 500 ? 'internal_error' : 'unknown'));
  const message = typeof envelope?.message === 'string' ? envelope.message : `HTTP ${status} with no error envelope`;
  const allow = headers.get('allow');
  const Class = byType[type] ?? ServiceError;
  return new Class({
    type,
    status,
    message: `${clean(message)} (${what})`,
    code: typeof envelope?.code === 'string' ? clean(envelope.code) : null,
    fields: stringRecord(envelope?.fields, clean),
    retryAfter: readRetryAfter(headers),
    rateLimit: readRateLimit(headers),
    allow:
      allow === null
        ? null
        : allow
            .split(',')
            .map((m) => m.trim())
            .filter(Boolean),
  });
}

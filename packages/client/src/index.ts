// @extkit/client: the typed client for the platform REST API, on fetch.
// This entry imports no Node built-in: it runs in Node >= 20, browsers and workers.

export { ServiceClient } from './client.js';
export { ServiceCore, type ServiceClientOptions, type RequestSpec, type Method } from './core/core.js';
export type { BackoffOptions } from './core/retry.js';
export { ListPromise } from './core/list.js';
export { ApiPromise, type ResponseMeta, type WithResponse } from './core/api-promise.js';
export type { Hooks, RequestEvent, ResponseEvent } from './core/hooks.js';
export type { RateLimit } from './core/rate-limit.js';
export { apiKeyProblem, redact } from './core/redact.js';
export {
  ServiceError,
  BadRequestError,
  UnauthorizedError,
  PlanRequiredError,
  InsufficientScopeError,
  ForbiddenError,
  NotFoundError,
  MethodNotAllowedError,
  ConflictError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  RateLimitedError,
  UnavailableForLegalReasonsError,
  InternalServerError,
  ServiceConnectionError,
  ServiceTimeoutError,
  InvalidResponseError,
  PaginationError,
  LocalCheckError,
  type LocalCheckIssue,
  type ServiceErrorInit,
  type ServiceErrorType,
} from './core/errors.js';

export { Api, Me, UsageReport, OpenApi, Marketplace } from './resources/service.js';
export { Datasets } from './resources/datasets.js';
export { Records } from './resources/records.js';
export { Sites } from './resources/sites.js';
export { FormSubmissions } from './resources/form-submissions.js';
export { MediaLibrary } from './resources/media.js';
export { Contacts } from './resources/contacts.js';
export { Companies, Pipelines } from './resources/companies.js';
export { Deals } from './resources/deals.js';
export { Tasks } from './resources/tasks.js';
export { Activities } from './resources/activities.js';
export { EmailTemplates } from './resources/email-templates.js';
export { Leads } from './resources/leads.js';
export { Orders, Products } from './resources/commerce.js';

export { verifyWebhookSignature, signWebhookBody } from './webhooks/verify.js';
export { parseWebhookEvent, constructWebhookEvent, WebhookError } from './webhooks/parse.js';
export { sendInboundWebhook, type InboundWebhookOptions, type InboundWebhookResult } from './webhooks/send.js';

export * from './types/shared.js';
export * from './types/service.js';
export * from './types/data.js';
export * from './types/sites.js';
export * from './types/media.js';
export * from './types/contacts.js';
export * from './types/companies.js';
export * from './types/deals.js';
export * from './types/work.js';
export * from './types/leads.js';
export * from './types/commerce.js';
export * from './types/webhooks.js';
export * from './types/error-codes.js';

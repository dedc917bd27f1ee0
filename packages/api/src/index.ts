// @extkit/api: the platform REST API described once, shared by @extkit/client
// (which sends it) and @extkit/emulator (which serves it). No Node built-in is imported.

export {
  operations,
  operation,
  allowedMethods,
  matchOperation,
  matchPath,
  type Operation,
  type HttpMethod,
  type IdempotencyScope,
  type PlanGate,
  type Auth,
} from './operations.js';
export { shapes, type ShapedOperationId } from './specs.js';
export { shapeIssues, isInstant, isCalendarDate, keysOf, type ShapeSpec, type KeyTable } from './shape.js';
export type { ShapeIssue, ShapeRule } from './issue.js';
export { atLeastOne, notTogether, requiredWhen, refusedWhen } from './rules.js';
export { contactProfileKeys } from './prose.js';
export { mediaIssues, mediaFamilies, essence } from './media.js';

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
export * from './types/error-codes.js';

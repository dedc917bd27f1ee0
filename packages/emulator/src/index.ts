// @extkit/emulator: a stateful local emulator of the platform REST API.
export type { Actions } from './actions/index.js';
export { checkTarget as checkExportTarget } from './state/export.js';
export { StateError, formatVersion as stateFormatVersion, readSnapshot, type ExportSummary } from './state/index.js';
export { ApiError as ActionError } from './http/errors.js';
export { startEmulator } from './emulator.js';
export { allScopes } from './store/orgs.js';
export type { Emulator, EmulatorOptions } from './types.js';
export { plans, resolvePlan, type Plan, type PlanInput } from './rules/plans.js';
export { limits } from './rules/limits.js';
export { EngineMissingError, type EngineKind } from './engine/missing.js';
export { openApiDocument } from './openapi.js';
export type { Delivery, DeliveryAttempt } from './webhooks.js';
export { FaultError, type Fault, type FaultSpec } from './faults/spec.js';
export type { FaultsApi } from './faults/faults.js';
export type { RequestLogEntry } from './http/pipeline.js';
export type { SeedData } from './seed/load.js';
export type { InboundCall } from './open.js';

// What a handler is given: the matched operation, the parsed request, the calling
// organization and a transaction. Handlers never see HTTP.
import type { Operation } from '@extkit/api';
import type { Engine, Sql } from './engine/engine.js';
import type { Plan } from './rules/plans.js';

export type EventValue = string | number | boolean;

export interface Clock {
  /** The emulator's now, in ms: the wall clock plus every `advance`. */
  now: () => number;
  advance: (ms: number) => number;
}

export interface Ctx {
  op: Operation;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body ({} when none). */
  body: Record<string, unknown>;
  org: string;
  plan: Plan;
  scopes: readonly string[];
  sql: Sql;
  now: number;
  /** Queues an outbound webhook event, sent once the transaction commits. */
  emit(event: string, payload: Record<string, EventValue>): void;
  engine: Engine;
  /** `http://127.0.0.1:<port>`, for URLs the answers carry. */
  origin: string;
}

export interface Result {
  /** Defaults to the operation's status (201 for keyed creates, else 200). */
  status?: number;
  body: unknown;
}

export type Handler = (ctx: Ctx) => Promise<Result>;

export const iso = (ms: number): string => new Date(ms).toISOString();

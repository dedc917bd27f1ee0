// The emulator's public shapes: what startEmulator takes (EmulatorOptions) and the handle it answers (Emulator).
import type { Actions } from './actions/index.js';
import type { Clock } from './context.js';
import type { FaultsApi } from './faults/faults.js';
import type { RequestLogEntry } from './http/pipeline.js';
import type { InboundCall } from './open.js';
import type { PlanInput } from './rules/plans.js';
import type { SeedOption } from './seed/choose.js';
import type { ExportSummary } from './state/index.js';
import type { Delivery } from './webhooks.js';

export interface EmulatorOptions {
  /** Port on 127.0.0.1; 0 (the default from code) picks a free one. */
  port?: number;
  /** PGlite data folder; omitted (with no `database`), the state lives in memory. */
  data?: string;
  /** A PostgreSQL URL: several emulators on one database share one state. */
  database?: string;
  /** `demo`, `none` (the default), a seed file's path, or seed data. Applied once to a fresh store. */
  seed?: SeedOption;
  /** A folder an export wrote: the state starts from it (replacing what the store holds), and `reset()` returns to it. */
  import?: string;
  /** The default organization's plan: a preset name or overrides. Default `business`. */
  plan?: PlanInput;
}

export interface Emulator {
  /** `http://127.0.0.1:<port>/v1`: pass it to `new ServiceClient({ baseUrl })`. */
  baseUrl: string;
  origin: string;
  adminUrl: string;
  /** A key of the default organization with every scope. */
  apiKey: string;
  org: string;
  engine: 'pglite' | 'postgres';
  /** A new key; a `plan` makes a new organization on that plan, else the key joins `org` (default organization). */
  createKey(options?: { scopes?: string[]; plan?: PlanInput; org?: string }): Promise<string>;
  setPlan(plan: PlanInput, org?: string): Promise<void>;
  /** Empties the store and applies `seed`; without one, returns to the last import, else to the seed given at start. */
  reset(seed?: EmulatorOptions['seed']): Promise<void>;
  /** Writes the whole state to `dir` (docs/emulator.md, State you can keep); refuses the working folder, its parents and the data folder. */
  exportState(dir: string): Promise<ExportSummary>;
  /** Replaces the state with an export's; `reset()` returns to it afterwards. */
  importState(dir: string): Promise<ExportSummary & { apiKey: string }>;
  clock: Clock;
  /** Outbound webhooks sent, newest last. */
  deliveries: Delivery[];
  /** Resolves once every delivery under way has finished. */
  settled(): Promise<void>;
  registerWebhook(url: string, secret?: string | null, org?: string): Promise<void>;
  registerHook(hostId: string, hookId: string, secret: string): void;
  inbound: InboundCall[];
  requests: RequestLogEntry[];
  /** What happens outside the API, made to happen: captures, merges, erasures, orders... (docs/emulator.md, Platform actions). */
  actions: Actions;
  /** Faults on purpose: the next matching requests answered as told, before any other rule (docs/emulator.md). */
  faults: FaultsApi;
  close(): Promise<void>;
}

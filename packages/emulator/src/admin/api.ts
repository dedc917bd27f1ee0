// What the admin surface may do to a running emulator (emulator.ts implements it).
import type { Actions } from '../actions/index.js';
import type { FaultsApi } from '../faults/faults.js';
import type { Browser } from '../page/data.js';
import type { PlanInput } from '../rules/plans.js';
import type { SeedData } from '../seed/load.js';

export interface AdminApi {
  summary(): Promise<unknown>;
  createKey(options: {
    scopes?: string[];
    plan?: PlanInput;
    org?: string;
  }): Promise<{ key: string; org: string; scopes: string[] }>;
  setPlan(plan: PlanInput, org?: string): Promise<unknown>;
  advance(ms: number): number;
  reset(seed?: string | SeedData): Promise<void>;
  registerWebhook(url: string, secret: string | null, org?: string): Promise<void>;
  registerHook(hostId: string, hookId: string, secret: string): void;
  takeDown(sha256: string): void;
  requests(): unknown[];
  deliveries(): unknown[];
  inbound(): unknown[];
  actions: Actions;
  faults: FaultsApi;
  /** `cwd`: working folders to refuse beside the emulator's own (the CLI's, when it asks). */
  exportState(dir: string, cwd?: string[]): Promise<unknown>;
  importState(dir: string): Promise<unknown>;
  /** The page's read-only view of the store. */
  browse: Browser;
  /** Webhooks sent, each with `signatureCheck`: valid, invalid or unsigned against the secret registered for its URL. */
  checkedDeliveries(): Promise<unknown[]>;
}

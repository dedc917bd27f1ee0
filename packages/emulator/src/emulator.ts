// startEmulator(): the API on node:http over one SQL store, with its admin surface.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { createActions, type Actions } from './actions/index.js';
import type { AdminApi } from './admin/api.js';
import type { Clock, EventValue } from './context.js';
import type { Engine } from './engine/engine.js';
import { loadPglite, openPglite } from './engine/pglite.js';
import { loadPg, openPostgres } from './engine/postgres.js';
import { migrate } from './engine/migrate.js';
import { migrations, tables } from './engine/schema.js';
import { Faults, type FaultsApi } from './faults/faults.js';
import { listenEarly, type EarlyServer } from './http/listen.js';
import { requestListener } from './http/server.js';
import { marketplaceTables } from './marketplace/schema.js';
import { createPipeline, type RequestLogEntry } from './http/pipeline.js';
import { openHandlers, type InboundCall } from './open.js';
import { sqlAdmitter } from './rules/admit.js';
import { localAdmitter } from './rules/admit-local.js';
import { handlers } from './resources/index.js';
import { takenDown } from './resources/media.js';
import { applySnapshot } from './state/import.js';
import { browser } from './page/data.js';
import { readSnapshot, stateControl, type ExportSummary } from './state/index.js';
import { resolvePlan, type PlanInput } from './rules/plans.js';
import { demoSeed } from './seed/demo.js';
import { loadSeed, type SeedData } from './seed/load.js';
import { deliver, deliverableUrl, type Delivery } from './webhooks.js';

export interface EmulatorOptions {
  /** Port on 127.0.0.1; 0 (the default from code) picks a free one. */
  port?: number;
  /** PGlite data folder; omitted (with no `database`), the state lives in memory. */
  data?: string;
  /** A PostgreSQL URL: several emulators on one database share one state. */
  database?: string;
  /** `demo`, `none` (the default), a seed file's path, or seed data. Applied once to a fresh store. */
  seed?: 'demo' | 'none' | (string & Record<never, never>) | SeedData;
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
  /** Empties the store and applies `seed` (default: the seed given at start). */
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

/** Every scope the documents name. */
export const allScopes = [
  'datasets:read',
  'datasets:write',
  'contacts:read',
  'contacts:write',
  'crm:read',
  'crm:write',
  'media:read',
  'media:write',
  'sites:read',
  'sites:write',
  'sites:publish',
  'forms:read',
  'forms:write',
  'orders:read',
  'orders:write',
  'products:read',
];

const defaultOrg = 'org_default';
const requestLogSize = 1_000;
const newKey = (): string => `sk_emu_${randomBytes(18).toString('base64url')}`;

/** The cached cluster's name for a seed: the demo or none, keyed by the schema and the seed's content; other seeds are not cached. */
function seededVariant(option: EmulatorOptions['seed'], data: SeedData | null): string | undefined {
  if (option !== undefined && option !== 'demo' && option !== 'none') return undefined;
  const hash = createHash('sha256')
    .update(JSON.stringify([migrations, data]))
    .digest('hex')
    .slice(0, 16);
  return `seed-${option ?? 'none'}-${hash}`;
}

function seedData(seed: EmulatorOptions['seed']): SeedData | null {
  if (seed === undefined || seed === 'none') return null;
  if (seed === 'demo') return demoSeed();
  if (typeof seed === 'string') {
    try {
      return JSON.parse(readFileSync(seed, 'utf8')) as SeedData;
    } catch (error) {
      throw new TypeError(`The seed file ${seed} could not be read as JSON: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  return seed;
}

/**
 * Starts the emulator on 127.0.0.1.
 * @example const emu = await startEmulator({ seed: 'demo' }); new ServiceClient({ baseUrl: emu.baseUrl, apiKey: emu.apiKey })
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const seed = seedData(options.seed);
  // Read and checked before anything opens: a newer format or a corrupt export stops the start.
  const startSnapshot = options.import ? readSnapshot(options.import) : null;
  // A fresh embedded store with the demo seed or none starts from a cached cluster already migrated and seeded.
  const variant = options.import === undefined ? seededVariant(options.seed, seed) : undefined;
  // The engine's package before anything listens: a start that fails at once (no engine, a bad seed, an address in use) fails before a client can connect.
  await (options.database ? loadPg() : loadPglite());
  const early = await listenEarly(options.port ?? 0);
  try {
    return await open(options, seed, startSnapshot, variant, early);
  } catch (error) {
    await early.abort();
    throw error;
  }
}

async function open(
  options: EmulatorOptions,
  seed: SeedData | null,
  startSnapshot: ReturnType<typeof readSnapshot> | null,
  variant: string | undefined,
  early: EarlyServer,
): Promise<Emulator> {
  const embedded = options.database ? null : await openPglite(options.data, variant);
  const engine: Engine = embedded ?? (await openPostgres(options.database!));
  // A cached cluster was kept before its start made a key: each store makes its own.
  const cached = embedded !== null && variant !== undefined && embedded.template === variant;
  // A cached cluster was kept right after its migrations, under a name its migrations are part of: it is up to date, and holds no key in flight.
  if (!cached) await migrate(engine, `${hostname()}:${process.pid}`);
  // A PGlite folder has one process, which holds its keys in flight in memory: a row in flight was left by an earlier version's process that died mid-write; its request never answered, so a retry may run.
  if (engine.kind === 'pglite' && !cached) await engine.query("delete from idempotency where state = 'flight'");

  let offset = 0;
  let madeKey = false;
  const clock: Clock = { now: () => Date.now() + offset, advance: (ms) => ((offset += ms), Date.now() + offset) };
  const requests: RequestLogEntry[] = [];
  const deliveries: Delivery[] = [];
  const inbound: InboundCall[] = [];
  const hooks = new Map<string, string>();
  const pending = new Set<Promise<unknown>>();
  const origin = early.origin;
  const faults = new Faults(() => clock.now());
  const logRequest = (entry: RequestLogEntry): void => {
    requests.push(entry);
    if (requests.length > requestLogSize) requests.splice(0, requests.length - requestLogSize);
  };

  const ensureOrg = async (org: string, plan: PlanInput | undefined, overwrite: boolean): Promise<void> => {
    await engine.query(
      `insert into orgs (id, plan) values ($1, $2::jsonb) on conflict (id) do ${overwrite ? 'update set plan = excluded.plan' : 'nothing'}`,
      [org, JSON.stringify(resolvePlan(plan))],
    );
  };
  const insertKey = async (key: string, org: string, scopes: string[]): Promise<void> => {
    await engine.query('insert into api_keys (key, org, scopes) values ($1, $2, $3::jsonb)', [
      key,
      org,
      JSON.stringify(scopes),
    ]);
  };
  const defaultKey = async (): Promise<string> => {
    // A store fresh from the cache is this process's alone and holds no key: two writes, no race to settle.
    if (cached && !madeKey) {
      madeKey = true;
      const key = newKey();
      await engine.transaction(async (sql) => {
        await sql.query("insert into meta (name, value) values ('default_key', $1)", [key]);
        await sql.query('insert into api_keys (key, org, scopes) values ($1, $2, $3::jsonb)', [
          key,
          defaultOrg,
          JSON.stringify(allScopes),
        ]);
      });
      return key;
    }
    const [held] = await engine.query<{ value: string }>("select value from meta where name = 'default_key'");
    if (held) return held.value;
    const key = newKey();
    await engine.transaction(async (sql) => {
      await sql.query("insert into meta (name, value) values ('default_key', $1) on conflict do nothing", [key]);
      const [won] = await sql.query<{ value: string }>("select value from meta where name = 'default_key'");
      if (won!.value === key)
        await sql.query('insert into api_keys (key, org, scopes) values ($1, $2, $3::jsonb)', [
          key,
          defaultOrg,
          JSON.stringify(allScopes),
        ]);
    });
    return defaultKey();
  };
  const applySeed = async (data: SeedData | null): Promise<void> => {
    const [done] = await engine.query("select value from meta where name = 'seeded'");
    if (done) return;
    await engine.transaction(async (sql) => {
      // Of several emulators starting on one fresh database, the one that marks the store seeds it.
      const [marked] = await sql.query(
        "insert into meta (name, value) values ('seeded', $1) on conflict do nothing returning name",
        [data ? 'yes' : 'none'],
      );
      if (marked && data) await loadSeed(sql, defaultOrg, data, clock.now());
    });
  };

  if (startSnapshot) await applySnapshot(engine, startSnapshot);
  // A cached cluster holds the default organization on the default plan, seeded.
  if (!cached || options.plan !== undefined) await ensureOrg(defaultOrg, options.plan, options.plan !== undefined);
  if (!cached) await applySeed(seed);
  // The first fresh start of this seed keeps its cluster for the next, before it makes its key (requests are held until the start ends: nothing else has written yet).
  if (variant !== undefined && embedded?.template === 'empty' && options.plan === undefined)
    await embedded.saveTemplate(variant);
  let apiKey = await defaultKey();

  const onEvents = (org: string, events: { event: string; payload: Record<string, EventValue> }[]): void => {
    const job = (async () => {
      const [target] = await engine.query<{ url: string; secret: string | null }>(
        'select url, secret from webhooks where org = $1',
        [org],
      );
      if (!target) return;
      for (const e of events)
        deliveries.push(
          await deliver(target.url, target.secret, e.event, e.payload, new Date(clock.now()).toISOString()),
        );
    })().catch((error) => console.error('[extkit emulator] webhook delivery failed:', error));
    pending.add(job);
    void job.finally(() => pending.delete(job));
  };

  const actions = createActions({ engine, now: clock.now, origin: () => origin, defaultOrg, onEvents });
  const admission = engine.kind === 'pglite' ? localAdmitter(engine) : sqlAdmitter(engine);
  const state = stateControl({
    engine,
    admission,
    now: clock.now,
    ...(options.data ? { data: resolve(options.data) } : {}),
    hooks,
    takedowns: takenDown,
    initial: startSnapshot,
  });
  const pipeline = createPipeline({
    engine,
    admission,
    origin: () => origin,
    now: clock.now,
    handlers,
    open: openHandlers({
      origin: () => origin,
      hooks,
      inbound,
      now: clock.now,
      // The marketplace (and the manifest and bundler packages it checks with) loads with its first request.
      listingVersions: async (listing) => (await import('./marketplace/listings.js')).listingVersions(engine, listing),
    }),
    onEvents,
    log: logRequest,
  });

  const emulator: Emulator = {
    baseUrl: '',
    origin: '',
    adminUrl: '',
    apiKey,
    org: defaultOrg,
    engine: engine.kind,
    async createKey({ scopes = allScopes, plan, org } = {}) {
      if (!Array.isArray(scopes) || !scopes.every((s) => typeof s === 'string'))
        throw new TypeError('createKey: scopes must be an array of scope strings');
      let target = org ?? defaultOrg;
      if (plan !== undefined && org === undefined) {
        target = `org_${randomBytes(6).toString('hex')}`;
        await ensureOrg(target, plan, true);
      } else if (org !== undefined) {
        const [known] = await engine.query('select id from orgs where id = $1', [org]);
        if (!known) throw new TypeError(`createKey: no organization ${JSON.stringify(org)}`);
        if (plan !== undefined) {
          await ensureOrg(org, plan, true);
          admission.forget();
        }
      }
      const key = newKey();
      await insertKey(key, target, scopes);
      return key;
    },
    async setPlan(plan, org = defaultOrg) {
      resolvePlan(plan);
      const rows = await engine.query('update orgs set plan = $2::jsonb where id = $1 returning id', [
        org,
        JSON.stringify(resolvePlan(plan)),
      ]);
      if (rows.length === 0) throw new TypeError(`setPlan: no organization ${JSON.stringify(org)}`);
      admission.forget();
    },
    async reset(next) {
      const data = next === undefined ? seed : seedData(next);
      if (next === undefined && state.imported) await state.apply(state.imported);
      else {
        await admission.flush();
        await engine.query(`truncate ${[...marketplaceTables, ...tables].join(', ')}`);
        admission.forget();
      }
      await ensureOrg(defaultOrg, options.plan, options.plan !== undefined || !state.imported);
      emulator.apiKey = apiKey = await defaultKey();
      await applySeed(data);
      requests.length = 0;
      deliveries.length = 0;
      inbound.length = 0;
      faults.clear();
    },
    exportState: (dir) => state.exportTo(dir),
    async importState(dir) {
      const done = await state.importFrom(dir);
      await ensureOrg(defaultOrg, options.plan, false);
      emulator.apiKey = apiKey = await defaultKey();
      return { ...done, apiKey };
    },
    clock,
    deliveries,
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async registerWebhook(url, secret = null, org = defaultOrg) {
      if (!deliverableUrl(url))
        throw new TypeError(
          `registerWebhook: ${JSON.stringify(url)} is not an https URL (http is accepted on loopback only)`,
        );
      await engine.query(
        'insert into webhooks (org, url, secret) values ($1, $2, $3) on conflict (org) do update set url = excluded.url, secret = excluded.secret',
        [org, url, secret],
      );
    },
    registerHook(hostId, hookId, secret) {
      hooks.set(`${hostId}/${hookId}`, secret);
    },
    inbound,
    requests,
    actions,
    faults: {
      add: (spec) => faults.add(spec),
      list: () => faults.list(),
      clear: (id) => faults.clear(id),
    },
    close: async () => {},
  };

  const admin: AdminApi = {
    summary: () =>
      Promise.resolve({
        baseUrl: emulator.baseUrl,
        org: defaultOrg,
        engine: engine.kind,
        now: new Date(clock.now()).toISOString(),
      }),
    createKey: async (o) => {
      const key = await emulator.createKey(o);
      const [row] = await engine.query<{ org: string; scopes: string[] }>(
        'select org, scopes from api_keys where key = $1',
        [key],
      );
      return { key, org: row!.org, scopes: row!.scopes };
    },
    setPlan: async (plan, org) => {
      await emulator.setPlan(plan, org);
      return { org: org ?? defaultOrg, plan: resolvePlan(plan) };
    },
    advance: (ms) => clock.advance(ms),
    reset: (s) => emulator.reset(s),
    exportState: (dir, cwd) => state.exportTo(dir, cwd),
    importState: (dir) => emulator.importState(dir),
    browse: browser(engine),
    checkedDeliveries: async () => {
      const { verifyWebhookSignature } = await import('@extkit/client');
      const secrets = new Map(
        (await engine.query<{ url: string; secret: string | null }>('select url, secret from webhooks')).map((w) => [
          w.url,
          w.secret,
        ]),
      );
      return Promise.all(
        deliveries.map(async (d) => ({
          ...d,
          signatureCheck:
            d.signature === null
              ? 'unsigned'
              : (await verifyWebhookSignature(d.body, d.signature, secrets.get(d.url) ?? null))
                ? 'valid'
                : 'invalid',
        })),
      );
    },
    registerWebhook: (url, secret, org) => emulator.registerWebhook(url, secret, org),
    registerHook: (h, k, s) => emulator.registerHook(h, k, s),
    takeDown: (sha) => takenDown.add(sha),
    requests: () => requests,
    deliveries: () => deliveries,
    inbound: () => inbound,
    actions,
    faults,
  };

  const { server } = early;
  Object.assign(emulator, { origin, baseUrl: `${origin}/v1`, adminUrl: `${origin}/__emulator` });
  early.serve(requestListener({ engine, pipeline, admin, faults, now: () => clock.now(), log: logRequest }));
  emulator.close = async () => {
    faults.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await emulator.settled();
    await admission.close();
    await engine.close();
  };
  return emulator;
}

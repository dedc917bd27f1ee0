// startEmulator(): the API on node:http over one SQL store, with its admin surface.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { createActions } from './actions/index.js';
import { adminApi } from './admin/bind.js';
import type { Clock } from './context.js';
import type { Engine } from './engine/engine.js';
import { loadPglite, openPglite } from './engine/pglite.js';
import { loadPg, openPostgres } from './engine/postgres.js';
import { migrate } from './engine/migrate.js';
import { tables } from './engine/schema.js';
import { Faults } from './faults/faults.js';
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
import { readSnapshot, stateControl } from './state/index.js';
import { resolvePlan } from './rules/plans.js';
import { applySeed, seedData, seededVariant } from './seed/choose.js';
import type { SeedData } from './seed/load.js';
import { allScopes, defaultOrg, newKey, orgs } from './store/orgs.js';
import type { Emulator, EmulatorOptions } from './types.js';
import { outbox, type Delivery } from './webhooks.js';

const requestLogSize = 1_000;

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
  const clock: Clock = { now: () => Date.now() + offset, advance: (ms) => ((offset += ms), Date.now() + offset) };
  const requests: RequestLogEntry[] = [];
  const deliveries: Delivery[] = [];
  const inbound: InboundCall[] = [];
  const hooks = new Map<string, string>();
  const origin = early.origin;
  const faults = new Faults(() => clock.now());
  const logRequest = (entry: RequestLogEntry): void => {
    requests.push(entry);
    if (requests.length > requestLogSize) requests.splice(0, requests.length - requestLogSize);
  };
  const { ensureOrg, insertKey, defaultKey } = orgs(engine, cached);
  const webhooks = outbox(engine, clock.now, deliveries);

  if (startSnapshot) await applySnapshot(engine, startSnapshot);
  // A cached cluster holds the default organization on the default plan, seeded.
  if (!cached || options.plan !== undefined) await ensureOrg(defaultOrg, options.plan, options.plan !== undefined);
  if (!cached) await applySeed(engine, seed, clock.now);
  // The first fresh start of this seed keeps its cluster for the next, before it makes its key (requests are held until the start ends: nothing else has written yet).
  if (variant !== undefined && embedded?.template === 'empty' && options.plan === undefined)
    await embedded.saveTemplate(variant);
  let apiKey = await defaultKey();

  const onEvents = webhooks.onEvents;
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
      await applySeed(engine, data, clock.now);
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
    settled: webhooks.settled,
    async registerWebhook(url, secret = null, org = defaultOrg) {
      await webhooks.register(url, secret, org);
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

  const admin = adminApi(emulator, engine, (dir, cwd) => state.exportTo(dir, cwd));

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

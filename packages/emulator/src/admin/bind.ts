// The admin surface's API (admin/api.ts) over a running emulator: its handle's methods, with what
// the routes answer beside them (the key's row, the plan resolved, deliveries with their signatures checked).
import type { Engine } from '../engine/engine.js';
import { browser } from '../page/data.js';
import { takenDown } from '../resources/media.js';
import { resolvePlan } from '../rules/plans.js';
import type { Emulator } from '../types.js';
import type { AdminApi } from './api.js';

export function adminApi(emulator: Emulator, engine: Engine, exportTo: AdminApi['exportState']): AdminApi {
  const { clock, deliveries, requests, inbound, org: defaultOrg } = emulator;
  return {
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
    exportState: exportTo,
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
    actions: emulator.actions,
    faults: emulator.faults,
  };
}

// @extkit/client's own calls, unchanged, against the real emulator: every one reaches the
// operation it means, and none is refused for its shape (the client and the emulator read one
// catalog, so what the client lets through the emulator must not refuse as malformed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchOperation } from '../packages/api/dist/index.js';
import { calls } from '../packages/client/src/__fixtures__/calls.js';
import { ServiceClient, ServiceError } from '../packages/client/src/index.js';
import { startEmulator, type Emulator } from '../packages/emulator/dist/index.js';
import { seedForCalls } from './helpers/calls-seed.js';

/**
 * The calls the emulator refuses, each for a documented reason of the state, never the request's
 * shape. Every other call must succeed.
 */
const refusals: Record<string, [status: number, code: string | null, why: string]> = {
  'datasets.delete': [409, 'dataset_not_empty', 'd1 holds r1; records are not cascaded (000 §4 Datasets)'],
  'media.retrieve': [404, null, 'the seed holds no media m1 (media are made by uploads)'],
  marketplace: [404, null, "no extension acme.maps was published to the emulator's marketplace (002 §4)"],
  'media.upload site': [415, 'type_mismatch', 'the bytes 01 02 03 are not a PNG (000 §4 Media, type sniffing)'],
  'activities.create': [400, 'validation_failed', 'contacts.delete removed c1 earlier in the list'],
};

let emu: Emulator;
let client: ServiceClient;
beforeAll(async () => {
  emu = await startEmulator({ seed: seedForCalls() });
  client = new ServiceClient({ baseUrl: emu.baseUrl, apiKey: await emu.createKey(), maxRetries: 0 });
}, 120_000);
afterAll(() => emu?.close());

describe('the client against the emulator', () => {
  it.each(calls)('%s', async (label, run, method, path) => {
    const outcome = await Promise.resolve(run(client)).then(
      () => 'ok',
      (e: unknown) => e,
    );
    const logged = emu.requests.at(-1)!;
    expect([logged.method, logged.path]).toEqual([method, path]);
    expect(logged.operation).toBe(matchOperation(method, path).operation!.id);
    const refusal = refusals[label];
    if (!refusal) {
      expect(outcome, outcome instanceof Error ? outcome.message : '').toBe('ok');
      return;
    }
    expect(outcome).toBeInstanceOf(ServiceError);
    const e = outcome as ServiceError;
    expect([e.status, e.code], refusal[2]).toEqual([refusal[0], refusal[1]]);
  });
});

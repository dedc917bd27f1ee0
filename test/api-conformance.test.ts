// The conformance suite (test/api-conformance: HTTP scenarios over a base URL and keys) run
// against the emulator on both engines: embedded PGlite and a PostgreSQL cluster.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '../packages/emulator/dist/index.js';
import { scenarios, type ConformanceTarget } from './api-conformance/index.js';
import { onBothEngines } from './helpers/engines.js';
import { postgresUnavailable } from './helpers/postgres.js';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(`[extkit] the conformance suite runs on PGlite only here: ${unavailable}`);

/** A target over an emulator: each key a fresh one, so every scenario has a rate-limit window of its own; a plan makes an organization of its own. */
function targetOf(emu: Emulator): ConformanceTarget {
  return {
    baseUrl: emu.baseUrl,
    key: async (profile) => {
      switch (profile) {
        case 'full':
          return emu.createKey();
        case 'no-scopes':
          return emu.createKey({ scopes: [] });
        case 'crm-read':
          return emu.createKey({ scopes: ['crm:read'] });
        case 'other-org':
          return emu.createKey({ plan: 'business' });
        default:
          return emu.createKey({ plan: profile });
      }
    },
    registerWebhook: (url, secret) => emu.registerWebhook(url, secret),
  };
}

function suite(engine: string, options: () => Promise<EmulatorOptions>, skip: string | null): void {
  describe.skipIf(skip)(`conformance on ${engine}`, () => {
    let emu: Emulator;
    let target: ConformanceTarget;
    beforeAll(async () => {
      emu = await startEmulator({ seed: 'demo', ...(await options()) });
      target = targetOf(emu);
    }, 120_000);
    afterAll(() => emu?.close());
    for (const s of scenarios) it(`${s.doc}: ${s.title}`, () => s.run(target), 60_000);
  });
}

onBothEngines('conformance', suite);

// vitest's global setup for tests against the emulator: `globalSetup: ['@extkit/testing/emulator']`.
// It runs in Node, outside the test files' jsdom environment (where PGlite cannot run), starts one
// in-memory emulator for the run (or, with EXTKIT_EMULATOR_URL, checks that one answers there), and
// provides its base URL and a key to every file (`inject('extkitEmulator')`, typed). Each test file
// gets a fresh organization of its own (emulator() in @extkit/testing), so no state leaks between files.
import type { TestProject } from 'vitest/node';
import { REACH_TIMEOUT_MS, freshOrganization, type EmulatorInfo } from './info.js';

/** Starts (or finds) the run's emulator and provides it; the returned teardown stops what it started. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env['EXTKIT_EMULATOR_URL'];
  if (given) {
    const baseUrl = given.replace(/\/+$/, '');
    const adminUrl = `${new URL(baseUrl).origin}/__emulator`;
    // A first organization proves it answers, before the first test, with the URL in the error if not.
    const first = await freshOrganization({ baseUrl, adminUrl, apiKey: '' });
    project.provide('extkitEmulator', { baseUrl, adminUrl, apiKey: first.apiKey } satisfies EmulatorInfo);
    return () => Promise.resolve();
  }
  let startEmulator: typeof import('@extkit/emulator').startEmulator;
  try {
    ({ startEmulator } = await import('@extkit/emulator'));
  } catch (err) {
    throw new Error(
      "globalSetup '@extkit/testing/emulator' needs @extkit/emulator: install it as a dev dependency (npm install -D @extkit/emulator), or set EXTKIT_EMULATOR_URL to an emulator you run yourself.",
      { cause: err },
    );
  }
  const emu = await Promise.race([
    startEmulator({ seed: 'none' }),
    new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`The extkit emulator did not start in ${(6 * REACH_TIMEOUT_MS) / 1000} s.`)),
        6 * REACH_TIMEOUT_MS,
      ).unref(),
    ),
  ]);
  project.provide('extkitEmulator', {
    baseUrl: emu.baseUrl,
    adminUrl: emu.adminUrl,
    apiKey: emu.apiKey,
  } satisfies EmulatorInfo);
  return () => emu.close();
}

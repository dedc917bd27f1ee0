// Each test file's own organization on the run's emulator, made before its first test
// when the run has one (globalSetup: ['@extkit/testing/emulator']).
import { beforeAll, inject } from 'vitest';
import { TestingError } from '../errors.js';
import { freshOrganization, type EmulatorInfo, type FileEmulator } from './info.js';

let info: EmulatorInfo | undefined;
let mine: FileEmulator | undefined;

try {
  info = inject('extkitEmulator');
  // The test's own request, before any view: the environment's fetch as it is.
  if (info) beforeAll(async () => void (mine = await freshOrganization(info!)));
} catch {
  // Imported outside a vitest test file: there is no run to join.
}

/**
 * This test file's organization on the run's emulator: `{ baseUrl, apiKey, org, adminUrl }`; pass it as
 * render(id, { api: emulator() }) and to `new ServiceClient(emulator())`.
 * @example const view = render('acme.orders.route', { api: emulator() });
 */
export function emulator(): FileEmulator {
  if (mine) return mine;
  throw new TestingError(
    'testing.no_emulator',
    info
      ? "emulator(): this file's organization is made before its first test; call emulator() inside a test or a hook, not at the file's top level."
      : "emulator(): this run has no emulator. Add it to vitest's config: test: { globalSetup: ['@extkit/testing/emulator'] }.",
  );
}

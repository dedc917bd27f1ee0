// Each test file's own organization on the run's emulator, made before its first test
// when the run has one (globalSetup: ['@extkit/testing/emulator']).
import { beforeAll, inject } from 'vitest';
import { TestingError } from '../errors.js';
import { freshOrganization, type EmulatorInfo, type FileEmulator } from './info.js';

/**
 * The `emulator()` of a test file; `reach` says where this environment reaches the emulator's admin surface from
 * (the browser run goes through its plugin: the admin surface answers no other origin).
 */
export function fileEmulator(reach: (info: EmulatorInfo) => EmulatorInfo = (info) => info): () => FileEmulator {
  let info: EmulatorInfo | undefined;
  let mine: FileEmulator | undefined;
  try {
    info = inject('extkitEmulator');
    // The test's own request, before any view: the environment's fetch as it is.
    if (info) beforeAll(async () => void (mine = await freshOrganization(reach(info!))));
  } catch {
    // Imported outside a vitest test file: there is no run to join.
  }
  return () => {
    if (mine) return mine;
    throw new TestingError(
      'testing.no_emulator',
      info
        ? "emulator(): this file's organization is made before its first test; call emulator() inside a test or a hook, not at the file's top level."
        : "emulator(): this run has no emulator. Add it to vitest's config: test: { globalSetup: ['@extkit/testing/emulator'] }.",
    );
  };
}

import { defineConfig } from 'vitest/config';

// One emulator of the platform API for the whole run, started in Node; each test file gets a fresh
// organization of its own (emulator() from @extkit/testing). See @extkit/testing's docs.
export default defineConfig({
  test: { globalSetup: ['@extkit/testing/emulator'] },
});

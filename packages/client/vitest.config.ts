// Runs this package's tests alone (`pnpm exec vitest run -c packages/client/vitest.config.ts`),
// without the root's global setup that builds every package for the end-to-end tests.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
  },
});

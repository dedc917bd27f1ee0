import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'test/**/*.test.ts'],
    // A fixture project's own tests run in that project (test/testing-browser.e2e.test.ts), never here.
    exclude: [...configDefaults.exclude, 'test/fixtures/**'],
    globalSetup: ['test/global-setup.ts'],
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});

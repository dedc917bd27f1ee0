// defineBrowserConfig(): the browser run's whole vitest config, for a project's
// vitest.browser.config.ts. Vitest's browser mode with its Playwright provider on the system's
// Chromium (systemChromium()), headless, the extkitBrowser() plugin, and the project's own options
// merged over them with vitest's mergeConfig; the project's `test.include` replaces the default.
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, mergeConfig, type ViteUserConfig } from 'vitest/config';
import { extkitBrowser, systemChromium } from './plugin.js';

/** The test files of a project made by `extkit create`. */
const INCLUDE = ['src/**/*.test.{ts,tsx}'];

/**
 * The browser run's vitest config: the same tests as `vitest run`, in Chromium, with `options` merged over it.
 * @example export default defineBrowserConfig({ test: { globalSetup: ['@extkit/testing/emulator'] } });
 */
export function defineBrowserConfig(options: ViteUserConfig = {}): ViteUserConfig {
  const base = defineConfig({
    plugins: [extkitBrowser()],
    test: {
      include: options.test?.include ?? INCLUDE,
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions: systemChromium() }),
        instances: [{ browser: 'chromium' }],
        // The first run pre-bundles the dependencies before the page connects: minutes on a loaded machine.
        connectTimeout: 180_000,
      },
    },
  });
  // mergeConfig joins arrays: the project's include is taken above, in place of the default, not added to it.
  return mergeConfig(base, { ...options, test: { ...options.test, include: undefined } });
}

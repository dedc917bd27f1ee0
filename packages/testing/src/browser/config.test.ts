// defineBrowserConfig(): the config a project's vitest.browser.config.ts exports, as vitest reads it.
import { describe, expect, it } from 'vitest';
import { defineBrowserConfig } from './node.js';

describe('defineBrowserConfig()', () => {
  it("runs the project's tests in headless Chromium with the extkit plugin", () => {
    const config = defineBrowserConfig();
    expect(config.plugins?.map((p) => (p as { name?: string }).name)).toEqual(['extkit:testing-browser']);
    expect(config.test?.include).toEqual(['src/**/*.test.{ts,tsx}']);
    const browser = config.test?.browser;
    expect([browser?.enabled, browser?.headless, browser?.instances]).toEqual([true, true, [{ browser: 'chromium' }]]);
    expect(browser?.provider?.name).toBe('playwright');
  });

  it("merges the project's options over it, its include in place of the default", () => {
    const config = defineBrowserConfig({
      test: {
        include: ['tests/*.test.ts'],
        globalSetup: ['@extkit/testing/emulator'],
        browser: { headless: false },
      },
    });
    expect(config.test?.include).toEqual(['tests/*.test.ts']);
    expect(config.test?.globalSetup).toEqual(['@extkit/testing/emulator']);
    expect([config.test?.browser?.enabled, config.test?.browser?.headless]).toEqual([true, false]);
    expect(config.plugins).toHaveLength(1);
  });
});

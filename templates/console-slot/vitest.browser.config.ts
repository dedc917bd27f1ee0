import { extkitBrowser, systemChromium } from '@extkit/testing/browser';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

// The same tests in Chromium (`npm run test:browser`): render() mounts each contribution in a real frame,
// sandbox="allow-scripts" with the manifest's Content-Security-Policy, as the preview and the platform do.
// systemChromium() finds the system's Chromium (CHROMIUM_PATH to choose another); `npm test` stays in jsdom.
export default defineConfig({
  plugins: [extkitBrowser()],
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
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

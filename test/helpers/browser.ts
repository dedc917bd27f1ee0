// One headless Chromium per test file, driven by playwright-core with Debian's
// chromium (playwright's own browser download cannot work on these machines).
// Usage: const browser = await launchBrowser(); const page = await browser.newPage(); ... await browser.close();
import { chromium, type Browser } from 'playwright-core';

/** Where Debian's chromium package puts the browser; CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** Launches headless Chromium with the flags these shared, offline machines need. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
}

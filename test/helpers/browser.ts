// One headless Chromium per test file, driven by playwright-core with Debian's
// chromium (playwright's own browser download cannot work on these machines).
// Usage: const browser = await launchBrowser(); const page = await browser.newPage(); ... await browser.close();
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Where Debian's chromium package puts the browser; CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const ARGS = ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'];

/** Launches headless Chromium with the flags these shared, offline machines need. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
}

/**
 * Headless Chromium on an ordinary (persistent) profile in `userDataDir`: only
 * such a profile acts on resource hints (preconnect, dns-prefetch); the private
 * contexts of launchBrowser() never make them, which would hide a leak.
 */
export function launchProfile(userDataDir: string, extraArgs: string[] = []): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, headless: true, args: [...ARGS, ...extraArgs], viewport: { width: 1280, height: 800 } });
}

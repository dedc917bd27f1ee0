// One headless Chromium per test file, driven by playwright-core with Debian's
// chromium (playwright's own browser download cannot work on these machines).
// Usage: const browser = await launchBrowser(); const page = await browser.newPage(); ... await browser.close();
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Where Debian's chromium package puts the browser; CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

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
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...ARGS, ...extraArgs],
    viewport: { width: 1280, height: 800 },
  });
}

/**
 * Runs `use` in an ordinary profile (launchProfile) that logs the network (`--log-net-log`), and gives back the log's
 * text once the browser has closed and written it out; the profile is removed.
 */
export async function withNetLog(use: (page: import('playwright-core').Page) => Promise<void>): Promise<string> {
  const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const profile = mkdtempSync(join(tmpdir(), 'extkit-profile-'));
  const netLog = join(profile, 'netlog.json');
  try {
    const context = await launchProfile(join(profile, 'user-data'), [`--log-net-log=${netLog}`]);
    try {
      await use(context.pages()[0] ?? (await context.newPage()));
    } finally {
      await context.close();
    }
    return readFileSync(netLog, 'utf8');
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

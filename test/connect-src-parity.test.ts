// The runtime's connectRefusal is the verdict @extkit/testing gives without a
// browser; the preview's frames get Chromium's own from their CSP. This holds the
// two to the same answer on the cases where host-source matching is subtle
// (scheme and port upgrades), by asking Chromium: a page whose connect-src is
// the declared list fetches (or opens a WebSocket to) each URL, and every
// securitypolicyviolation it raises is a refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { connectRefusal } from '../packages/runtime/dist/bridge/index.js';
import { launchBrowser } from './helpers/browser.js';

const CASES: Array<{ network: string[]; urls: string[] }> = [
  {
    network: ['http://h.example'],
    urls: [
      'http://h.example/a',
      'https://h.example/a',
      'https://h.example:8443/a',
      'http://h.example:443/a',
      'ws://h.example/a',
      'wss://h.example/a',
    ],
  },
  {
    network: ['https://h.example'],
    urls: ['https://h.example:443/a', 'http://h.example/a', 'wss://h.example/a', 'https://sub.h.example/a'],
  },
  {
    network: ['ws://h.example'],
    urls: ['ws://h.example/a', 'wss://h.example/a', 'wss://h.example:8443/a', 'https://h.example/a'],
  },
  { network: ['wss://h.example'], urls: ['ws://h.example/a', 'wss://h.example/a', 'https://h.example/a'] },
  {
    network: ['http://h.example:8080'],
    urls: ['http://h.example:8080/a', 'https://h.example:8080/a', 'https://h.example/a'],
  },
  { network: ['http://h.example:443'], urls: ['https://h.example/a', 'http://h.example/a'] },
  {
    network: ['http://127.0.0.1:8787'],
    urls: ['http://127.0.0.1:8787/v1', 'http://127.0.0.1:8788/v1', 'https://127.0.0.1:8787/v1'],
  },
];

let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext();
  await context.route('**/*', (route) => route.fulfill({ status: 204 }));
});
afterAll(async () => {
  await browser?.close();
});

/** The URLs Chromium refuses from a page whose connect-src is exactly `network`. */
async function chromiumRefuses(network: string[], urls: string[]): Promise<string[]> {
  // a fresh document each time: meta policies add up within one document
  const page = await context.newPage();
  await page.setContent(`<meta http-equiv="Content-Security-Policy" content="connect-src ${network.join(' ')}">`);
  const refused = await page.evaluate(async (targets: string[]) => {
    const seen = new Set<string>();
    document.addEventListener('securitypolicyviolation', (e) => seen.add(e.blockedURI));
    const sentinel = 'https://sentinel.invalid/';
    for (const url of [...targets, sentinel]) {
      try {
        if (url.startsWith('ws')) new WebSocket(url).close();
        else void fetch(url).catch(() => undefined);
      } catch {
        // a WebSocket seen synchronously still raises its violation event
      }
    }
    const deadline = Date.now() + 5000;
    while (!seen.has(sentinel) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    return targets.filter((url) => seen.has(url));
  }, urls);
  await page.close();
  return refused;
}

describe('connectRefusal agrees with Chromium on connect-src host-sources', () => {
  for (const { network, urls } of CASES) {
    it(`connect-src ${network.join(' ')}`, async () => {
      const ours = urls.filter((url) => connectRefusal(url, network) !== undefined);
      expect(await chromiumRefuses(network, urls)).toEqual(ours);
    });
  }
});

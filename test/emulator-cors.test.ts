// The emulator called from a sandboxed frame in Chromium, as an extension's frame in the
// preview calls it: opaque origin `null`, preflighted requests, headers read by the page.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../packages/emulator/dist/index.js';
import { launchBrowser } from './helpers/browser.js';

let emu: Emulator;
let browser: Browser;
let page: http.Server;
let pageUrl: string;

/** What runs in the frame: calls the API and reports what it could read to the host page. */
const frameScript = (baseUrl: string, key: string): string => `
  const report = (value) => parent.postMessage(value, '*');
  (async () => {
    const auth = { authorization: 'Bearer ${key}' };
    const sites = await fetch('${baseUrl}/sites', { headers: auth });
    const body = await sites.json();
    const write = () => fetch('${baseUrl}/contacts', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'frame-1' },
      body: JSON.stringify({ email: 'frame@example.com' }),
    });
    const first = await write();
    const again = await write();
    const refused = await fetch('${baseUrl}/sites', { headers: { authorization: 'Bearer sk_wrong' } });
    report({
      origin: self.origin,
      sites: [sites.status, body.data.map((s) => s.subdomain)],
      remaining: sites.headers.get('RateLimit-Remaining'),
      writes: [first.status, again.status, again.headers.get('Idempotent-Replayed')],
      refused: [refused.status, (await refused.json()).error.type],
    });
  })().catch((error) => report({ error: String(error) }));
`;

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  const key = await emu.createKey();
  const frame = `<!doctype html><script>${frameScript(emu.baseUrl, key)}</script>`;
  // The host page on its own loopback origin, the frame sandboxed without allow-same-origin (as the preview's).
  const host = `<!doctype html><iframe sandbox="allow-scripts" srcdoc="${frame.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}"></iframe>
    <script>window.reports = new Promise((resolve) => addEventListener('message', (e) => resolve(e.data)));</script>`;
  page = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(host));
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  page?.close();
  await emu?.close();
});

describe('the emulator from a sandboxed frame in Chromium', () => {
  it('answers its preflighted calls, and the frame reads the bodies, the rate-limit and replay headers', async () => {
    const tab = await browser.newPage();
    await tab.goto(pageUrl);
    const report = await tab.evaluate(() => (window as unknown as { reports: Promise<unknown> }).reports);
    expect(report).toEqual({
      origin: 'null',
      sites: [200, ['fjord-outfitters', 'harbor-cafe']],
      remaining: '119',
      writes: [201, 200, 'true'],
      refused: [401, 'unauthorized'],
    });
    const dataset = emu.requests.filter((r) => r.path === '/v1/contacts');
    expect(dataset.map((r) => r.status)).toEqual([201, 200]);
  });
});

// The emulator's page at /__emulator, in Chromium: the request log and its filters, the data
// by resource (a hostile value shown as text), webhooks with their signature check, the
// controls (an action, a fault), and loopback only like the rest of the admin surface.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../packages/bundler/dist/index.js';
import { startEmulator, type Emulator } from '../packages/emulator/dist/index.js';
import {
  installListing,
  localPublisherKey,
  publishArtifact,
  staffAction,
} from '../packages/emulator/dist/marketplace/client/index.js';
import { launchBrowser } from './helpers/browser.js';

let emu: Emulator;
let browser: Browser;
let page: Page;
let receiver: http.Server;
const hostile = '<img src=x onerror=window.__pwned=1><script>window.__pwned=2</script>';

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${emu.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${emu.apiKey}`, 'content-type': 'application/json' },
  });

beforeAll(async () => {
  emu = await startEmulator({ seed: 'demo' });
  receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  await emu.registerWebhook(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`, 'whsec_page');
  await api('/contacts', { method: 'POST', body: JSON.stringify({ email: 'hostile@example.org', name: hostile }) });
  await api('/contacts/ct_nope');
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(emu.adminUrl);
}, 120_000);
const work = mkdtempSync(join(tmpdir(), 'extkit-page-'));
/** The build fixture as `id` from the package `pkg`, built: an artifact folder to publish. */
async function artifact(id: string, pkg: string, slotOnly: boolean): Promise<string> {
  const dir = mkdtempSync(join(work, 'ext-'));
  cpSync(resolve(import.meta.dirname, 'fixtures/build-basic'), dir, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  manifest.id = id;
  if (slotOnly) {
    manifest.contributes = { console: { slots: ['order.sidebar'] } };
    writeFileSync(
      join(dir, 'src/index.ts'),
      "import { registerSlot } from '@extkit/runtime';\nregisterSlot('order.sidebar', ({ root }) => { root.textContent = 'notes'; });\n",
    );
  }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: pkg, private: true }));
  const r = await build(dir);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.artifact!.dir;
}

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await browser?.close();
  await emu?.close();
  receiver?.close();
});

describe('the emulator page', () => {
  it('serves HTML to a browser and JSON to everything else, with a strict CSP', async () => {
    const html = await fetch(emu.adminUrl, { headers: { accept: 'text/html' } });
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(html.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await (await fetch(emu.adminUrl)).json()).toMatchObject({ engine: 'pglite' });
  });

  it('serves the page script and each module it imports as JavaScript under the same CSP, and no other file', async () => {
    const entry = new URL('/__emulator/page.js', emu.adminUrl);
    const imported = [...(await (await fetch(entry)).text()).matchAll(/from '(\.\/client\/[a-z-]+\.js)'/g)];
    expect(imported.length).toBeGreaterThan(1);
    for (const [, specifier] of imported) {
      const module = await fetch(new URL(specifier!, entry));
      expect([specifier, module.status, module.headers.get('content-type')]).toEqual([
        specifier,
        200,
        'text/javascript; charset=utf-8',
      ]);
      expect(module.headers.get('content-security-policy')).toContain("script-src 'self'");
    }
    for (const path of [
      '/__emulator/client/nope.js',
      '/__emulator/client/..%2Fserve.js',
      '/__emulator/client/dom.d.ts',
    ])
      expect((await fetch(new URL(path, emu.adminUrl))).status, path).toBe(404);
  });

  it('shows the request log and filters it by status, path and key (kept in the URL)', async () => {
    const log = page.locator('#requests li');
    await expect.poll(() => log.count()).toBeGreaterThanOrEqual(2);
    await page.fill('#f-status', '404');
    await expect.poll(() => log.allTextContents()).toEqual([expect.stringContaining('GET /v1/contacts/ct_nope')]);
    expect(page.url()).toContain('status=404');
    await page.fill('#f-status', '');
    await page.fill('#f-path', '/contacts');
    await page.fill('#f-key', emu.apiKey);
    await expect.poll(() => log.count()).toBe(2);
    await page.fill('#f-key', 'sk_emu_someone_else_entirely');
    await expect.poll(() => log.count()).toBe(0);
    await page.fill('#f-key', '');
    await page.fill('#f-path', '');
  });

  it('shows the data by resource, paged and read-only, a hostile value as text', async () => {
    await page.getByRole('button', { name: /^contact 301$/ }).click();
    await expect.poll(() => page.locator('#page-no').textContent()).toBe('page 1');
    for (let i = 0; i < 12; i++) {
      if ((await page.locator('#rows pre', { hasText: 'hostile@example.org' }).count()) > 0) break;
      await page.click('#next');
      await page.waitForTimeout(100);
    }
    const cell = page.locator('#rows pre', { hasText: 'hostile@example.org' });
    await expect.poll(() => cell.textContent()).toContain(hostile);
    expect(await page.locator('#rows img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(page.url()).toContain('kind=contact');
  });

  it('runs a platform action from Controls, and shows its webhooks with their signature check', async () => {
    await page.click('#tab-controls');
    await page.selectOption('#action', 'capture');
    await page.click('#action-form button[type=submit]');
    await expect.poll(() => page.locator('#action-answer').textContent()).toContain('"object": "capture"');
    await emu.settled();
    await page.click('#tab-webhooks');
    const sent = page.locator('#deliveries li');
    await expect
      .poll(() => sent.allTextContents(), { timeout: 10_000 })
      .toContainEqual(expect.stringContaining('lead'));
    expect(await sent.first().textContent()).toContain('signature valid');
  });

  it('adds a fault from Controls on the faults endpoint, and the API answers with it', async () => {
    await page.click('#tab-controls');
    await page.fill('#fault-path', '/v1/me');
    await page.fill('#fault-status', '503');
    await page.click('#fault-form button[type=submit]');
    await expect.poll(() => page.locator('#faults li').count()).toBe(1);
    expect((await api('/me')).status).toBe(503);
    await expect.poll(() => page.locator('#faults li').count(), { timeout: 10_000 }).toBe(0);
  });

  it('shows the marketplace listings tab', async () => {
    await page.click('#tab-listings');
    await expect.poll(() => page.locator('#listings-summary').textContent()).toBe('No listing published yet.');
  });

  it('shows a published listing with its review state, its versions and an install', async () => {
    const market = { marketplace: emu.origin };
    const got = await localPublisherKey(emu.origin, 'acme');
    if (!got.ok) throw new Error('no publisher key');
    const publish = async (dir: string) => {
      const r = await publishArtifact(dir, { ...market, key: got.key });
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
    };
    await publish(await artifact('order-map', 'order-map', false));
    await publish(await artifact('order-notes', 'order-notes', true));
    await staffAction('review', 'acme.order-map', market);
    await staffAction('approve', 'acme.order-map', market);
    expect((await installListing('acme.order-map', { ...market, key: emu.apiKey, version: '1.0.0' })).ok).toBe(true);
    await staffAction('review', 'acme.order-notes', market);
    await staffAction('reject', 'acme.order-notes', { ...market, reason: 'asks for more than it shows' });

    await page.click('#tab-listings');
    await expect.poll(() => page.locator('#listings-summary').textContent()).toBe('2 listings, 1 installs');
    const listed = page.locator('#listings > li[data-listing="acme.order-map"]');
    expect(await listed.locator('.badge').first().textContent()).toBe('listed');
    expect(await listed.locator('.versions li').allTextContents()).toEqual(['1.0.0 listed']);
    expect(await listed.locator('.installs li').allTextContents()).toEqual(['installed by org_default: 1.0.0']);
    const rejected = page.locator('#listings > li[data-listing="acme.order-notes"]');
    expect(await rejected.locator('.badge').first().textContent()).toBe('rejected');
    expect(await rejected.textContent()).toContain('reason: asks for more than it shows');
    expect(await rejected.locator('.installs li').count()).toBe(0);
  }, 120_000);

  it('refuses a foreign Host or Origin, page and assets alike, before anything runs', async () => {
    const port = new URL(emu.adminUrl).port;
    const ask = (path: string, headers: Record<string, string>, method = 'GET') =>
      new Promise<number>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(method === 'POST' ? JSON.stringify({ advanceMs: 86_400_000 }) : undefined);
      });
    for (const path of [
      '/__emulator',
      '/__emulator/page.js',
      '/__emulator/page.css',
      '/__emulator/client/dom.js',
      '/__emulator/data?org=org_default&kind=contact',
    ])
      expect(await ask(path, { host: `evil.example:${port}`, accept: 'text/html' })).toBe(403);
    const before = Date.parse(((await (await fetch(emu.adminUrl)).json()) as { now: string }).now);
    expect(
      await ask('/__emulator/clock', { origin: 'http://localhost:3000', 'content-type': 'application/json' }, 'POST'),
    ).toBe(403);
    const after = Date.parse(((await (await fetch(emu.adminUrl)).json()) as { now: string }).now);
    expect(after - before).toBeLessThan(60_000);
  });
});

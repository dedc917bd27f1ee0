// What a frame cannot read, in the real `extkit dev` in Debian's Chromium: the dev
// server that serves it (its state, its events, its documents) and another
// extension frame on the same page. (The host page's DOM, cookies and storage:
// test/preview.test.ts.)
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.js';
import { startDev, type DevProcess } from './helpers/dev-cli.js';

let dir: string;
let dev: DevProcess;
let browser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'extkit-isolation-'));
  cpSync(new URL('./fixtures/build-basic', import.meta.url), dir, { recursive: true });
  [dev, browser] = await Promise.all([startDev([dir, '--port', '0']), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a frame', () => {
  it('reads nothing from the dev server nor from another extension frame on the page', async () => {
    const page = await browser.newPage();
    await page.goto(dev.url);
    const card = await (
      await page.waitForSelector('iframe[data-surface="component:acme.order-map.card"]')
    ).contentFrame();
    await page.waitForSelector('iframe[data-surface="slot:order.sidebar"]');
    await card!.waitForSelector('text=unknown', { timeout: 8000 });
    const reach = await card!.evaluate(async (server) => {
      const attempt = async (f: () => unknown): Promise<string> => {
        try {
          return `read ${String(await f())}`;
        } catch (e) {
          return `blocked ${(e as Error).name}`;
        }
      };
      const xhr = (url: string): Promise<string> =>
        new Promise((resolve) => {
          const r = new XMLHttpRequest();
          r.open('GET', url);
          r.onload = () => resolve(r.responseText);
          r.onerror = () => resolve('error');
          r.send();
        });
      const others = Array.from({ length: parent.frames.length }, (_, i) => parent.frames[i]!).filter(
        (w) => w !== window,
      );
      return {
        frames: parent.frames.length,
        state: await attempt(() => fetch(`${server}/__extkit/state`).then((r) => r.text())),
        page: await attempt(() => fetch(`${server}/`).then((r) => r.text())),
        events: await attempt(() => xhr(`${server}/__extkit/events`)),
        source: await attempt(() => fetch(`${server}/__extkit/bundle.js.map`).then((r) => r.text())),
        siblingDom: await attempt(() => others.map((w) => w.document.body.innerHTML).join()),
        siblingLocation: await attempt(() => others.map((w) => w.location.href).join()),
        siblingName: await attempt(() => others.map((w) => (w as unknown as { name: string }).name).join()),
      };
    }, dev.origin);
    expect(reach.frames).toBe(2);
    expect(reach.state).toBe('blocked TypeError');
    expect(reach.page).toBe('blocked TypeError');
    expect(reach.events).toBe('read error');
    expect(reach.source).toBe('blocked TypeError');
    expect(reach.siblingDom).toBe('blocked SecurityError');
    expect(reach.siblingLocation).toBe('blocked SecurityError');
    expect(reach.siblingName).toBe('blocked SecurityError');
    // Each refused request is in the network log with the dev server's origin.
    await page.click('[data-tab="network"]');
    await page.locator(`li[data-blocked="${dev.origin}"]`).first().waitFor({ timeout: 8000 });
    await page.close();
  });
});

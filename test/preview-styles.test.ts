// The preview runs the bundle as the artifact carries it: the CSS the source imports
// (and the images its url()s inline) apply inside the sandboxed frame, under its CSP.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.js';
import { startDev, type DevProcess } from './helpers/dev-cli.js';

let dir: string;
let browser: Browser;
let dev: DevProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'extkit-preview-styles-'));
  cpSync(new URL('./fixtures/build-styles', import.meta.url), dir, { recursive: true });
  [dev, browser] = await Promise.all([startDev([dir, '--port', '0']), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('extkit dev: stylesheets', () => {
  it('applies the imported CSS, its @import and its inlined image inside the frame, and the CSP blocks none of it', async () => {
    const page = await browser.newPage();
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) blocked.push(m.text());
    });
    await page.goto(dev.url);
    const frame = await (
      await page.waitForSelector('iframe[data-surface="component:acme.order-map.card"]', { timeout: 8000 })
    ).contentFrame();
    await frame!.waitForSelector('h2', { timeout: 8000 });
    const style = await frame!.evaluate(() => {
      const h2 = document.querySelector('h2')!;
      const card = h2.parentElement!;
      return {
        color: getComputedStyle(h2).color,
        border: getComputedStyle(card).borderTopStyle,
        image: getComputedStyle(card).backgroundImage,
      };
    });
    expect(style).toEqual({
      color: 'rgb(51, 85, 255)',
      border: 'solid',
      image: expect.stringContaining('data:image/png;base64,'),
    });
    const loaded = await frame!.evaluate(
      (src) =>
        new Promise<boolean>((resolve) =>
          Object.assign(new Image(), { onload: () => resolve(true), onerror: () => resolve(false), src }),
        ),
      style.image.replace(/^url\("?|"?\)$/g, ''),
    );
    expect(loaded).toBe(true);
    expect(blocked).toEqual([]);
    await page.close();
  });
});

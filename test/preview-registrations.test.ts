// What a bundle registers at run time, held to contributes in the preview: a bundle can
// register differently in the frame than in the build's scan (it can probe for a DOM,
// which the scan's realm does not have), so the preview checks the frame's own report.
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../packages/bundler/dist/index.js';
import { launchBrowser } from './helpers/browser.js';
import { startDev, type DevProcess } from './helpers/dev-cli.js';

let dir: string;
let dev: DevProcess;
let browser: Browser;

beforeAll(async () => {
  dir = join(mkdtempSync(join(tmpdir(), 'extkit-registrations-')), 'ext');
  cpSync(new URL('./fixtures/build-basic', import.meta.url), dir, { recursive: true });
  // Registers an undeclared component only where there is a DOM: in the frame, never in the scan.
  appendFileSync(
    join(dir, 'src/index.ts'),
    "\nif (typeof document !== 'undefined') registerComponent('acme.order-map.sneaky', () => {});\n" +
      // And one more after the frame said ready: late, in a timer the scan never gets to run without a DOM.
      "if (typeof document !== 'undefined') setTimeout(() => registerComponent('acme.order-map.late', () => {}), 800);\n",
  );
  [dev, browser] = await Promise.all([startDev([dir, '--port', '0']), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  if (dir) rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('registrations at run time', () => {
  it('are refused in the preview with the scan code when contributes does not declare them, though the build scan passes', async () => {
    // What a scan cannot prove: the build, scanned without a DOM, sees only the declared ones.
    const built = await build(dir, { out: join(dir, '..', 'store') });
    expect(built.errors).toEqual([]);
    expect(built.registrations.map((r) => r.id)).toEqual(['acme.order-map.card', 'order.sidebar']);

    const page = await browser.newPage();
    await page.goto(dev.url);
    await page.click('[data-tab="diagnostics"]');
    const refusal = page.locator('li[data-code="scan.undeclared_registration"]', {
      hasText: 'acme.order-map.sneaky',
    });
    await refusal.first().waitFor({ timeout: 10_000 });
    // Two frames report the same registrations: one refusal.
    await page.waitForTimeout(500);
    expect(await refusal.count()).toBe(1);
    const text = await refusal.textContent();
    expect(text).toContain('At run time, in the frame: The bundle registers component "acme.order-map.sneaky"');
    expect(text).toContain('add "acme.order-map.sneaky" to contributes.site.components');
    await page.close();
  });

  it('are refused in the preview when made after the frame said ready, as the ones it listed then', async () => {
    const page = await browser.newPage();
    await page.goto(dev.url);
    await page.click('[data-tab="diagnostics"]');
    const late = page.locator('li[data-code="scan.undeclared_registration"]', { hasText: 'acme.order-map.late' });
    await late.first().waitFor({ timeout: 10_000 });
    await page.waitForTimeout(500);
    expect(await late.count()).toBe(1);
    expect(await late.textContent()).toContain(
      'At run time, in the frame: The bundle registers component "acme.order-map.late"',
    );
    await page.close();
  });
});

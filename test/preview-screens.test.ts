// Every template, rendered in the preview in Chromium at a desktop and a phone
// size, looked at as a user would: nothing wider than the window, the stand-in
// filling the page rather than leaving half of it empty, labels beside their
// inputs, the extension in the base style. One screenshot per template is kept
// in docs/images/ for the README: EXTKIT_UPDATE_SCREENSHOTS=1 rewrites them.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.js';
import { repoRoot } from './helpers/cli.js';
import { startDev } from './helpers/dev-cli.js';
import { RENDERS, readManifestOf, surfaceKey, TEMPLATES, TEMPLATES_DIR } from './helpers/templates.js';

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;
const update = process.env['EXTKIT_UPDATE_SCREENSHOTS'] === '1';
const shots = update ? join(repoRoot, 'docs', 'images') : mkdtempSync(join(tmpdir(), 'extkit-screens-'));
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (!update) rmSync(shots, { recursive: true, force: true });
});

/** What a user would notice is wrong with the page as laid out now; [] when nothing. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const { innerWidth: w, innerHeight: h } = window;
    const doc = document.documentElement;
    if (doc.scrollWidth > w) problems.push(`the page is ${doc.scrollWidth}px wide in a ${w}px window`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const r = el.getBoundingClientRect();
      if (
        r.width > 0 &&
        r.right > w + 1 &&
        getComputedStyle(el).position !== 'fixed' &&
        !el.closest('.tabs,pre,.address')
      ) {
        problems.push(
          `${el.tagName.toLowerCase()}.${el.className} reaches ${Math.round(r.right)}px in a ${w}px window`,
        );
        break;
      }
    }
    // The stand-ins must cover at least half the window's height: no empty half page.
    let covered = 0;
    for (const s of document.querySelectorAll('.standin')) {
      const r = s.getBoundingClientRect();
      covered += Math.max(0, Math.min(r.bottom, h) - Math.max(r.top, 0));
    }
    if (covered < h / 2) problems.push(`the stand-ins cover ${Math.round(covered)}px of a ${h}px window`);
    // Labels sit beside their inputs.
    for (const field of document.querySelectorAll('.panel:not([hidden]) label.field')) {
      const name = field.querySelector('.name')?.getBoundingClientRect();
      const input = field.querySelector('input,select,textarea')?.getBoundingClientRect();
      if (name && input && input.left - name.right > 48)
        problems.push(`a label is ${Math.round(input.left - name.right)}px from its input`);
    }
    if (/\bshell shell\b/i.test(document.querySelector('.console-nav')?.textContent ?? ''))
      problems.push('the console nav says "shell shell"');
    return problems;
  });
}

describe.each(TEMPLATES)('the %s template in the preview', (template) => {
  it('lays out without overflow or an empty half page, at 1280x800 and 390x844, in the base style', async () => {
    const dir = join(TEMPLATES_DIR, template);
    const manifest = readManifestOf(dir);
    const key = surfaceKey(manifest);
    const dev = await startDev([dir, '--port', '0']);
    try {
      for (const viewport of SIZES) {
        const page = await browser.newPage({ viewport });
        try {
          await page.goto(dev.url);
          const frame = await (
            await page.waitForSelector(`iframe[data-surface="${key}"]`, { timeout: 10_000 })
          ).contentFrame();
          await page.locator('.surface .status.ok').first().waitFor({ timeout: 10_000 });
          await frame!.waitForFunction(
            (source) => new RegExp(source).test(document.body.innerText),
            RENDERS[template]!(manifest.name).source,
            { timeout: 10_000 },
          );
          const font = await frame!.evaluate(() => getComputedStyle(document.body).fontFamily);
          expect(font, 'the base style sets the system font stack').toMatch(/^system-ui/);
          expect(
            await frame!.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
            'nothing inside the frame is wider than it',
          ).toBe(true);
          expect(await layoutProblems(page), `${viewport.width}x${viewport.height}`).toEqual([]);
          const png = await page.screenshot(
            viewport.width === 1280 ? { path: join(shots, `preview-${template}.png`) } : {},
          );
          expect(png.length).toBeGreaterThan(10_000);
        } finally {
          await page.close();
        }
      }
    } finally {
      await dev.stop();
    }
  });
});

describe('the base style switch', () => {
  it('shows the bare frame when off, and the frame policy then lets in no style at all', async () => {
    const dir = join(TEMPLATES_DIR, 'site-component');
    const key = surfaceKey(readManifestOf(dir));
    const dev = await startDev([dir, '--port', '0']);
    const page = await browser.newPage();
    try {
      await page.goto(dev.url);
      await page.locator('.surface .status.ok').first().waitFor({ timeout: 10_000 });
      await page.uncheck('[data-switch="base-style"]');
      await page.locator('.surface .status.ok').first().waitFor({ timeout: 10_000 });
      const frame = await (await page.waitForSelector(`iframe[data-surface="${key}"]`)).contentFrame();
      await frame!.waitForFunction(() => document.body.childElementCount > 0);
      expect(
        await frame!.evaluate(() => [document.styleSheets.length, getComputedStyle(document.body).margin]),
      ).toEqual([0, '8px']);
      await page.reload();
      expect(await page.isChecked('[data-switch="base-style"]'), 'remembered in this browser').toBe(false);
    } finally {
      await page.close();
      await dev.stop();
    }
  });
});

// The README shows the desktop screenshots; each must be there.
describe('docs/images', () => {
  it.each(TEMPLATES)('holds the screenshot of %s the README shows', (template) => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    expect(readme).toContain(`docs/images/preview-${template}.png`);
    expect(
      readFileSync(join(repoRoot, 'docs', 'images', `preview-${template}.png`))
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });
});

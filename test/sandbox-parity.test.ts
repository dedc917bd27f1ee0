// @vitest-environment jsdom
// The sandbox attribute's refusals hold the same in the harness as in the preview:
// test/fixtures/sandbox-hostile reaches for form submission, popups, modal
// dialogs, top navigation, downloads and pointer lock, and emits what each call
// answered, channel by channel. It runs (1) through @extkit/testing's render() in
// jsdom and (2) in the real `extkit dev` in Debian's Chromium, in a frame with
// sandbox="allow-scripts" and the manifest's CSP; the answers must be equal, and
// every refusal render() lists must be in the preview's network log with the
// same words (SANDBOX_RULES in @extkit/runtime/bridge, authored once).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptEntry } from '../packages/preview/dist/sandbox/attempt.js';
import { registerComponent } from '../packages/runtime/dist/index.js';
import { render } from '../packages/testing/dist/index.js';
import { probe } from './fixtures/sandbox-hostile/src/probe.js';
import { launchBrowser } from './helpers/browser.js';
import { startDev, type DevProcess } from './helpers/dev-cli.js';

const FIXTURE = join(import.meta.dirname, 'fixtures/sandbox-hostile');
const ID = 'acme.sandbox-probe.probe';
const CHANNELS = ['form', 'form events', 'popup', 'modal', 'top-navigation', 'links', 'storage', 'pointer-lock'];

type Probed = { channel: string } & Record<string, unknown>;
interface Run {
  probed: Probed[];
  /** What the sandbox refused, as the preview's network log words it: directive, what was blocked, the fix. */
  log: Array<{ directive: string; blocked: string; fix: string }>;
}

let dir: string;
let dev: DevProcess;
let browser: Browser;
let page: Page;
let harness: Run;
let chromium: Run;

/** Runs the probe through render() and waits for its last channel. */
async function inHarness(): Promise<Run> {
  registerComponent(ID, probe);
  const view = render(ID, { manifest: join(FIXTURE, 'manifest.json') });
  const deadline = Date.now() + 5000;
  while (view.events.length < CHANNELS.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const log = view.refused.map((r) => {
    const { directive, blocked, fix } = attemptEntry(ID, {
      extkit: 'sandbox',
      protocol: 1,
      api: r.channel,
      targets: r.target === null ? [r.via] : [r.via, r.target],
    });
    return { directive, blocked, fix };
  });
  const probed = view.events.map((e) => e.detail as Probed);
  view.unmount();
  return { probed, log };
}

/** Runs the probe in the preview's frame and reads the events and network panels as a developer sees them. */
async function inChromium(): Promise<Run> {
  await page.goto(dev.url);
  await page.click('[data-tab="events"]');
  await page.waitForFunction((n) => document.querySelectorAll('li[data-event="probed"]').length >= n, CHANNELS.length, {
    timeout: 15_000,
  });
  const probed = await page.$$eval('li[data-event="probed"] pre', (pres) =>
    pres.map((p) => JSON.parse(p.textContent ?? '') as Probed),
  );
  await page.click('[data-tab="network"]');
  // The lockdown reports a click's activation after the dispatch: give the last ones a moment.
  await page.waitForTimeout(300);
  const log = await page.$$eval('[data-panel="network"] li', (items) =>
    items.map((li) => ({
      directive: li.querySelector('code')?.textContent ?? '',
      blocked: li.querySelector('code.origin')?.textContent ?? '',
      fix: li.querySelector('.fix')?.textContent ?? '',
    })),
  );
  return { probed, log };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'extkit-sandbox-parity-'));
  cpSync(FIXTURE, dir, { recursive: true });
  [dev, browser] = await Promise.all([startDev([dir]), launchBrowser()]);
  page = await browser.newPage();
  [harness, chromium] = await Promise.all([inHarness(), inChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const byChannel = (run: Run, channel: string): Probed | undefined => run.probed.find((p) => p.channel === channel);

describe('what the sandbox attribute refuses: render() against the preview in Chromium', () => {
  for (const channel of CHANNELS) {
    it(`answers the same: ${channel}`, () => {
      expect(byChannel(chromium, channel)).toBeDefined();
      expect(byChannel(harness, channel)).toEqual(byChannel(chromium, channel));
    });
  }

  it("the answers are Chromium's sandbox, not the environment's defaults", () => {
    expect(byChannel(chromium, 'form events')).toEqual({
      channel: 'form events',
      counts: { submit: 0, invalid: 0, formdata: 1 },
    });
    expect(byChannel(chromium, 'modal')!['answers']).toEqual(['undefined', 'false', 'null', 'undefined']);
    expect(byChannel(chromium, 'popup')!['answers']).toEqual(['null', 'null']);
    expect(byChannel(chromium, 'pointer-lock')!['lockErrors']).toBe(1);
    expect(byChannel(chromium, 'storage')!['answers']).toEqual([
      "SecurityError: Failed to read the 'localStorage' property from 'Window': The document is sandboxed and lacks the 'allow-same-origin' flag.",
      "SecurityError: Failed to read the 'sessionStorage' property from 'Window': The document is sandboxed and lacks the 'allow-same-origin' flag.",
      "SecurityError: Failed to read the 'cookie' property from 'Document': The document is sandboxed and lacks the 'allow-same-origin' flag.",
      "SecurityError: Failed to set the 'cookie' property on 'Document': The document is sandboxed and lacks the 'allow-same-origin' flag.",
      "SecurityError: Failed to execute 'open' on 'IDBFactory': access to the Indexed Database API is denied in this context.",
    ]);
  });

  it("shows a trusted Enter's implicit submission in the preview's network log", async () => {
    const frame = page.frameLocator(`iframe[data-surface="component:${ID}"]`);
    await frame.locator('#q').press('Enter');
    await page
      .locator('[data-panel="network"] li', {
        hasText: 'Enter in a field (implicit submission) https://orders.example.com/find',
      })
      .waitFor({ timeout: 5000 });
    await frame.locator('#f input').press('Enter');
    // With a submit button, Chromium clicks it: the same entry as a click, counted again.
    await page
      .locator('[data-panel="network"] li', { hasText: 'a submit button https://orders.example.com/ship' })
      .locator('.repeat')
      .waitFor({ timeout: 5000 });
  });

  it('every refusal render() lists is in the preview’s network log with the same words', () => {
    // top.location cannot be watched from inside the frame (top is unforgeable): Chromium throws into the
    // extension, which the answers above compare; the log has every other way.
    const watchable = harness.log.filter((e) => !/^(top|parent)\.location/.test(e.blocked));
    expect(watchable.length).toBe(harness.log.length - 2);
    const key = (e: { directive: string; blocked: string }): string => `${e.directive} | ${e.blocked}`;
    // The log counts a repeat on its first entry (×n), so each way shows once.
    const unique = (keys: string[]): string[] => [...new Set(keys)].sort();
    expect(unique(chromium.log.map(key))).toEqual(unique(watchable.map(key)));
    for (const entry of watchable) expect(chromium.log.find((c) => key(c) === key(entry))!.fix).toBe(entry.fix);
    expect(new Set(harness.log.map((e) => e.directive))).toEqual(
      new Set([
        'sandbox without allow-forms',
        'sandbox without allow-popups',
        'sandbox without allow-modals',
        'sandbox without allow-top-navigation',
        'sandbox without allow-downloads',
        'sandbox without allow-pointer-lock',
        'sandbox without allow-same-origin',
      ]),
    );
  });
});

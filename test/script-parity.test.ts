// @vitest-environment jsdom
// External scripts and script preloads get the same verdict in the harness as in the
// preview: test/fixtures/script-hostile connects a script, a module, a preload, a
// modulepreload and an SVG script (some with an integrity), and emits what is left of
// each. It runs (1) through @extkit/testing's render() in jsdom and (2) in the real
// `extkit dev` in Debian's Chromium; the answers must be equal, and every refusal
// render() lists on view.blocked must be in the preview's network log with the same
// words (scriptRefusal and INTEGRITY_REFUSAL in @extkit/runtime/bridge, authored once).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerComponent } from '../packages/runtime/dist/index.js';
import { render } from '../packages/testing/dist/index.js';
import { probe } from './fixtures/script-hostile/src/probe.js';
import { launchBrowser } from './helpers/browser.js';
import { startDev, type DevProcess } from './helpers/dev-cli.js';

const FIXTURE = join(import.meta.dirname, 'fixtures/script-hostile');
const ID = 'acme.script-probe.probe';
type Entry = { directive: string; blocked: string; fix: string };
interface Run {
  probed: unknown[];
  log: Entry[];
}

let dir: string;
let dev: DevProcess;
let browser: Browser;
let harness: Run;
let chromium: Run;

async function inHarness(): Promise<Run> {
  registerComponent(ID, probe);
  const view = render(ID, { manifest: join(FIXTURE, 'manifest.json') });
  await new Promise((r) => setTimeout(r));
  const probed = view.events.map((e) => e.detail);
  // An integrity written before the element named a host: the preview's log says so in these words.
  const log = view.blocked.map(({ directive, url, fix }) => ({
    directive,
    blocked: url || '<script integrity> or <link integrity>',
    fix,
  }));
  view.unmount();
  return { probed, log };
}

async function inChromium(): Promise<Run> {
  const page = await browser.newPage();
  await page.goto(dev.url);
  await page.click('[data-tab="events"]');
  await page.waitForFunction(() => document.querySelectorAll('li[data-event="probed"]').length >= 6, undefined, {
    timeout: 15_000,
  });
  const probed = await page.$$eval('li[data-event="probed"] pre', (pres) =>
    pres.map((p) => JSON.parse(p.textContent ?? '') as unknown),
  );
  await page.click('[data-tab="network"]');
  // CSP reports reach the log a moment after the refusals.
  await page
    .locator('[data-panel="network"] li', { hasText: 'https://cdn.example.com/svg.js' })
    .waitFor({ timeout: 8000 });
  await page.waitForTimeout(300);
  const log = await page.$$eval('[data-panel="network"] li', (items) =>
    items.map((li) => ({
      directive: li.querySelector('code')?.textContent ?? '',
      blocked: li.querySelector('code.origin')?.textContent ?? '',
      fix: li.querySelector('.fix')?.textContent ?? '',
    })),
  );
  await page.close();
  return { probed, log };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'extkit-script-parity-'));
  cpSync(FIXTURE, dir, { recursive: true });
  [dev, browser] = await Promise.all([startDev([dir]), launchBrowser()]);
  [harness, chromium] = [await inHarness(), await inChromium()];
});
afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('external scripts: render() against the preview in Chromium', () => {
  it('leaves each element the same: the integrity stripped, the element kept', () => {
    const sorted = (probed: unknown[]): unknown[] =>
      [...probed].sort((a, b) =>
        String((a as { channel: string }).channel).localeCompare((b as { channel: string }).channel),
      );
    expect(chromium.probed).toHaveLength(6);
    expect(sorted(harness.probed)).toEqual(sorted(chromium.probed));
    expect(chromium.probed).toContainEqual({ channel: 'script', integrity: '', connected: true });
  });

  it('lists the same refusals with the same words', () => {
    const key = (e: Entry): string => `${e.directive} | ${e.blocked}`;
    // The log counts a repeat on its first entry (×n), so each shows once.
    const unique = (keys: string[]): string[] => [...new Set(keys)].sort();
    const scripts = chromium.log.filter((e) => e.directive.startsWith('script'));
    expect(unique(scripts.map(key))).toEqual(unique(harness.log.map(key)));
    for (const entry of harness.log) expect(scripts.find((c) => key(c) === key(entry))!.fix).toBe(entry.fix);
    expect(unique(harness.log.map(key))).toEqual([
      'script integrity | <script integrity> or <link integrity>',
      'script integrity | https://cdn.example.com',
      'script-src-elem | https://cdn.example.com/classic.js',
      'script-src-elem | https://cdn.example.com/module.js',
      'script-src-elem | https://cdn.example.com/modulepreload.js',
      'script-src-elem | https://cdn.example.com/preload.js',
      'script-src-elem | https://cdn.example.com/svg.js',
    ]);
  });
});

// End to end: the real `extkit dev --emulator` against a copy of test/fixtures/preview-api, whose code
// calls the production URL (https://api.example.com/v1), driven in Chromium. Routing, the dev
// connect-src, the API panel, the Logs panel and the local settings file (docs/api.md).
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../packages/emulator/dist/index.js';
import { launchBrowser } from './helpers/browser.js';
import { startDev, type DevProcess } from './helpers/dev-cli.js';
import { repoRoot, runCli } from './helpers/cli.js';

const ROUTE = 'iframe[data-surface="route:/probe"]';
let dir: string;
let browser: Browser;
let page: Page;
let emu: Emulator;
let dev: DevProcess;

async function probe(): Promise<Frame> {
  const handle = await page.waitForSelector(ROUTE, { timeout: 8000 });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('the route has no frame');
  return frame;
}

/** The text of `selector` (in the route's frame, or the page) once it matches `want`. */
async function textOf(inFrame: boolean, selector: string, want: RegExp, ms = 10_000): Promise<string> {
  const end = Date.now() + ms;
  let last = '';
  while (Date.now() < end) {
    const at = inFrame ? await probe().catch(() => null) : page;
    last =
      (await at
        ?.locator(selector)
        .first()
        .textContent({ timeout: 500 })
        .catch(() => null)) ?? '';
    if (want.test(last)) return last;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${selector}: wanted ${want}, last saw ${JSON.stringify(last)}`);
}

async function frameCsp(origin: string): Promise<string> {
  const r = await fetch(`${origin}/__extkit/frame/${encodeURIComponent('route:/probe')}`);
  return r.headers.get('content-security-policy') ?? '';
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'extkit-routing-'));
  cpSync(join(repoRoot, 'test/fixtures/preview-api'), dir, { recursive: true });
  emu = await startEmulator({ seed: 'demo' });
  dev = await startDev([dir, '--emulator', emu.baseUrl]);
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.goto(dev.url);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  await emu?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('extkit dev --emulator <url>', () => {
  it('prints the emulator and what it routes; the frame may reach the declared origins and the emulator only', async () => {
    expect(dev.output()).toContain(`admin: ${emu.adminUrl}\n`);
    expect(dev.output()).toContain('routing https://api.example.com/v1 to the emulator');
    const csp = await frameCsp(dev.origin);
    expect(csp).toContain(`connect-src https://api.example.com ${emu.origin};`);
  });

  it('routes fetch and XHR to the production URL to the emulator, with the key kept in the local settings file', async () => {
    await page.click('[data-tab="settings"]');
    await page.fill('[data-config="apiKey"]', emu.apiKey);
    expect(await textOf(true, '#out', /^200 list 2$/)).toBe('200 list 2');
    expect(await textOf(true, '#xhr', /^200$/)).toBe('200');
    await expect.poll(() => existsSync(join(dir, '.extkit/settings.local.json'))).toBe(true);
    const saved = JSON.parse(readFileSync(join(dir, '.extkit/settings.local.json'), 'utf8')) as { values: unknown };
    expect(saved.values).toEqual({ apiKey: emu.apiKey });
    // The emulator answered the routed requests.
    expect(emu.requests.some((r) => r.path === '/v1/sites' && r.status === 200)).toBe(true);
  });

  it('lists every call in the API panel, marked routed, with the scopes they needed', async () => {
    await page.click('[data-tab="api"]');
    await page.waitForSelector('[data-call="GET /v1/sites?limit=2"][data-status="200"] [data-routed]');
    await page.waitForSelector('[data-call="GET /v1/me"][data-status="200"] [data-routed]');
    expect(await page.textContent('[data-scopes-json]')).toBe('["sites:read"]');
  });

  it('passes a request outside the prefix, and shows its failure in the API panel and the Logs', async () => {
    await (await probe()).click('#outside');
    await page.click('[data-tab="api"]');
    const item = await page.waitForSelector('[data-call="GET /v10/sites"][data-status="failed"]');
    expect(await item.$('[data-routed]')).toBeNull();
    await page.click('[data-tab="logs"]');
    await textOf(
      false,
      '[data-log="request"] .message',
      /GET https:\/\/api\.example\.com\/v10\/sites failed: no response/,
    );
    expect(await page.textContent('[data-log-count]')).toMatch(/\d+ errors? · \d+ warnings? in the frames/);
  });

  it('says a request failed because connect-src refused it, and routes an EventSource', async () => {
    await (await probe()).click('#undeclared');
    await page.click('[data-tab="logs"]');
    await textOf(
      false,
      '[data-log="request"] .message',
      /GET https:\/\/undeclared\.example\.com\/x failed: refused by the sandbox's connect-src/,
    );
    await (await probe()).click('#sse');
    await page.click('[data-tab="api"]');
    await page.waitForSelector('[data-call="GET /v1/stream"] [data-routed]');
    await expect.poll(() => emu.requests.some((r) => r.path === '/v1/stream')).toBe(true);
  });

  it('shows console warnings and unhandled rejections, their stack mapped to the source', async () => {
    await (await probe()).click('#boom');
    await page.click('[data-tab="logs"]');
    await textOf(false, '[data-log="console"][data-level="warn"] .message', /about to fail/);
    await textOf(false, '[data-log="uncaught"] .message', /the probe failed on purpose/);
    await textOf(false, '[data-log="uncaught"] [data-stack="mapped"]', /src\/index\.js:\d+:\d+/);
  });

  it('issues a development key with the scopes chosen into the field chosen; a refusal names the scope', async () => {
    await page.click('[data-tab="settings"]');
    await page.check('[data-scope="orders:read"]');
    await page.selectOption('[data-dev-key-field]', 'apiKey');
    await page.click('[data-issue-key]');
    await textOf(false, '[data-dev-key-note]', /A key with orders:read is in apiKey/);
    const issued = await page.inputValue('[data-config="apiKey"]');
    expect(issued).not.toBe(emu.apiKey);
    await expect
      .poll(
        () =>
          (JSON.parse(readFileSync(join(dir, '.extkit/settings.local.json'), 'utf8')) as { values: { apiKey: string } })
            .values.apiKey,
      )
      .toBe(issued);
    expect(await textOf(true, '#out', /^403 /)).toBe('403 insufficient_scope ');
    await page.click('[data-tab="api"]');
    await textOf(false, '[data-call="GET /v1/sites?limit=2"][data-status="403"] [data-refusal]', /needs sites:read/);
  });

  it('keeps the settings across a reload of the page and a restart of extkit dev', async () => {
    const key = JSON.parse(readFileSync(join(dir, '.extkit/settings.local.json'), 'utf8')) as {
      values: { apiKey: string };
    };
    await page.reload();
    await page.click('[data-tab="settings"]');
    expect(await page.inputValue('[data-config="apiKey"]')).toBe(key.values.apiKey);
    await dev.stop();
    dev = await startDev([dir, '--emulator', emu.baseUrl]);
    await page.goto(dev.url);
    await page.click('[data-tab="settings"]');
    expect(await page.inputValue('[data-config="apiKey"]')).toBe(key.values.apiKey);
    expect(await textOf(true, '#out', /^403 /)).toBe('403 insufficient_scope ');
  });

  it('drives the emulator from the API panel: the clock, the plan, a reset', async () => {
    await page.click('[data-tab="api"]');
    const before = Date.parse(((await (await fetch(emu.adminUrl)).json()) as { now: string }).now);
    await page.fill('[data-clock]', '90');
    await page.click('[data-control="clock"]');
    await expect.poll(() => page.textContent('[data-control-note]')).toBe('Clock advanced 90 min.');
    const after = Date.parse(((await (await fetch(emu.adminUrl)).json()) as { now: string }).now);
    expect(after - before).toBeGreaterThanOrEqual(90 * 60_000);
    await page.selectOption('[data-plan]', 'no-commerce');
    await page.click('[data-control="plan"]');
    await expect.poll(() => page.textContent('[data-control-note]')).toBe('The organization is on no-commerce.');
    const orders = await fetch(`${emu.baseUrl}/sites/site_0000001/orders`, {
      headers: { authorization: `Bearer ${emu.apiKey}` },
    });
    expect(orders.status).toBe(403);
    expect(((await orders.json()) as { error: { type: string; code: string } }).error).toMatchObject({
      type: 'plan_required',
      code: 'commerce',
    });
    await page.click('[data-control="reset"]');
    await expect.poll(() => page.textContent('[data-control-note]')).toContain('Reset to the seed.');
  });
});

describe('extkit dev --emulator, called wrongly', () => {
  it('refuses a URL that is no emulator, or one that does not answer, and --installed beside it (exit 2)', () => {
    const ftp = runCli(['dev', dir, '--emulator', 'ftp://127.0.0.1/v1']);
    expect(ftp.status).toBe(2);
    expect(ftp.stderr).toContain('--emulator must be an http URL');
    const closed = runCli(['dev', dir, '--emulator', 'http://127.0.0.1:9/v1']);
    expect(closed.status).toBe(2);
    expect(closed.stderr).toContain('no emulator answers at http://127.0.0.1:9/__emulator');
    const both = runCli(['dev', dir, '--emulator', '--installed', 'acme.x']);
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('give one of --installed and --emulator');
  });
});

describe('extkit dev without --emulator', () => {
  it('routes nothing: the connect-src is exactly capabilities.network', async () => {
    const plain = await startDev([dir]);
    try {
      expect(plain.output()).not.toContain('emulator');
      const csp = await frameCsp(plain.origin);
      expect(csp).toContain('connect-src https://api.example.com;');
      const state = (await (await fetch(`${plain.origin}/__extkit/state`)).json()) as { routing: unknown };
      expect(state.routing).toBeNull();
    } finally {
      await plain.stop();
    }
  });
});

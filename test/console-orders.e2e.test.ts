// The console-orders template end to end, as a user runs it: `extkit create`, install (the kit linked
// from this checkout, @electric-sql/pglite from the registry), its `dev` script (`extkit dev
// --emulator`: an emulator in the same process, the demo seed) in Chromium. The frame lists the
// seed's orders through @extkit/client at the production URL; a shipment recorded from the page is
// on the emulator's order; the API panel lists the calls; an injected 429 shows in the page and the
// panel; the settings survive a reload; the project validates with no manifest change.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceClient } from '../packages/client/dist/index.js';
import { launchBrowser } from './helpers/browser.js';
import { repoRoot, runCli, tempDir } from './helpers/cli.js';
import { startDev, type DevProcess } from './helpers/dev-cli.js';
import { exec } from './helpers/exec.js';

const ws = tempDir('extkit-console-orders-');
const dir = join(ws.dir, 'my-orders');
const ROUTE = 'iframe[data-surface="route:/my-orders"]';
let browser: Browser;
let page: Page;
let dev: DevProcess;
let emulator: { baseUrl: string; apiKey: string };

async function route(): Promise<Frame> {
  const frame = await (await page.waitForSelector(ROUTE, { timeout: 10_000 })).contentFrame();
  if (!frame) throw new Error('the route has no frame');
  return frame;
}

async function frameText(selector: string, want: RegExp, ms = 15_000): Promise<string> {
  const end = Date.now() + ms;
  let last = '';
  while (Date.now() < end) {
    const frame = await route().catch(() => null);
    last =
      (await frame
        ?.locator(selector)
        .first()
        .textContent({ timeout: 500 })
        .catch(() => null)) ?? '';
    if (want.test(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${selector}: wanted ${want}, last saw ${JSON.stringify(last)}`);
}

beforeAll(async () => {
  const created = runCli(['create', dir, '--template', 'console-orders', '--publisher', 'globex', '--json']);
  expect(created.status, created.stderr + created.stdout).toBe(0);
  const link = (pkg: string): string => `link:${join(repoRoot, 'packages', pkg)}`;
  writeFileSync(join(ws.dir, 'package.json'), '{ "name": "created-projects", "private": true }\n');
  writeFileSync(
    join(ws.dir, 'pnpm-workspace.yaml'),
    `packages: ['*']\noverrides:\n  '@extkit/cli': '${link('cli')}'\n  '@extkit/runtime': '${link('runtime')}'\n  '@extkit/client': '${link('client')}'\n  '@extkit/manifest': '${link('manifest')}'\n  '@extkit/api': '${link('api')}'\n  '@extkit/emulator': '${link('emulator')}'\n  '@extkit/bundler': '${link('bundler')}'\n  '@extkit/preview': '${link('preview')}'\n  '@extkit/testing': 'file:${join(repoRoot, 'packages', 'testing')}'\n`,
  );
  const install = await exec(
    'pnpm',
    ['install', '--no-frozen-lockfile', '--prefer-offline', '--reporter=append-only'],
    {
      cwd: ws.dir,
      timeoutMs: 240_000,
      env: { CI: '1' },
    },
  );
  expect(install.status, install.stdout + install.stderr).toBe(0);
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: { dev: string } };
  expect(pkg.scripts.dev).toBe('extkit dev --emulator');
  // The dev script, as `npm run dev` runs it: the project's own extkit.
  dev = await startDev([dir, '--emulator', '--port', '0'], 60_000);
  const out = dev.output();
  const base = /emulator: the platform API at (http:\/\/127\.0\.0\.1:\d+\/v1)\n/.exec(out);
  const key = /API key \(every scope\): (\S+)\n/.exec(out);
  expect(out).toMatch(/\n {2}admin: http:\/\/127\.0\.0\.1:\d+\/__emulator\n/);
  expect(base && key, out).toBeTruthy();
  emulator = { baseUrl: base![1]!, apiKey: key![1]! };
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.goto(dev.url);
}, 360_000);

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  ws.cleanup();
});

describe('a project created from console-orders, in extkit dev --emulator', () => {
  it('asks for a key, then lists the seed orders once a development key is issued', async () => {
    await frameText('[role="status"]', /Enter an organization API key/);
    await page.click('[data-tab="settings"]');
    for (const scope of ['sites:read', 'orders:read', 'orders:write']) await page.check(`[data-scope="${scope}"]`);
    await page.click('[data-issue-key]');
    await frameText('[role="status"]', /^25\+ orders$/);
    expect(await (await route()).locator('tbody tr').count()).toBe(25);
    expect(await (await route()).locator('tbody tr[data-order="ord_0000002"] td').nth(2).textContent()).toBe('paid');
  });

  it('records a shipment from the page, and the emulator holds it on the order', async () => {
    const frame = await route();
    const row = frame.locator('tr[data-order="ord_0000002"]');
    await row.getByLabel('Carrier').fill('UPS');
    await row.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await row.getByRole('button', { name: 'Record shipment' }).click();
    await frameText('[role="status"]', /Shipment recorded on order #2\./);
    await frameText('tr[data-order="ord_0000002"] td:nth-child(3)', /^fulfilled$/);
    const client = new ServiceClient({ baseUrl: emulator.baseUrl, apiKey: emulator.apiKey });
    const order = await client.orders.retrieve('site_0000001', 'ord_0000002');
    expect(order.status).toBe('fulfilled');
    expect(order.fulfillments.at(-1)).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
  });

  it('lists the calls in the API panel, routed, with the scopes they needed', async () => {
    await page.click('[data-tab="api"]');
    await page.waitForSelector('[data-call]');
    await page.waitForSelector('[data-call="GET /v1/sites"][data-status="200"] [data-routed]');
    await page.waitForSelector(
      '[data-call="GET /v1/sites/site_0000001/orders?limit=25"][data-status="200"] [data-routed]',
    );
    await page.waitForSelector(
      '[data-call="PATCH /v1/sites/site_0000001/orders/ord_0000002"][data-status="200"] [data-routed]',
    );
    expect(await page.textContent('[data-scopes-json]')).toBe('["orders:read","orders:write","sites:read"]');
  });

  it('shows an injected 429 in the page and in the panel', async () => {
    await page.click('[data-tab="api"]');
    await page.selectOption('[data-fault-kind]', '429');
    await page.selectOption('[data-fault-method]', 'GET');
    await page.fill('[data-fault-path]', '/v1/sites/*/orders');
    await page.fill('[data-fault-times]', '1');
    await page.click('[data-control="fault"]');
    await expect.poll(() => page.textContent('[data-control-note]')).toContain('Fault set');
    await page.reload();
    await frameText('[role="status"]', /rate limiting this key: try again in 30 seconds/);
    await page.click('[data-tab="api"]');
    await page.waitForSelector('[data-call="GET /v1/sites/site_0000001/orders?limit=25"][data-status="429"]');
    // The settings survived that reload: the page called the API with the key kept in .extkit/settings.local.json.
    const saved = JSON.parse(readFileSync(join(dir, '.extkit/settings.local.json'), 'utf8')) as {
      values: { apiKey: string };
    };
    expect(saved.values.apiKey).toMatch(/^sk_emu_/);
    await page.click('[data-tab="settings"]');
    expect(await page.inputValue('[data-config="apiKey"]')).toBe(saved.values.apiKey);
  });

  it('validates as it will be published: the API origin declared, no key in the manifest', async () => {
    const r = await exec(join(dir, 'node_modules', '.bin', 'extkit'), ['validate', '--json'], { cwd: dir });
    expect(r.status, r.stdout).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ valid: true, errors: [], warnings: [] });
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).not.toMatch(/sk_emu_/);
  });

  it('publishes the same manifest to the marketplace, with no key in its artifact', async () => {
    const marketplace = new URL(emulator.baseUrl).origin;
    const r = await exec(
      join(dir, 'node_modules', '.bin', 'extkit'),
      ['publish', '--marketplace', marketplace, '--json'],
      {
        cwd: dir,
        timeoutMs: 60_000,
      },
    );
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, listing: 'globex.my-orders', version: '0.1.0' });
    const artifact = join(dir, 'artifacts', 'my-orders', '0.1.0');
    for (const file of ['manifest.json', 'bundle.js', 'artifact.json'].filter((f) => existsSync(join(artifact, f))))
      expect(readFileSync(join(artifact, file), 'utf8'), file).not.toMatch(/sk_emu_/);
  }, 90_000);
});

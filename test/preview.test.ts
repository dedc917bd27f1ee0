// End to end: the real `extkit dev` against a copy of test/fixtures/preview-basic,
// driven in Debian's Chromium. One browser for the whole file.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.js';
import { startDev, type DevProcess } from './helpers/dev-cli.js';

const CARD = 'iframe[data-surface="component:acme.hello-card.card"]';
let dir: string;
let browser: Browser;
let page: Page;
let dev: DevProcess;
let declared: Server;
let undeclared: Server;
let undeclaredHits = 0;
const origin = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

async function listen(handler: Parameters<typeof createServer>[1]): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return server;
}

/**
 * The text of `selector` once it matches `want` (polls, bounded). `where` may be a function: the card's frame is
 * found anew on each poll, since each load of a frame gets a new browsing context (the preview replaces the element's).
 */
async function textOf(
  where: Page | Frame | (() => Promise<Frame>),
  selector: string,
  want: RegExp,
  ms = 8000,
): Promise<string> {
  const end = Date.now() + ms;
  let last = '';
  while (Date.now() < end) {
    const at = typeof where === 'function' ? await where().catch(() => null) : where;
    last =
      (await at
        ?.locator(selector)
        .first()
        .textContent({ timeout: 500 })
        .catch(() => null)) ?? '';
    if (want.test(last)) return last;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${selector}: wanted ${want}, last saw ${JSON.stringify(last)}`);
}

async function cardFrame(): Promise<Frame> {
  const handle = await page.waitForSelector(CARD, { timeout: 8000 });
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('the component has no frame');
  return frame;
}

function get(
  url: string,
  host?: string,
  method = 'GET',
): Promise<{ status: number; headers: Record<string, unknown>; body: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: host ? { host } : {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: new Promise((done) => res.on('end', () => done(body))),
      });
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  declared = await listen((_req, res) =>
    res.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'text/plain' }).end('pong'),
  );
  undeclared = await listen((_req, res) => {
    undeclaredHits++;
    res.writeHead(200, { 'access-control-allow-origin': '*' }).end('leaked');
  });
  dir = mkdtempSync(join(tmpdir(), 'extkit-preview-'));
  cpSync(new URL('./fixtures/preview-basic', import.meta.url), dir, { recursive: true });
  const manifestPath = join(dir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { capabilities: { network: string[] } };
  manifest.capabilities.network = [origin(declared)];
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  [dev, browser] = await Promise.all([startDev([dir, '--port', '0']), launchBrowser()]);
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(dev.url);
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  declared?.close();
  undeclared?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('extkit dev', () => {
  it('prints the URL and renders the component in a sandboxed frame', async () => {
    expect(dev.output()).toMatch(/extkit dev: Hello Card at http:\/\/127\.0\.0\.1:\d+\//);
    const frame = await cardFrame();
    expect(await textOf(frame, '#greeting', /^Hello, nobody$/)).toBe('Hello, nobody');
    expect(await page.getAttribute(CARD, 'sandbox')).toBe('allow-scripts');
  });

  it('serves each frame document with the sandbox policy: connect-src exactly the declared origins', async () => {
    const res = await get(`${dev.origin}/__extkit/frame/${encodeURIComponent('component:acme.hello-card.card')}`);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`connect-src ${origin(declared)};`);
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/]+=*' 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(csp).toContain('sandbox allow-scripts');
    expect(csp).not.toContain("'self'");
    expect(csp).not.toContain("'unsafe");
  });

  it('refuses requests that name another host (DNS rebinding)', async () => {
    expect((await get(dev.url, 'evil.example:80')).status).toBe(403);
    expect((await get(dev.url, `attacker.test:${new URL(dev.url).port}`)).status).toBe(403);
    expect((await get(dev.url)).status).toBe(200);
  });

  it('answers HEAD with headers only, the event stream included (which then closes)', async () => {
    for (const path of ['', '__extkit/state', '__extkit/events']) {
      const r = await get(dev.url + path, undefined, 'HEAD');
      expect(r.status, path).toBe(200);
      expect(await r.body, path).toBe('');
    }
  });

  it('exits 2 with the next step when the port is taken', async () => {
    await expect(startDev([dir, '--port', new URL(dev.url).port])).rejects.toThrow(
      /exited 2:\n.*port \d+ on 127\.0\.0\.1 is in use; pick another with --port/,
    );
  });

  it('exits 2 on a --publisher that is not a handle, as validate and build do', async () => {
    await expect(startDev([dir, '--publisher', 'Not A Handle'])).rejects.toThrow(
      /exited 2:\n.*--publisher "Not A Handle" is not a kebab-case handle/,
    );
  });

  it('forwards a declared prop and drops an undeclared one', async () => {
    await page.fill('[data-prop="title"]', 'World');
    await page.fill('input[aria-label="undeclared prop name"]', 'secret');
    await page.click('text=Try a prop');
    await page.fill('[data-prop="secret"]', 's3cret');
    const frame = await cardFrame();
    await textOf(frame, '#greeting', /^Hello, World$/);
    await page.waitForTimeout(200);
    expect(await frame.textContent('#secret')).toBe('no secret');
    expect(await page.textContent('.field.dropped')).toContain('not declared: dropped by the bridge');
  });

  it('logs a declared event as received and an undeclared one as dropped', async () => {
    await page.click('[data-tab="events"]');
    await textOf(page, 'li[data-event="mounted"] .badge', /received/);
    await textOf(page, 'li[data-event="tracking-pixel"] .badge', /dropped/);
    expect(await page.textContent('li[data-event="tracking-pixel"] .fix')).toContain('"tracking-pixel"');
  });

  it('lets a fetch to a declared origin through and blocks an undeclared one, showing it in the network log', async () => {
    await page.click('[data-tab="props"]');
    await page.fill('[data-prop="probe"]', JSON.stringify([`${origin(declared)}/ping`, `${origin(undeclared)}/steal`]));
    await page.click('[data-tab="events"]');
    await textOf(page, 'li[data-event="fetched"] pre', /"ok":true,"text":"pong"/);
    await textOf(page, '[data-panel="events"] ol.log', /"ok":false/);
    await page.click('[data-tab="network"]');
    const entry = `li[data-blocked="${origin(undeclared)}"]`;
    await textOf(page, entry, /connect-src/);
    expect(await page.textContent(`${entry} .fix`)).toContain(`Add "${origin(undeclared)}" to capabilities.network`);
    expect(undeclaredHits).toBe(0);
  });

  it("keeps the host page's DOM, cookies and storage out of the frame's reach", async () => {
    await page.evaluate(() => {
      document.cookie = 'session=host-secret';
      localStorage.setItem('token', 'host-secret');
    });
    const frame = await cardFrame();
    const reach = await frame.evaluate(() => {
      const attempt = (f: () => unknown): string => {
        try {
          return `read ${String(f())}`;
        } catch (e) {
          return `blocked ${(e as Error).name}`;
        }
      };
      return {
        origin: self.origin,
        // The first mount the host page put in the frame's URL, taken out before the extension's code ran.
        url: location.href,
        dom: attempt(() => window.parent.document.body.innerHTML),
        cookie: attempt(() => document.cookie),
        storage: attempt(() => localStorage.getItem('token')),
        parentStorage: attempt(() => window.parent.localStorage.getItem('token')),
      };
    });
    expect(reach.origin).toBe('null');
    expect(reach.url).not.toMatch(/#|mount=/);
    expect(reach.dom).toMatch(/^blocked/);
    expect(reach.cookie).toMatch(/^blocked/);
    expect(reach.storage).toMatch(/^blocked/);
    expect(reach.parentStorage).toMatch(/^blocked/);
  });

  it('calls a function binding and answers with the developer-set result', async () => {
    await page.click('[data-tab="props"]');
    await page.fill('[data-binding="acme.hello-card.card"]', 'saveCard');
    await page.fill('[data-binding-result="acme.hello-card.card"]', '{"saved":true}');
    await page.waitForTimeout(150);
    const frame = await cardFrame();
    await frame.click('#save');
    await textOf(page, 'ol.calls', /saveCard\(\{"title":"World"\}\) → \{"saved":true\}/);
    await page.click('[data-tab="events"]');
    await textOf(page, 'li[data-event="saved"] pre', /\{"saved":true\}/);
  });

  it('applies settings from config.fields, starting at the defaults', async () => {
    await page.click('[data-tab="settings"]');
    expect(await page.inputValue('[data-config="greeting"]')).toBe('Hello');
    expect(await page.inputValue('[data-config="size"]')).toBe('16');
    await page.check('[data-config="shout"]');
    await textOf(await cardFrame(), '#greeting', /^HELLO, World$/);
  });

  it('rebuilds on a source edit and reloads the frame, keeping props and settings', async () => {
    writeFileSync(join(dir, 'src', 'version.ts'), "export const VERSION = 'v2';\n");
    await textOf(cardFrame, '#version', /^v2$/);
    await textOf(cardFrame, '#greeting', /^HELLO, World$/);
  });

  it('shows a failed build as an overlay with file, line, column and a code frame, and keeps the last good build', async () => {
    const source = join(dir, 'src', 'version.ts');
    writeFileSync(source, "export const VERSION = 'v3' +;\n");
    await textOf(page, '.overlay', /The build failed: the last good build is still running/);
    const where = await textOf(page, '.overlay .where', /src\/version\.ts:1:\d+/);
    expect(where).toMatch(/^src\/version\.ts:1:\d+$/);
    expect(await page.textContent('.overlay pre.frame')).toContain("> 1 | export const VERSION = 'v3' +;");
    // The frame may still be finishing the last good build's reload when the overlay shows: wait for it, never for a new one.
    expect(await textOf(cardFrame, '#version', /^v2$/)).toBe('v2');
    writeFileSync(source, "export const VERSION = 'v4';\n");
    await textOf(cardFrame, '#version', /^v4$/);
    expect(await page.isHidden('.overlay')).toBe(true);
  });

  it('re-applies a manifest change: a newly declared origin is allowed', async () => {
    const manifestPath = join(dir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { capabilities: { network: string[] } };
    manifest.capabilities.network.push(origin(undeclared));
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
    await page.click('[data-tab="events"]');
    await textOf(page, '[data-panel="events"] ol.log', /"text":"leaked"/);
    expect(undeclaredHits).toBeGreaterThan(0);
  });
});

describe('extkit dev --host-abi', () => {
  it('does not load an extension built for another hostAbi, and says why', async () => {
    const other = await startDev([dir, '--port', '0', '--host-abi', '2']);
    try {
      expect(other.output()).toContain('nothing loads');
      const p = await browser.newPage();
      await p.goto(other.url);
      const notice = await textOf(p, '.blocked', /hostAbi/);
      expect(notice).toContain('load.host_abi_mismatch');
      expect(notice).toContain('--host-abi 1');
      expect(await p.locator('iframe').count()).toBe(0);
      expect(
        (await get(`${other.origin}/__extkit/frame/${encodeURIComponent('component:acme.hello-card.card')}`)).status,
      ).toBe(409);
      await p.close();
    } finally {
      await other.stop();
    }
  });
});

describe('extkit dev: one surface per contribution', () => {
  let consoleDir: string;
  let consoleDev: DevProcess;
  let p: Page;
  beforeAll(async () => {
    consoleDir = mkdtempSync(join(tmpdir(), 'extkit-preview-console-'));
    cpSync(new URL('./fixtures/preview-console', import.meta.url), consoleDir, { recursive: true });
    consoleDev = await startDev([consoleDir, '--port', '0']);
    p = await browser.newPage();
    await p.goto(consoleDev.url);
  });
  afterAll(async () => {
    await p?.close();
    await consoleDev?.stop();
    if (consoleDir) rmSync(consoleDir, { recursive: true, force: true });
  });

  it('runs site features, org routes and the shell, and names a declared surface the bundle never registered', async () => {
    const frameOf = async (key: string) =>
      (await p.waitForSelector(`iframe[data-surface="${key}"]`, { timeout: 8000 })).contentFrame();
    await textOf((await frameOf('feature:analytics'))!, 'body', /analytics feature running/);
    await textOf((await frameOf('orgRoute:/org/usage'))!, 'body', /org usage route/);
    await textOf((await frameOf('shell:shell'))!, 'body', /the console shell/);
    await textOf(p, '#surface-slot_orders_unused .surface-error', /registers no slot "orders\.unused"/);
    await p.click('[data-tab="diagnostics"]');
    await textOf(
      p,
      '[data-panel="diagnostics"]',
      /The bundle registers no slot "orders\.unused"; the manifest declares it\./,
    );
  });

  it('loads nothing, and says why, once contributes declares nothing', async () => {
    const manifestPath = join(consoleDir, 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
    manifest['contributes'] = {};
    writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
    const notice = await textOf(p, '.blocked', /loads nowhere/);
    expect(notice).toContain('load.declares_nothing');
    expect(await p.locator('iframe').count()).toBe(0);
  });
});

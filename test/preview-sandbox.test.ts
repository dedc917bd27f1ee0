// The preview's sandbox attacked as a hostile extension would, and from another
// local origin, in Debian's Chromium against the real `extkit dev`:
// test/fixtures/preview-hostile reaches for WebRTC from every realm it can make,
// navigates itself away, and pages on other origins write to the network log.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { createSocket, type Socket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './helpers/browser.js';
import { startDev, type DevProcess } from './helpers/dev-cli.js';

const PROBE = 'iframe[data-surface="component:acme.hostile-probe.probe"]';
let dir: string;
let browser: Browser;
let page: Page;
let dev: DevProcess;
let turn: Socket;
const datagrams: Buffer[] = [];

function raw(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers ?? {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const turnUrl = (): string => `turn:127.0.0.1:${(turn.address() as AddressInfo).port}?transport=udp`;

/**
 * Every way to reach RTCPeerConnection the tests know of, run inside the page:
 * the window's own, and each kind of child window. "blocked <name>" when the
 * constructor threw, "unreachable" when the child window is another origin.
 */
async function attackWebRtc(turnUrl: string): Promise<Record<string, string>> {
  type Ctor = new (config: RTCConfiguration) => RTCPeerConnection;
  type Bag = Record<string | number, unknown>;
  const out: Record<string, string> = {};
  const attempt = async (name: string, get: () => unknown): Promise<void> => {
    let Pc: unknown;
    try {
      Pc = get();
    } catch (e) {
      out[name] = (e as Error).name === 'SecurityError' ? 'unreachable' : `failed to reach: ${String(e)}`;
      return;
    }
    try {
      const pc = new (Pc as Ctor)({ iceServers: [{ urls: turnUrl, username: `EXFIL-${name}`, credential: 'x' }] });
      pc.createDataChannel('x');
      await pc.setLocalDescription(await pc.createOffer());
      out[name] = 'connected';
    } catch (e) {
      out[name] = `blocked ${(e as Error).name}`;
    }
  };
  const w = window as unknown as Bag & Window;
  const child = (win: unknown, i: number): Bag => (win as Record<number, Bag>)[i]!;
  const last = (): Bag => child(w, w.length - 1);
  const loaded = (f: HTMLIFrameElement): Promise<unknown> => new Promise((r) => f.addEventListener('load', r, { once: true }));
  await attempt('window', () => RTCPeerConnection);
  await attempt('webkit prefix', () => w['webkitRTCPeerConnection']);
  await attempt('after delete', () => (delete w['RTCPeerConnection'], w['RTCPeerConnection']));
  await attempt('redefined', () => {
    try {
      Object.defineProperty(w, 'RTCPeerConnection', { value: 1 });
    } catch {
      // non-configurable, as it should be
    }
    return w['RTCPeerConnection'];
  });
  document.body.appendChild(document.createElement('iframe'));
  await attempt('about:blank by index', () => last()['RTCPeerConnection']);
  const f = document.createElement('iframe');
  document.body.append(f);
  await attempt('contentWindow', () => (f.contentWindow as unknown as Bag)['RTCPeerConnection']);
  document.body.insertAdjacentHTML('beforeend', '<iframe></iframe>');
  await attempt('insertAdjacentHTML', () => last()['RTCPeerConnection']);
  const div = document.createElement('div');
  document.body.append(div);
  div.innerHTML = '<iframe></iframe>';
  await attempt('innerHTML', () => last()['RTCPeerConnection']);
  const refused = document.createElement('iframe');
  refused.src = 'https://attacker.example/';
  document.body.append(refused);
  await attempt('src, synchronously after insertion', () => last()['RTCPeerConnection']);
  const text = document.createTextNode('');
  document.body.append(text);
  text.after(document.createElement('iframe'));
  await attempt('Text.after', () => last()['RTCPeerConnection']);
  const shadowHost = document.createElement('div');
  document.body.append(shadowHost);
  shadowHost.attachShadow({ mode: 'open' }).innerHTML = '<iframe></iframe>';
  await attempt('shadow root', () => last()['RTCPeerConnection']);
  const range = document.createRange();
  range.selectNodeContents(document.body);
  range.insertNode(document.createElement('iframe'));
  await attempt('Range.insertNode', () => child(w, 0)['RTCPeerConnection']);
  const reachable = (doc: Document | null): Document => {
    if (!doc) throw new DOMException('another origin', 'SecurityError');
    return doc;
  };
  await attempt('nested', () => {
    const inner = reachable(f.contentDocument).createElement('iframe');
    reachable(f.contentDocument).body.appendChild(inner);
    return child(f.contentWindow, 0)['RTCPeerConnection'];
  });
  await attempt("nested, with the parent realm's appendChild", () => {
    const doc = (f.contentWindow as unknown as { document: Document }).document;
    Node.prototype.appendChild.call(doc.body, document.createElement('iframe'));
    return child(f.contentWindow, 1)['RTCPeerConnection'];
  });
  const srcdoc = document.createElement('iframe');
  srcdoc.srcdoc = '<p>x</p>';
  document.body.append(srcdoc);
  await loaded(srcdoc);
  await attempt('srcdoc', () => last()['RTCPeerConnection']);
  const renavigated = document.createElement('iframe');
  document.body.append(renavigated);
  await attempt('re-navigated to about:blank', async () => {
    const again = loaded(renavigated);
    (renavigated.contentWindow as unknown as { location: Location }).location.href = 'about:blank#again';
    await again;
    return last()['RTCPeerConnection'];
  });
  document.designMode = 'on';
  document.getSelection()!.selectAllChildren(document.body);
  document.getSelection()!.collapseToEnd();
  document.execCommand('insertHTML', false, '<iframe></iframe>');
  document.designMode = 'off';
  await attempt('execCommand insertHTML', () => last()['RTCPeerConnection']);
  out['popup'] = window.open('about:blank') === null ? 'blocked' : 'opened';
  out['worker'] = await new Promise<string>((resolve) => {
    try {
      const worker = new Worker(URL.createObjectURL(new Blob(['postMessage(typeof RTCPeerConnection)'], { type: 'text/javascript' })));
      worker.onmessage = (e) => resolve(`ran: RTCPeerConnection is ${String(e.data)}`);
      worker.onerror = () => resolve('blocked');
      setTimeout(() => resolve('blocked (never ran)'), 1500);
    } catch (e) {
      resolve(`blocked ${(e as Error).name}`);
    }
  });
  return out;
}

async function probeFrame(p: Page = page): Promise<Frame> {
  const frame = await (await p.waitForSelector(PROBE, { timeout: 8000 })).contentFrame();
  if (!frame) throw new Error('no frame');
  await frame.waitForSelector('text=probe mounted', { timeout: 8000 });
  return frame;
}

beforeAll(async () => {
  turn = createSocket('udp4');
  turn.on('message', (m) => datagrams.push(m));
  await new Promise<void>((r) => turn.bind(0, '127.0.0.1', r));
  dir = mkdtempSync(join(tmpdir(), 'extkit-hostile-'));
  cpSync(new URL('./fixtures/preview-hostile', import.meta.url), dir, { recursive: true });
  [dev, browser] = await Promise.all([startDev([dir, '--port', '0']), launchBrowser()]);
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(dev.url);
});

afterAll(async () => {
  await browser?.close();
  await dev?.stop();
  turn?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('WebRTC in the frame', () => {
  it('is stopped before the extension\'s code runs', async () => {
    await page.click('[data-tab="events"]');
    await page.waitForSelector('li[data-event="early"]', { timeout: 8000 });
    expect(await page.textContent('li[data-event="early"] pre')).toBe('{"early":"threw NotAllowedError"}');
  });

  it('is stopped in the frame and unreachable in any other realm, and a local TURN listener receives nothing', async () => {
    const results = await (await probeFrame()).evaluate(attackWebRtc, turnUrl());
    expect(results['window']).toBe('blocked NotAllowedError');
    for (const [vector, result] of Object.entries(results)) expect(result, vector).toMatch(/^(blocked|unreachable)/);
    expect(Object.keys(results).length).toBeGreaterThan(15);
    await new Promise((r) => setTimeout(r, 1500));
    expect(datagrams.map((d) => d.toString('latin1'))).toEqual([]);
  });

  it('is stopped in every same-origin realm too, where a browser lets a page reach its iframes', async () => {
    // Chromium gives each window inside the sandbox its own opaque origin, so
    // the frame cannot reach its iframes; the lockdown covers browsers that
    // would. Here it runs in a page with no sandbox, whose iframes it can reach.
    const esbuild = await import('esbuild');
    const lockdownModule = fileURLToPath(new URL('../packages/preview/dist/sandbox/lockdown.js', import.meta.url));
    const script = await esbuild.build({
      stdin: { contents: `import { lockdown } from ${JSON.stringify(lockdownModule)}; window.attempts = []; lockdown(window, (a) => window.attempts.push(a));`, resolveDir: tmpdir() },
      bundle: true,
      write: false,
      format: 'iife',
    });
    const plain = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><body></body>'));
    await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
    const p = await browser.newPage();
    try {
      await p.goto(`http://127.0.0.1:${(plain.address() as AddressInfo).port}/`);
      await p.addScriptTag({ content: script.outputFiles[0]!.text });
      const results = await p.evaluate(attackWebRtc, turnUrl());
      for (const [vector, result] of Object.entries(results)) {
        if (vector === 'popup' || vector === 'worker') continue; // no sandbox here: nothing refuses these
        expect(result, vector).toMatch(/^blocked (NotAllowedError|TypeError)/);
      }
      const attempts = await p.evaluate(() => (window as unknown as { attempts: Array<{ targets: string[] }> }).attempts);
      expect(attempts.length).toBeGreaterThan(10);
      expect(attempts[0]!.targets).toEqual([turnUrl()]);
      await new Promise((r) => setTimeout(r, 1500));
      expect(datagrams.map((d) => d.toString('latin1'))).toEqual([]);
    } finally {
      await p.close();
      plain.close();
    }
  });

  it('logs every attempt in the network log, with what the platform\'s sandbox must do', async () => {
    await page.click('[data-tab="network"]');
    const port = (turn.address() as AddressInfo).port;
    const entry = page.locator(`li[data-blocked*="turn:127.0.0.1:${port}"]`).first();
    await entry.waitFor({ timeout: 5000 });
    expect(await entry.textContent()).toContain('webrtc');
    expect(await entry.locator('.fix').textContent()).toMatch(/connect-src \(capabilities\.network\) does not govern it, so the platform's sandbox must stop it/);
  });
});

describe('the network log, from another local origin', () => {
  let other: Server;
  beforeAll(async () => {
    other = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>other</title>'));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
  });
  afterAll(() => other?.close());

  it('refuses forged CSP reports, whatever a page on another origin sends', async () => {
    const p = await browser.newPage();
    await p.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
    const attempts = await p.evaluate(async (target) => {
      const forged = JSON.stringify({ 'csp-report': { 'effective-directive': 'connect-src', 'blocked-uri': 'https://forged.example', 'document-uri': 'x' } });
      const paths = ['/__extkit/csp-report?surface=component%3Aacme.hostile-probe.probe', '/__extkit/csp-report/guess?surface=component%3Aacme.hostile-probe.probe'];
      const out: string[] = [];
      for (const path of paths) {
        for (const type of ['text/plain', 'application/csp-report', 'application/json']) {
          out.push(await fetch(target + path, { method: 'POST', mode: 'no-cors', headers: { 'content-type': type }, body: forged }).then(() => 'sent', (e: Error) => e.name));
          out.push(String(navigator.sendBeacon(target + path, new Blob([forged], { type }))));
        }
      }
      return out;
    }, dev.origin);
    expect(attempts.length).toBe(12);
    await page.waitForTimeout(500);
    expect(await page.locator('li[data-blocked="https://forged.example"]').count()).toBe(0);
    await p.close();
  });

  it('answers a report without the session secret 403, and one of the wrong type 415', async () => {
    const body = JSON.stringify({ 'csp-report': { 'effective-directive': 'connect-src', 'blocked-uri': 'https://attacker.example' } });
    const headers = { 'content-type': 'application/csp-report' };
    expect((await raw(`${dev.origin}/__extkit/csp-report?surface=x`, { method: 'POST', headers, body })).status).toBe(403);
    const frameDoc = await raw(`${dev.origin}/__extkit/frame/${encodeURIComponent('component:acme.hostile-probe.probe')}`);
    const reportUri = /report-uri (\S+)/.exec(String(frameDoc.headers['content-security-policy']))![1]!;
    expect(reportUri).toMatch(/\/__extkit\/csp-report\/[A-Za-z0-9_-]{32}\?surface=/);
    expect((await raw(reportUri, { method: 'POST', headers: { 'content-type': 'text/plain' }, body })).status).toBe(415);
    expect((await raw(reportUri.replace(/surface=.*/, 'surface=nope'), { method: 'POST', headers, body })).status).toBe(400);
    expect((await raw(reportUri, { method: 'POST', headers, body: 'not json' })).status).toBe(400);
    expect((await raw(reportUri, { method: 'POST', headers, body })).status).toBe(204);
  });
});

describe('the server', () => {
  it('answers a malformed URL 400 with no internals, and no response carries a stack', async () => {
    for (const path of ['/__extkit/frame/%E0%A4%A', '/%', '/__extkit/frame/a%00b']) {
      const res = await raw(dev.origin + path);
      expect(res.status, path).toBe(400);
      expect(res.body, path).toBe('Malformed URL.\n');
    }
    for (const path of ['/', '/__extkit/state', '/nope', '/__extkit/frame/x']) {
      const res = await raw(dev.origin + path);
      expect(res.body, path).not.toMatch(/\n\s+at |\/work\/|node:internal|\.ts:\d+/);
    }
  });

  it('sends Cross-Origin-Opener-Policy: same-origin beside its other headers', async () => {
    for (const path of ['/', '/__extkit/host.js', '/__extkit/state', '/nope']) {
      const res = await raw(dev.origin + path);
      expect(res.headers['cross-origin-opener-policy'], path).toBe('same-origin');
      expect(res.headers['x-content-type-options'], path).toBe('nosniff');
    }
    expect((await raw(dev.url)).headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('leaves an opener no handle on the preview', async () => {
    const p = await browser.newPage();
    await p.goto('about:blank');
    const opened = p.context().waitForEvent('page');
    await p.evaluate((url) => void ((window as unknown as { opened: Window | null }).opened = window.open(url)), dev.url);
    // The preview did load in the new window, and sees no opener there.
    const preview = await opened;
    await preview.waitForURL(dev.url);
    await preview.waitForSelector('.stage');
    expect(await preview.evaluate(() => window.opener)).toBeNull();
    // COOP put it in a browsing context group of its own: the opener's handle closes.
    await p.waitForFunction(() => (window as unknown as { opened: Window | null }).opened?.closed !== false, undefined, { timeout: 10_000 });
    await preview.close();
    await p.close();
  });
});

describe('a frame that navigates itself', () => {
  it('shows as stopped, says why, and reloads on request', async () => {
    await page.click('[data-tab="props"]');
    await page.fill('[data-prop="navigate"]', 'https://attacker.example/next');
    const article = page.locator('#surface-component_acme_hostile-probe_probe');
    await article.locator('.status', { hasText: 'stopped' }).waitFor({ timeout: 8000 });
    expect(await article.locator('.surface-error').textContent()).toContain('navigated away from the extension\'s document');
    await page.fill('[data-prop="navigate"]', '');
    await article.locator('button', { hasText: 'Reload the frame' }).click();
    await article.locator('.status', { hasText: 'running' }).waitFor({ timeout: 8000 });
    expect(await article.locator('.surface-error').isHidden()).toBe(true);
  });

  it('stays stopped whatever hellos the frame posts, from its own document or from the one it navigated to', async () => {
    const article = page.locator('#surface-component_acme_hostile-probe_probe');
    const hellos = (): void => {
      const load = new URLSearchParams(location.search).get('load');
      for (const forged of [{}, { load }, { load: 'A'.repeat(43) }]) parent.postMessage({ extkit: 'hello', protocol: 1, ...forged }, '*');
    };
    // Extra hellos first, then a reload of its own URL: the new document is the preview's
    // own, with the same load named in its URL, so its transport's hello replays a used proof.
    const probe = await probeFrame();
    await probe.evaluate(hellos);
    await probe.evaluate(() => void setTimeout(() => (location.href = location.href), 50));
    const spam = async (): Promise<void> => {
      for (let i = 0; i < 20; i++) {
        const frame = await (await page.$(PROBE))?.contentFrame();
        await frame?.evaluate(hellos).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 75));
      }
    };
    await spam();
    await article.locator('.status', { hasText: 'stopped' }).waitFor({ timeout: 8000 });
    await spam();
    expect(await article.locator('.status').textContent()).toBe('stopped');
    await article.locator('button', { hasText: 'Reload the frame' }).click();
    await article.locator('.status', { hasText: 'running' }).waitFor({ timeout: 8000 });
  });
});

describe('Try a prop', () => {
  it('takes constructor and __proto__ like any other name', async () => {
    await page.click('[data-tab="props"]');
    for (const name of ['constructor', '__proto__', 'toString']) {
      await page.fill('input[aria-label="undeclared prop name"]', name);
      await page.click('text=Try a prop');
      await page.locator(`[data-prop="${name}"]`).fill('x');
    }
    expect(await page.locator('.field.dropped').count()).toBe(3);
  });
});

describe('a runaway emit loop', () => {
  it('is flagged on its surface, kept to the newest 5,000, and the page stays usable: filter, clear', async () => {
    await page.click('[data-tab="props"]');
    await page.fill('[data-prop="flood"]', '6000');
    const article = page.locator('#surface-component_acme_hostile-probe_probe');
    await article.locator('.runaway').waitFor({ state: 'visible', timeout: 8000 });
    expect(await article.locator('.runaway').textContent()).toMatch(/^runaway: [\d,]+ events\/s$/);
    await page.click('[data-tab="events"]');
    const summary = page.locator('[data-panel="events"] .log-summary');
    await summary.filter({ hasText: /older dropped/ }).waitFor({ timeout: 8000 });
    expect(await summary.textContent()).toMatch(/^5,000 events · newest 200 shown · (\d+ repeats? coalesced \(×n\) · )?[\d,]+ older dropped \(the log keeps 5,000\)$/);
    expect(await page.locator('[data-panel="events"] ol.log li').count()).toBe(200);
    await page.fill('[data-panel="events"] input[type="search"]', '"n":5999}');
    await summary.filter({ hasText: /^1 of 5,000 events( · |$)/ }).waitFor({ timeout: 3000 });
    expect(await page.locator('[data-panel="events"] ol.log li').count()).toBe(1);
    await page.click('[data-panel="events"] button.clear');
    await summary.filter({ hasText: /^No events yet/ }).waitFor({ timeout: 3000 });
    expect(await page.locator('[data-tab="events"] .count').count()).toBe(0);
    await page.fill('[data-panel="events"] input[type="search"]', '');
    await page.click('[data-tab="props"]');
    await page.fill('[data-prop="flood"]', '');
    await article.locator('.runaway').waitFor({ state: 'hidden', timeout: 5000 });
  });
});

// The bridge's budget (BRIDGE_BUDGET, @extkit/runtime/bridge) held against a
// hostile extension in Debian's Chromium, against the real `extkit dev`: a
// frame that floods its host before it sends itself toward hosts is still
// ended at its first navigation; emits over the rate budget are dropped in the
// frame and counted on the host; replacing what the transport uses changes
// nothing; and the host page reads no window message a connected frame posts.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_BUDGET } from '../packages/runtime/dist/bridge/index.js';
import { launchBrowser, withNetLog } from './helpers/browser.js';
import { startDev, type DevProcess } from './helpers/dev-cli.js';

const PROBE = 'iframe[data-surface="component:acme.hostile-probe.probe"]';
const ARTICLE = '#surface-component_acme_hostile-probe_probe';
let dir: string;
let dev: DevProcess;

async function probeFrame(p: Page): Promise<Frame> {
  const frame = await (await p.waitForSelector(PROBE, { timeout: 8000 })).contentFrame();
  if (!frame) throw new Error('no frame');
  await frame.waitForSelector('text=probe mounted', { timeout: 8000 });
  return frame;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'extkit-budget-'));
  cpSync(new URL('./fixtures/preview-hostile', import.meta.url), dir, { recursive: true });
  dev = await startDev([dir, '--port', '0']);
});

afterAll(async () => {
  await dev?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a frame that floods the bridge, then sends itself toward a new host in every task, in an ordinary browser profile', () => {
  // Measured on main before the budget (atk13b/10-busy-host.mjs): a task's emits left as one message, and the host page
  // spent seconds reading it before it heard of the refused navigation: 300,000 small emits, 4.5 s and 711 names.
  const run = `b${Date.now().toString(36)}`;
  const floods = { small: { emits: 300_000, pad: 10 }, large: { emits: 3000, pad: 60_000 } };
  let log = '';

  beforeAll(async () => {
    log = await withNetLog(async (p) => {
      for (const [name, { emits, pad }] of Object.entries(floods)) {
        await p.goto(dev.url);
        const frame = await probeFrame(p);
        // Not awaited: the frame may be gone before evaluate returns.
        void frame
          .evaluate(
            ({ run, name, emits, pad }) => {
              const { emit } = (window as unknown as { extkitProbe: { emit(e: string, d: unknown): void } })
                .extkitProbe;
              for (let k = 0; k < emits; k++) emit('tick', { n: k, pad: 'x'.repeat(pad) });
              let i = 0;
              const channel = new MessageChannel();
              channel.port1.onmessage = () => {
                location.href = `http://${name}-${i++}-${Date.now()}-${run}.example/`;
                if (i < 5000) channel.port2.postMessage(0);
              };
              channel.port2.postMessage(0);
            },
            { run, name, emits, pad },
          )
          .catch(() => undefined);
        await p.locator(`${ARTICLE} .status`, { hasText: 'stopped' }).waitFor({ timeout: 30_000 });
        await new Promise((r) => setTimeout(r, 1000));
      }
    });
  }, 120_000);

  for (const name of Object.keys(floods)) {
    it(`ends the extension's document within moments of its first navigation (${name} emits first)`, () => {
      // Each name carries the frame's clock when it was set: how long the document ran on after its first exit.
      const times = [...new Set(log.match(new RegExp(`${name}-\\d+-\\d+-${run}\\.example`, 'g')) ?? [])].map((n) =>
        Number(n.split('-')[2]),
      );
      expect(times.length, 'names looked up').toBeGreaterThan(0);
      expect(
        Math.max(...times) - Math.min(...times),
        `ms the document ran on after its exit (${times.length} names)`,
      ).toBeLessThan(500);
    });
  }
});

describe("the bridge's budget, in the preview", () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(dev.url);
    await probeFrame(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  const summary = (): Promise<string> => page.locator('[data-panel="events"] .log-summary').innerText();

  it('drops the emits over its rate budget in the frame, and the host says how many, on the surface and in the events log', async () => {
    await page.click('[data-tab="events"]');
    await page.click('[data-panel="events"] button.clear');
    await page.click('[data-tab="props"]');
    await page.fill('[data-prop="flood"]', '3000');
    const badge = page.locator(`${ARTICLE} .runaway`);
    await badge.filter({ hasText: /dropped$/ }).waitFor({ timeout: 8000 });
    expect(await badge.textContent()).toMatch(/^runaway: [\d,]+ events\/s · [\d,]+ dropped$/);
    await page.click('[data-tab="events"]');
    await page.fill('[data-panel="events"] input[type="search"]', 'tick');
    // Every one of the 3,000 is accounted for: received, or dropped in the frame and counted.
    await expect
      .poll(
        async () => {
          const text = await summary();
          const received = Number(/^([\d,]+) of/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
          const dropped = Number(/([\d,]+) more dropped in the frame/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
          return [received + dropped, received <= 2 * BRIDGE_BUDGET.sendsPerInterval];
        },
        { timeout: 8000 },
      )
      .toEqual([3000, true]);
    expect(await summary()).toMatch(/more dropped in the frame \(over the bridge's budget: 1,000 a second\)/);
    await page.fill('[data-panel="events"] input[type="search"]', '');
    await page.click('[data-tab="props"]');
    await page.fill('[data-prop="flood"]', '');
  });

  it('holds when the extension replaces what the transport uses to measure, time and post, and refuses what it cannot size', async () => {
    await page.click('[data-tab="events"]');
    await page.click('[data-panel="events"] button.clear');
    const frame = await probeFrame(page);
    const patched = await frame.evaluate(() => {
      const w = window as unknown as Record<string, unknown> & { caughtLog: string };
      // Kept in a string: the arrays are about to be booby-trapped.
      w.caughtLog = '';
      // With where it was called from: playwright's own evaluate machinery (UtilityScript) runs in this world too.
      const caught = (what: string): void => void (w.caughtLog += `${what} ${new Error().stack};`);
      // The clock (each emit a new window), the timers and microtasks, the clone (everything measures tiny), the arrays
      // (a setter on every low index swallows what the measurer or the transport pushes), postMessage, Reflect.
      let fake = 0;
      Performance.prototype.now = () => (fake += 5000);
      performance.now = () => (fake += 5000);
      Date.now = () => (fake += 5000);
      for (const name of ['setTimeout', 'queueMicrotask', 'structuredClone']) w[name] = () => caught(name);
      Array.prototype.push = function () {
        caught('push');
        return 0;
      };
      for (let i = 0; i < 64; i++)
        Object.defineProperty(Array.prototype, i, {
          set() {
            caught(`index ${i}`);
          },
          configurable: true,
        });
      Object.defineProperty(Object.prototype, 'events', {
        set() {
          caught('events');
        },
        configurable: true,
      });
      const post = MessagePort.prototype.postMessage;
      MessagePort.prototype.postMessage = function (this: MessagePort, ...args: unknown[]) {
        caught('postMessage');
        return (post as (...a: unknown[]) => void).apply(this, args);
      } as typeof post;
      Reflect.apply = () => caught('Reflect.apply');
      return w.caughtLog;
    });
    const caught = (): Promise<string> => frame.evaluate(() => (window as unknown as { caughtLog: string }).caughtLog);
    expect(patched).toBe('');
    await page.click('[data-tab="props"]');
    await page.fill('[data-prop="flood"]', '2500');
    await page.click('[data-tab="events"]');
    await page
      .locator('[data-panel="events"] .log-summary', { hasText: /more dropped in the frame/ })
      .waitFor({ timeout: 8000 });
    await page.waitForTimeout(1500);
    const text = await summary();
    const received = Number(/^([\d,]+) events/.exec(text)?.[1]?.replace(/,/g, '') ?? 0);
    expect(received, text).toBeLessThanOrEqual(2 * BRIDGE_BUDGET.sendsPerInterval);
    // A nested 1 MB string and an ImageData (which the bridge cannot size) are refused in the frame, never posted.
    await frame.evaluate(() => {
      const probe = (window as unknown as { extkitProbe: { emit(e: string, d: unknown): void } }).extkitProbe;
      probe.emit('tick', { nested: [[{ big: 'x'.repeat(1 << 20) }]] });
      probe.emit('tick', new ImageData(1, 1));
    });
    await page.locator('[data-tab="props"]').click();
    await page.fill('[data-prop="flood"]', '');
    await page
      .locator(`${ARTICLE} .surface-error`, { hasText: /holds a ImageData, which the bridge does not carry/ })
      .waitFor({ timeout: 8000 });
    await page.click('[data-tab="diagnostics"]');
    await page
      .locator('[data-panel="diagnostics"]', { hasText: /its detail is over the 64 KB one bridge message carries/ })
      .waitFor({ timeout: 8000 });
    // Through the flood and the refusals, the transport called none of them.
    expect((await caught()).split(';').filter((c) => c && !c.includes('UtilityScript'))).toEqual([]);
  });

  it("reads one window message per load of the frame, its transport's hello: nothing the extension posts, loading or connected", async () => {
    const reads = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Before the host page's own script: counts every read of a message's data whose source is a frame.
    await reads.addInitScript(() => {
      if (window.top !== window) return;
      const w = window as unknown as { reads: number };
      w.reads = 0;
      const data = Object.getOwnPropertyDescriptor(MessageEvent.prototype, 'data')!;
      Object.defineProperty(MessageEvent.prototype, 'data', {
        ...data,
        get(this: MessageEvent) {
          if (this.source && this.source !== window) w.reads++;
          return data.get!.call(this);
        },
      });
    });
    await reads.goto(dev.url);
    const frame = await probeFrame(reads);
    // The fixture posted a forged hello of 1 MB as its bundle loaded; now, connected, two more.
    await frame.evaluate(() => {
      parent.postMessage({ extkit: 'hello', protocol: 1 }, '*');
      parent.postMessage({ pad: 'x'.repeat(1 << 20) }, '*');
    });
    await reads.waitForTimeout(500);
    expect(await reads.evaluate(() => (window as unknown as { reads: number }).reads)).toBe(1);
    // A reload of the frame: one more load, one more read.
    await reads.locator(`${ARTICLE} button[title="Reload this frame"]`).click();
    await (await probeFrame(reads)).waitForSelector('text=probe mounted');
    await reads.waitForTimeout(500);
    expect(await reads.evaluate(() => (window as unknown as { reads: number }).reads)).toBe(2);
    await reads.close();
  });
});

// A bare Chromium DevTools Protocol driver for the edit-to-update benches: Chromium over
// --remote-debugging-pipe, one page session per page, Runtime.evaluate and nothing else.
// Playwright auto-attaches to every out-of-process frame with waitForDebuggerOnStart, so
// Chromium holds each new frame's commit until the driving process has set the frame up
// (Chromium 156: 20-90 ms per sandboxed frame of the preview, measured in a trace). A user's
// browser holds nothing, and a same-process reload (Vite's) is never held: measured with
// Playwright, the preview pays for the automation. This driver attaches to the top-level
// page only, so no frame waits for it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM_PATH } from '../test/helpers/browser.js';

export interface CdpPage {
  /** The value of `expression` evaluated in the page (awaited when it is a promise); undefined when it threw or the page was between documents. */
  evaluate<T>(expression: string): Promise<T | undefined>;
  navigate(url: string): Promise<void>;
}

export interface CdpBrowser {
  newPage(url: string): Promise<CdpPage>;
  close(): Promise<void>;
}

interface Reply {
  id?: number;
  result?: Record<string, unknown>;
  error?: { message: string };
}

/** Launches headless Chromium (the flags of test/helpers/browser.ts) driven over a pipe. */
export function launchCdp(): CdpBrowser {
  const profile = mkdtempSync(join(tmpdir(), 'extkit-cdp-'));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      `--user-data-dir=${profile}`,
      '--remote-debugging-pipe',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  let nextId = 0;
  const waiting = new Map<number, (reply: Reply) => void>();
  let buffered = '';
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\0'); end >= 0; end = buffered.indexOf('\0')) {
      const reply = JSON.parse(buffered.slice(0, end)) as Reply;
      buffered = buffered.slice(end + 1);
      if (reply.id !== undefined) waiting.get(reply.id)?.(reply);
      if (reply.id !== undefined) waiting.delete(reply.id);
    }
  });
  const send = (method: string, params: object = {}, sessionId?: string): Promise<Reply> =>
    new Promise((resolve) => {
      const id = ++nextId;
      waiting.set(id, resolve);
      toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
  const must = async (method: string, params: object = {}, sessionId?: string): Promise<Record<string, unknown>> => {
    const reply = await send(method, params, sessionId);
    if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
    return reply.result ?? {};
  };
  return {
    async newPage(url) {
      const { targetId } = await must('Target.createTarget', { url: 'about:blank', newWindow: true });
      const { sessionId } = (await must('Target.attachToTarget', { targetId, flatten: true })) as { sessionId: string };
      const page: CdpPage = {
        async evaluate<T>(expression: string) {
          const reply = await send(
            'Runtime.evaluate',
            { expression, returnByValue: true, awaitPromise: true },
            sessionId,
          );
          const result = reply.result as { result?: { value?: T }; exceptionDetails?: unknown } | undefined;
          return result?.exceptionDetails ? undefined : result?.result?.value;
        },
        async navigate(to) {
          await must('Page.navigate', { url: to }, sessionId);
          for (const end = Date.now() + 10_000; Date.now() < end;) {
            if ((await page.evaluate<string>('document.readyState')) === 'complete') return;
            await new Promise((r) => setTimeout(r, 20));
          }
          throw new Error(`${to} did not load in 10 s`);
        },
      };
      await page.navigate(url);
      return page;
    },
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill();
      await exited;
      // Chromium's helper processes can still be writing into the profile just after the browser exits (ENOTEMPTY).
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

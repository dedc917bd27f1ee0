// @vitest-environment jsdom
import { getRegistry, registerComponent } from '@extkit/runtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from './index.js';
import { reach } from './__fixtures__/card/reach.js';

const CARD = 'acme.demo-card.card';
const manifest = (network: string[]) => ({
  id: 'demo-card',
  name: 'Demo Card',
  version: '1.0.0',
  entry: 'dist/index.js',
  hostAbi: 1,
  capabilities: { network },
  contributes: { site: { components: [CARD] } },
});
const API = manifest(['https://api.example.com', 'wss://live.example.com']);
const fixFor = (origin: string) =>
  `Add ${JSON.stringify(origin)} to capabilities.network in manifest.json: "network": ${JSON.stringify([...API.capabilities.network, origin])}`;
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 5));

beforeEach(() => {
  getRegistry().registrations.length = 0;
  registerComponent(CARD, () => {});
});
afterEach(() => vi.unstubAllGlobals());

describe('WebSocket', () => {
  it('refuses an undeclared origin as Chromium does: CLOSED at once, then "error" and no "close"', async () => {
    const view = render(CARD, { manifest: API });
    const socket = reach.socket('https://api.example.com/live');
    const seen: string[] = [];
    socket.onerror = (e) => seen.push(`onerror ${e.type}`);
    socket.addEventListener('error', () => seen.push('listener'));
    socket.addEventListener('close', () => seen.push('close'));
    expect(socket.url).toBe('wss://api.example.com/live');
    expect(socket.readyState).toBe(WebSocket.CLOSED);
    expect(socket).toBeInstanceOf(WebSocket);
    socket.send('abc');
    expect(socket.bufferedAmount).toBe(3);
    await nextTask();
    expect(seen).toEqual(['listener', 'onerror error']);
    expect(view.blocked).toEqual([
      {
        url: 'wss://api.example.com/live',
        directive: 'connect-src',
        origin: 'wss://api.example.com',
        fix: fixFor('wss://api.example.com'),
      },
    ]);
  });

  it('resolves relative URLs against the page and never allows the page itself', () => {
    const view = render(CARD, { manifest: API });
    expect(reach.socket('/socket').url).toBe('ws://localhost:3000/socket');
    expect(view.blocked.map((b) => b.origin)).toEqual(['ws://localhost:3000']);
  });

  it("throws the constructor's SyntaxError for what is no WebSocket URL, and lists nothing", () => {
    const view = render(CARD, { manifest: API });
    expect(() => reach.socket('ftp://evil.example.net/')).toThrow(/scheme must be either/);
    expect(() => reach.socket('wss://evil.example.net/#x')).toThrow(/fragment/);
    expect(view.blocked).toEqual([]);
  });

  it("lets a declared origin through to the environment's WebSocket, and closes it when the view unmounts", () => {
    const opened: Array<{ url: string; closed: boolean }> = [];
    class FakeSocket {
      closed = false;
      constructor(readonly url: string) {
        opened.push(this);
      }
      close(): void {
        this.closed = true;
      }
    }
    vi.stubGlobal('WebSocket', FakeSocket);
    const view = render(CARD, { manifest: API });
    const socket = reach.socket('wss://live.example.com/feed');
    expect(socket).toBeInstanceOf(FakeSocket);
    expect(opened.map((s) => s.url)).toEqual(['wss://live.example.com/feed']);
    reach.socket('wss://evil.example.net/');
    expect(opened).toHaveLength(1);
    view.unmount();
    expect(opened[0]!.closed).toBe(true);
    reach.socket('wss://anything.example.net/');
    expect(opened).toHaveLength(2);
  });
});

describe('EventSource', () => {
  it('refuses an undeclared origin: CONNECTING, then "error" and CLOSED', async () => {
    const view = render(CARD, { manifest: API });
    const source = reach.source('https://evil.example.net/stream');
    expect(source.readyState).toBe(EventSource.CONNECTING);
    const failed = new Promise((resolve) => (source.onerror = resolve));
    await failed;
    expect(source.readyState).toBe(EventSource.CLOSED);
    expect(view.blocked).toEqual([
      {
        url: 'https://evil.example.net/stream',
        directive: 'connect-src',
        origin: 'https://evil.example.net',
        fix: fixFor('https://evil.example.net'),
      },
    ]);
  });

  it("streams a declared origin's events from options.fetch, and closes when the view unmounts", async () => {
    const asked: string[] = [];
    const view = render(CARD, {
      manifest: API,
      fetch: async (input) => (
        asked.push(input instanceof Request ? input.url : String(input)),
        new Response('data: hello\n\nevent: price\ndata: 42\n\n', { headers: { 'content-type': 'text/event-stream' } })
      ),
    });
    const source = reach.source('https://api.example.com/stream');
    const got: string[] = [];
    source.onmessage = (e) => got.push(`message ${String(e.data)}`);
    source.addEventListener('price', (e) => got.push(`price ${String(e.data)}`));
    await vi.waitFor(() => expect(got).toEqual(['message hello', 'price 42']));
    expect(asked).toEqual(['https://api.example.com/stream']);
    view.unmount();
    expect(source.readyState).toBe(EventSource.CLOSED);
    expect(view.blocked).toEqual([]);
  });
});

describe('navigator.sendBeacon', () => {
  it('refuses an undeclared origin and still returns true, as Chromium does; a declared one is a keepalive POST through options.fetch', async () => {
    const sent: Array<[string, RequestInit | undefined]> = [];
    const view = render(CARD, {
      manifest: API,
      fetch: async (input, init) => (
        sent.push([input instanceof Request ? input.url : String(input), init]),
        new Response(null, { status: 204 })
      ),
    });
    expect(reach.beacon('https://evil.example.net/collect', 'x')).toBe(true);
    expect(reach.beacon('/collect', 'x')).toBe(true);
    expect(reach.beacon('https://api.example.com/collect', 'payload')).toBe(true);
    expect(sent).toEqual([
      ['https://api.example.com/collect', { method: 'POST', body: 'payload', keepalive: true, credentials: 'include' }],
    ]);
    expect(view.blocked.map((b) => b.origin)).toEqual(['https://evil.example.net', 'http://localhost:3000']);
  });

  it('refuses what no beacon can carry: a body over 64 KiB, a non-HTTP URL', () => {
    const view = render(CARD, { manifest: API, fetch: async () => new Response(null) });
    expect(reach.beacon('https://api.example.com/collect', 'x'.repeat(64 * 1024 + 1))).toBe(false);
    expect(() => reach.beacon('data:text/plain,x', 'x')).toThrow(/only supported over HTTP/);
    expect(view.blocked).toEqual([]);
  });
});

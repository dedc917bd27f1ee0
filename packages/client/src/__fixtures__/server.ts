// A local HTTP server on 127.0.0.1 that plays the documented behaviours, scripted per test.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServiceClient } from '../client.js';
import type { ServiceClientOptions } from '../core/core.js';

export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
  json: unknown;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent verbatim instead of `body`. */
  raw?: string;
  /** Never answer. */
  hang?: boolean;
  /** Destroy the socket without answering. */
  destroy?: boolean;
}

export type Handler = (req: Seen, index: number) => Reply | Promise<Reply>;

export interface TestServer {
  origin: string;
  baseUrl: string;
  requests: Seen[];
  close(): Promise<void>;
}

export const rateLimitHeaders = {
  'RateLimit-Limit': '120',
  'RateLimit-Remaining': '119',
  'RateLimit-Reset': '42',
  'X-RateLimit-Limit': '120',
  'X-RateLimit-Remaining': '119',
  'X-RateLimit-Reset': '1767225600',
};

export async function startServer(handler: Handler): Promise<TestServer> {
  const requests: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = undefined;
      try {
        json = body ? JSON.parse(body) : undefined;
      } catch {
        json = undefined;
      }
      const seen: Seen = { method: req.method ?? '', path: url.pathname, query: url.searchParams, headers: req.headers, body, json };
      requests.push(seen);
      void Promise.resolve(handler(seen, requests.length - 1)).then((reply) => {
        if (reply.hang) return;
        if (reply.destroy) {
          req.socket.destroy();
          return;
        }
        const text = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...rateLimitHeaders, ...reply.headers });
        res.end(text);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    baseUrl: `${origin}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with each reply in turn, repeating the last one. */
export function script(...replies: Reply[]): Handler {
  return (_req, i) => replies[Math.min(i, replies.length - 1)] ?? {};
}

export const API_KEY = 'sk_live_THIS_KEY_MUST_NEVER_LEAK_0123456789';

/** A client for `server` whose backoff is a few milliseconds, so tests do not sleep. */
export function clientFor(server: TestServer, options: Partial<ServiceClientOptions> = {}): ServiceClient {
  return new ServiceClient({
    apiKey: API_KEY,
    baseUrl: server.baseUrl,
    backoff: { initialDelayMs: 1, maxDelayMs: 4 },
    ...options,
  });
}

/** An error envelope reply. */
export function fail(status: number, type: string, message: string, extra: { code?: string; fields?: Record<string, string>; headers?: Record<string, string> } = {}): Reply {
  const { headers, ...rest } = extra;
  return { status, body: { error: { type, message, ...rest } }, ...(headers ? { headers } : {}) };
}

export const page = <T>(data: T[], next: string | null, hasMore: boolean) => ({ object: 'list', data, next_cursor: next, has_more: hasMore });

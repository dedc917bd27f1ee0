// The preview server's answer: a body with the headers every response carries.
import type { ServerResponse } from 'node:http';

/** Headers every response carries: no caching, no sniffing, and no opener handle into the preview. */
export const BASE_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'cross-origin-opener-policy': 'same-origin',
};

export function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...BASE_HEADERS, 'content-type': `${type}; charset=utf-8`, ...headers });
  res.end(body);
}

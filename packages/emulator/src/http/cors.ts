// CORS for browsers on this machine (kit policy, docs/emulator.md): a page on a loopback
// origin, or a sandboxed frame (origin `null`), may call the API and read its answers.
// Preflights are answered here, before any rule of the API: no key, no budget, no meter.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The headers an answer carries that a page may read besides the CORS-safelisted ones. */
export const exposedHeaders = [
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'Retry-After',
  'Idempotent-Replayed',
  'Allow',
].join(', ');

const allowedMethods = 'GET, POST, PUT, PATCH, DELETE';
/** Browsers cache a preflight this long (Chromium caps it at 2 hours). */
const maxAgeSeconds = '600';

// http(s) on localhost, a name under .localhost, 127.0.0.0/8 or [::1], with any port.
const loopbackOrigin =
  /^https?:\/\/(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.localhost|127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|\[::1\])(?::\d{1,5})?$/;
// What a browser may send in Access-Control-Request-Headers: header names, comma-separated.
const headerList = /^[!#$%&'*+.^_`|~0-9a-z-]+(?:\s*,\s*[!#$%&'*+.^_`|~0-9a-z-]+)*$/i;

/** True for an Origin the API answers with CORS: `null` or a loopback origin. */
export function corsAllowed(origin: string | undefined): origin is string {
  return origin !== undefined && (origin === 'null' || loopbackOrigin.test(origin));
}

/**
 * Marks `res` for a browser when the request comes from an allowed origin (its headers
 * then go out with whatever answer follows, a refusal included). Answers a preflight
 * (OPTIONS with Access-Control-Request-Method) itself, allowed or not, and returns true;
 * a preflight from any other origin gets 204 with no CORS headers, which the browser refuses.
 */
export function answerCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  const allowed = corsAllowed(origin);
  res.setHeader('Vary', 'Origin');
  if (allowed) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', exposedHeaders);
  }
  if (req.method !== 'OPTIONS' || req.headers['access-control-request-method'] === undefined) return false;
  if (allowed) {
    res.removeHeader('Access-Control-Expose-Headers');
    res.setHeader('Access-Control-Allow-Methods', allowedMethods);
    const asked = req.headers['access-control-request-headers'];
    if (typeof asked === 'string' && headerList.test(asked)) res.setHeader('Access-Control-Allow-Headers', asked);
    res.setHeader('Access-Control-Max-Age', maxAgeSeconds);
    res.setHeader('Vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
  }
  res.writeHead(204).end();
  // The preflight's body, if any, is not read: drain it so the connection stays usable.
  req.resume();
  return true;
}

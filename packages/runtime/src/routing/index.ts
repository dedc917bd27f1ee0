// The routing contract, authored once: how a project names the platform's API base
// (`"extkit": { "api": "https://api.example.com/v1" }` in package.json), which requests
// development sends to the emulator instead, and the connect-src the preview gives a frame
// while it does. The validator (@extkit/manifest), the preview's frame router, the testing
// harness and the emulator's tooling all decide with these functions; docs/api.md says the
// same in prose. Pure functions on URL strings: no I/O, no globals, runs in a frame and in Node.
import { connectRefusal, type NetworkRefusal } from '../bridge/verdicts.js';

export type { NetworkRefusal };

/** The project's API base, parsed: the origin and the path prefix below which the API lives. */
export interface ApiBase {
  /** The base the kit uses: `origin + prefix`, with no trailing slash (`https://api.example.com/v1`). */
  href: string;
  /** Scheme, host and port as browsers serialize them (`https://api.example.com`). */
  origin: string;
  /** The path prefix: `/v1`, or `''` when the API sits at the origin's root. Never ends in `/`. */
  prefix: string;
}

/** Why a value is not a usable API base (`code` is the validator's `api.invalid`). */
export interface ApiBaseProblem {
  code: 'api.invalid';
  /** What is wrong, in words that end with an example of a good value. */
  problem: string;
}

export type ApiBaseResult = { ok: true; base: ApiBase } | ({ ok: false } & ApiBaseProblem);

/** The longest API base the kit reads: a URL, not a document. */
export const MAX_API_BASE_LENGTH = 2048;

const EXAMPLE = 'such as "https://api.example.com/v1"';

/**
 * Parses an API base (the `extkit.api` setting, or an emulator's base URL): an absolute http or
 * https URL with no credentials, query, fragment, dot segment or encoded slash. A trailing `/`
 * is dropped. Never throws.
 * @example parseApiBase('https://api.example.com/v1/') // { ok: true, base: { href: 'https://api.example.com/v1', origin: 'https://api.example.com', prefix: '/v1' } }
 */
export function parseApiBase(value: unknown): ApiBaseResult {
  const bad = (why: string): ApiBaseResult => ({
    ok: false,
    code: 'api.invalid',
    problem: `${why}; it is the platform's API base URL, ${EXAMPLE}`,
  });
  if (typeof value !== 'string')
    return bad(`is ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}, not a string`);
  if (value.length > MAX_API_BASE_LENGTH)
    return bad(`is ${value.length} characters long (at most ${MAX_API_BASE_LENGTH})`);
  const shown = JSON.stringify(value);
  if (value.trim() !== value || value === '') return bad(`${shown} is empty or has spaces around it`);
  if (/[\s\\]/.test(value) || hasControl(value))
    return bad(`${shown} holds a space, a backslash or a control character`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return bad(`${shown} is not an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return bad(`${shown} uses ${url.protocol.slice(0, -1)}, not https or http`);
  if (!value.toLowerCase().startsWith(`${url.protocol}//`)) return bad(`${shown} is not written scheme://host`);
  if (url.username !== '' || url.password !== '')
    return bad(`${shown} holds credentials; a key is never part of the URL`);
  if (value.includes('?') || value.includes('#')) return bad(`${shown} has a query or a fragment`);
  const rawPath = value.slice(value.indexOf('//') + 2).replace(/^[^/]*/, '');
  if (hasDotSegment(rawPath) || /%2f|%5c/i.test(rawPath))
    return bad(`${shown} has a "." or ".." segment or an encoded slash in its path`);
  const prefix = url.pathname.replace(/\/+$/, '');
  return { ok: true, base: { href: url.origin + prefix, origin: url.origin, prefix } };
}

/** Whether `s` holds a C0 control character or DEL (written as a loop: the linter refuses control characters in a pattern). */
function hasControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** Whether a path (as written, before the URL parser resolves it) holds a `.` or `..` segment, plain or percent-encoded. */
function hasDotSegment(path: string): boolean {
  return path.split('/').some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}

/** What development does with one request the frame makes. */
export type RouteDecision =
  /** Under the declared API base: sent to the emulator at `url` instead. */
  | { kind: 'routed'; url: string }
  /** Not under the declared API base (another origin, or the API's origin outside its prefix): sent as written. */
  | { kind: 'passed' }
  /** Under the API's origin and prefix, but its path could mean something else past the prefix (an encoded slash or backslash): sent nowhere. */
  | { kind: 'refused'; reason: string };

/**
 * Where development sends a request for `url` (absolute) when the project's API base is `api` and
 * the emulator's is `emulator`: a request on the API's scheme, host and port whose path is the
 * prefix or below it goes to the emulator's base with the rest of the path and the query (the
 * fragment is never sent); anything else is passed. Dot segments are resolved first, as every
 * browser resolves them, so `/v1/../admin` is `/admin` (outside the prefix, passed); an encoded
 * slash or backslash below the prefix is refused, since a server may decode it into a segment.
 * @example routeRequest('https://api.example.com/v1/sites?limit=5', api, emu) // { kind: 'routed', url: 'http://127.0.0.1:8787/v1/sites?limit=5' }
 */
export function routeRequest(url: string | URL, api: ApiBase, emulator: ApiBase): RouteDecision {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: 'passed' };
  }
  if (parsed.origin !== api.origin || parsed.username !== '' || parsed.password !== '') return { kind: 'passed' };
  const path = parsed.pathname;
  if (api.prefix !== '' && path !== api.prefix && !path.startsWith(`${api.prefix}/`)) return { kind: 'passed' };
  const rest = path.slice(api.prefix.length);
  if (/%2f|%5c/i.test(rest))
    return {
      kind: 'refused',
      reason: `${parsed.origin}${path} holds an encoded slash or backslash below the API's prefix, which a server may read as another path; development does not route it`,
    };
  return { kind: 'routed', url: `${emulator.href}${rest}${parsed.search}` };
}

/**
 * The frame's connect-src in development: the manifest's `capabilities.network` as published,
 * plus the emulator's origin while routing is on (`emulatorOrigin` given), and nothing else.
 * @example devConnectSrc(['https://api.example.com'], 'http://127.0.0.1:8787') // ['https://api.example.com', 'http://127.0.0.1:8787']
 */
export function devConnectSrc(network: readonly string[], emulatorOrigin?: string): string[] {
  if (emulatorOrigin === undefined || network.includes(emulatorOrigin)) return [...network];
  return [...network, emulatorOrigin];
}

/**
 * Why the sandbox would refuse the frame's calls to the API base: the manifest's
 * `capabilities.network` does not declare its origin (the bridge's own connect-src verdict).
 * Undefined when it does. The validator warns with this (`api.origin_undeclared`).
 */
export function apiOriginRefusal(api: ApiBase, network: readonly string[]): NetworkRefusal | undefined {
  return connectRefusal(api.href, network);
}

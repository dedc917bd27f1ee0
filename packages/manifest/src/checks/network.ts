// capabilities.network: origins, the sandbox's connect-src allowlist.
import type { Reporter } from '../diagnostics.js';
import { join } from '../pointer.js';
import { privateHost } from './reach.js';

const SCHEMES = new Set(['https:', 'wss:', 'http:', 'ws:']);
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** Checks the network allowlist; returns the origins to keep (valid, first occurrence). */
export function checkNetwork(network: unknown[], reporter: Reporter): string[] {
  if (network.length === 1 && typeof network[0] === 'string' && isCanonicalSecure(network[0]))
    return network as string[];
  // The normalized list holds each origin once, in the form browsers serialize it (docs/rules.md).
  const kept = new Set<string>();
  let same = true;
  for (let i = 0; i < network.length; i++) {
    const entry = network[i];
    if (typeof entry !== 'string') continue; // reported by the structural check
    const origin = isCanonicalSecure(entry) ? entry : checkOrigin(entry, join('/capabilities/network', i), reporter);
    if (origin === undefined) continue;
    if (kept.has(origin)) {
      reporter.report(
        'capabilities.network.duplicate',
        join('/capabilities/network', i),
        `${JSON.stringify(entry)} is already listed${origin === entry ? '' : ` (as "${origin}")`}; the repeat is dropped`,
      );
      continue;
    }
    kept.add(origin);
    same &&= origin === entry;
  }
  return same && kept.size === network.length ? (network as string[]) : [...kept];
}

// The common case, already in the form browsers serialize: https or wss, then a host of
// lower-case labels, none of them "xn--" (the URL parser decodes those as punycode and refuses
// invalid ones), the last starting with a letter (so never an IPv4 form such as "1.2.3.4" or
// "a.0x1f", which the parser rewrites or refuses), then an optional port below 10000 that is
// not the default. Each label is matched greedily up to the next "." or ":", so the pattern never
// backtracks. Anything else takes the full analysis below.
const SECURE_ORIGIN = /^(?:https|wss):\/\/(?!xn--)[a-z0-9-]+(?:\.(?!xn--)[a-z0-9-]+)*(?::(?!443$)[1-9]\d{0,3})?$/;

// localhost and its subdomains are loopback: `capabilities.network.private_address` (the full analysis) warns.
const LOCALHOST = /(?:\/\/|\.)localhost(?::\d+)?$/;

/** Whether an entry is an https or wss origin in its serialized form, which breaks no network rule. */
export const isCanonicalSecure = (entry: string): boolean =>
  entry.length <= SECURE_MAX && SECURE_ORIGIN.test(entry) && lastLabelStartsWithLetter(entry) && !LOCALHOST.test(entry);

/** Longer origins take the full analysis: the pattern keeps a backtracking entry per label, and millions of labels exhausted the engine. */
const SECURE_MAX = 4096;

function lastLabelStartsWithLetter(origin: string): boolean {
  const dot = origin.lastIndexOf('.'); // a port has no dot, so this is inside the host
  const c = origin.charCodeAt(dot === -1 ? origin.indexOf(':') + 3 : dot + 1);
  return c >= 97 && c <= 122;
}

/** Returns the browser's serialization of a valid origin, or undefined after reporting why it is not one. */
export function checkOrigin(entry: string, at: string, reporter: Reporter): string | undefined {
  const shown = JSON.stringify(entry);
  const notOrigin = (why: string, hint?: string) => {
    reporter.report(
      'capabilities.network.not_origin',
      at,
      `${shown} ${why}; a network entry is an origin, scheme://host[:port], and nothing more${hint ? ` (${hint})` : ''}`,
    );
    return undefined;
  };
  if (entry.includes('*')) return notOrigin('contains a wildcard', 'list each origin the extension connects to');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(entry);
  if (!scheme)
    return notOrigin('has no scheme', /^[\w.-]+(:\d+)?$/.test(entry) ? `did you mean "https://${entry}"?` : undefined);
  if (!SCHEMES.has(scheme[1]!.toLowerCase() + ':')) {
    reporter.report(
      'capabilities.network.unsupported_scheme',
      at,
      `${shown} uses the scheme "${scheme[1]}"; network origins use https, wss, http or ws`,
    );
    return undefined;
  }
  const rest = entry.slice(scheme[0].length);
  if (!rest.startsWith('//')) return notOrigin('is not scheme://host');
  const authority = rest.slice(2);
  const extra = /[/?#\\]/.exec(authority);
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return notOrigin('is not a valid URL');
  }
  if (extra) return notOrigin(`has more after the host ("${authority.slice(extra.index)}")`, `use "${url.origin}"`);
  if (authority.includes('@')) return notOrigin('carries credentials', `use "${url.origin}"`);
  if (url.hostname === '') return notOrigin('has no host');
  if (url.origin !== entry) {
    reporter.report(
      'capabilities.network.not_canonical',
      at,
      `${shown} is written differently from how browsers serialize it ("${url.origin}"); the normalized manifest carries "${url.origin}": write it that way`,
    );
  }
  const reach = privateHost(url.hostname);
  if (reach !== null) {
    reporter.report(
      'capabilities.network.private_address',
      at,
      `${shown} is ${reach}: in an installer's browser it reaches their own machine or network, never your server, and the marketplace refuses it at publish (publish.loopback_origin). Declare the public origin the extension calls in production`,
    );
  }
  if ((url.protocol === 'http:' || url.protocol === 'ws:') && !LOOPBACK.test(url.hostname)) {
    reporter.report(
      'capabilities.network.insecure',
      at,
      `${shown} is not encrypted; the platform is served over https, so the browser blocks it as mixed content: use ${url.protocol === 'http:' ? 'https' : 'wss'}`,
    );
  }
  return url.origin;
}

// What a capabilities.network entry lets the sandbox reach, read as the browser reads it: the
// entries become the frame's connect-src, so an entry is a CSP host-source and matches URLs by
// CSP Level 3's rules (w3.org/TR/CSP3, "Does url match expression"). Besides plain origins this
// reads the host-source forms a connect-src can carry, `https://*.example.com` and `:*`, so that
// a diff judges any list the way a browser would, even one the validator refuses.

/** A host-source: scheme, host (or a wildcard over hosts) and port (null: none written), lower-cased. */
export interface HostSource {
  scheme: string;
  /** The host; for `subdomains`, the domain whose subdomains it matches; '' for `any`. */
  host: string;
  /** `*.example.com` matches every subdomain of example.com but not example.com itself; `*` any host. */
  hosts: 'one' | 'subdomains' | 'any';
  port: number | '*' | null;
}

const DEFAULT_PORT: Record<string, number> = { http: 80, https: 443, ws: 80, wss: 443 };
/** CSP3 "scheme-part match": the URL schemes a source's scheme also matches (an upgrade is never a loss). */
const MATCHED_SCHEMES: Record<string, readonly string[]> = {
  http: ['http', 'https'],
  https: ['https'],
  ws: ['ws', 'wss', 'http', 'https'],
  wss: ['wss', 'https'],
};

const SOURCE = /^([a-z][a-z0-9+.-]*):\/\/(\*|\*\.[^/:?#@\s*]+|\[[0-9a-f:.]+\]|[^/:?#@\s*[\]]+)(?::(\*|\d{1,5}))?\/?$/i;

/** Reads a network entry as a host-source, or null when it is none the diff can reason about (it is then compared as text). */
export function parseSource(entry: string): HostSource | null {
  const m = SOURCE.exec(entry);
  if (!m) return null;
  const scheme = m[1]!.toLowerCase();
  if (DEFAULT_PORT[scheme] === undefined) return null;
  const portText = m[3];
  const port = portText === undefined ? null : portText === '*' ? '*' : Number(portText);
  if (typeof port === 'number' && port > 65535) return null;
  const hostText = m[2]!;
  if (hostText === '*') return { scheme, host: '', hosts: 'any', port };
  const wildcard = hostText.startsWith('*.');
  const host = hostname(wildcard ? hostText.slice(2) : hostText);
  if (host === null) return null;
  return { scheme, host, hosts: wildcard ? 'subdomains' : 'one', port };
}

// Lower-case labels of letters, digits and hyphens, none punycode, the last starting with a letter:
// already as the URL parser serializes it, so the parser is skipped (lists can be long).
const PLAIN_HOST = /^(?!xn--)[a-z0-9-]+(?:\.(?!xn--)[a-z0-9-]+)*$/;

/** The host as the URL parser serializes it (lower case, punycode), or null when it is not a host. */
function hostname(text: string): string | null {
  if (PLAIN_HOST.test(text) && /[a-z]/.test(text.charAt(text.lastIndexOf('.') + 1))) return text;
  try {
    const host = new URL(`https://${text}`).hostname;
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

/**
 * The host of an entry without a wildcard whose host is already in the form parseSource gives
 * it (lower-case plain labels), read from the text alone; null when only a full parse can say.
 */
export function plainHostOf(entry: string): string | null {
  const start = entry.indexOf('://');
  if (start === -1 || entry.includes('*')) return null;
  const rest = entry.slice(start + 3);
  const end = rest.search(/[:/?#]/);
  const host = (end === -1 ? rest : rest.slice(0, end)).toLowerCase();
  return PLAIN_HOST.test(host) && /[a-z]/.test(host.charAt(host.lastIndexOf('.') + 1)) ? host : null;
}

/** A source as a person reads it, in the platform's own origin form. */
export function showSource(s: HostSource): string {
  const host = s.hosts === 'any' ? '*' : s.hosts === 'subdomains' ? `*.${s.host}` : s.host;
  return `${s.scheme}://${host}${s.port === null ? '' : `:${s.port}`}`;
}

/** A URL scheme and port a source matches; a port '*' stands for every port. */
export interface Reach {
  scheme: string;
  port: number | '*';
}

/** The URL schemes and ports a source matches. */
function reaches(s: HostSource): Reach[] {
  return MATCHED_SCHEMES[s.scheme]!.map((scheme) => ({
    scheme,
    port: s.port === null ? DEFAULT_PORT[scheme]! : s.port,
  }));
}

/** What `s` reaches on `reach`, for a person: "http://a.example.com (unencrypted)", "every subdomain of example.com over https". */
export function showReach(s: HostSource, reach: readonly Reach[]): string {
  const host = s.hosts === 'any' ? 'any host' : s.hosts === 'subdomains' ? `every subdomain of ${s.host}` : s.host;
  return reach
    .map(({ scheme, port }) => {
      const on = port === '*' ? ' on any port' : port === DEFAULT_PORT[scheme] ? '' : ` on port ${port}`;
      const plain = scheme === 'http' || scheme === 'ws' ? ' (unencrypted)' : '';
      return s.hosts === 'one' && port !== '*'
        ? `${scheme}://${host}${on ? `:${port}` : ''}${plain}`
        : `${host} over ${scheme}${on}${plain}`;
    })
    .join(', ');
}

/**
 * Whether `s` matches a URL of `scheme` and `port` ('*': every port) on a host `t` matches. A
 * source without a port matches its URL scheme's default port (CSP3 "port-part match").
 */
function matches(s: HostSource, scheme: string, port: number | '*', t: HostSource): boolean {
  if (!MATCHED_SCHEMES[s.scheme]!.includes(scheme)) return false;
  if (s.port !== '*' && (port === '*' || port !== (s.port ?? DEFAULT_PORT[scheme]))) return false;
  if (s.hosts === 'any') return true;
  if (t.hosts === 'any') return false;
  if (s.hosts === 'one') return t.hosts === 'one' && t.host === s.host;
  return t.host.endsWith(`.${s.host}`) || (t.hosts === 'subdomains' && t.host === s.host);
}

/**
 * The sources of a list indexed by host and port, so that finding what may cover an entry costs
 * a few look-ups per label of its host instead of a pass over the list (lists can be long, and
 * can list one host on thousands of ports).
 */
export class SourceIndex {
  private readonly sources = new Map<string, HostSource[]>();

  constructor(sources: Iterable<HostSource>) {
    for (const s of sources) push(this.sources, slot(s.hosts, s.host, s.port), s);
  }

  /** The first source that could match some URL on `t`'s hosts (same host, a wildcard over a parent domain, any host) and matches `r`. */
  private find(t: HostSource, r: Reach): HostSource | undefined {
    const fits = (c: HostSource) => matches(c, r.scheme, r.port, t);
    // A source matches port r.port when it names that port, every port, or none (the scheme's default).
    const ports: Array<HostSource['port']> = r.port === '*' ? ['*'] : [r.port, '*', null];
    const look = (hosts: HostSource['hosts'], host: string) => {
      for (const port of ports) {
        const found = this.sources.get(slot(hosts, host, port))?.find(fits);
        if (found) return found;
      }
      return undefined;
    };
    let found = look('any', '');
    if (found || t.hosts === 'any') return found;
    if (t.hosts === 'one') found = look('one', t.host);
    // A wildcard over the host itself matches a wildcard over it, never the bare host.
    for (
      let domain = t.hosts === 'subdomains' ? t.host : parent(t.host);
      !found && domain !== null;
      domain = parent(domain)
    )
      found = look('subdomains', domain);
    return found;
  }

  /**
   * Which sources of the list match the URLs `t` matches (`by`), and what `t` reaches that none
   * of them matches (`missing`): empty when the list already matches every URL `t` matches.
   */
  coverage(t: HostSource): { by: HostSource[]; missing: Reach[] } {
    const by = new Set<HostSource>();
    const missing: Reach[] = [];
    for (const r of reaches(t)) {
      const s = this.find(t, r);
      if (s === undefined) missing.push(r);
      else by.add(s);
    }
    return { by: [...by], missing };
  }
}

const slot = (hosts: HostSource['hosts'], host: string, port: HostSource['port']): string => `${hosts} ${host} ${port}`;

const parent = (host: string): string | null => {
  const dot = host.indexOf('.');
  return dot === -1 ? null : host.slice(dot + 1);
};

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

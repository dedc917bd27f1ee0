// Two judgements the validator and the marketplace share (authored once here): whether a config
// key names a credential, and whether an origin's host is on this machine or a private network.

// A key's words: camelCase, snake_case, kebab-case and dots split, lower-cased ("apiKey" → api, key).
const words = (key: string): string[] =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');

/** Words that name a credential on their own. Singular only: "maxTokens" counts tokens, it holds none. */
const SECRET_WORDS = new Set([
  'token',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'pwd',
  'credential',
  'credentials',
  'bearer',
  'apikey',
  'privatekey',
  'secretkey',
  'accesstoken',
  'authorization',
]);
/** Words that make "key" a credential's: apiKey, accessKey, privateKey, clientKey, licenseKey... */
const KEY_OWNERS = new Set(['api', 'access', 'secret', 'private', 'client', 'signing', 'license', 'auth', 'service']);

/**
 * True when a config field's key names a credential (apiKey, token, secret, password and the
 * like): its value is the installer's to enter, never a default the artifact carries.
 * @example namesCredential('apiKey') // true; namesCredential('maxTokens') // false
 */
export function namesCredential(key: string): boolean {
  const w = words(key);
  for (let i = 0; i < w.length; i++) {
    if (SECRET_WORDS.has(w[i]!)) return true;
    if (w[i] === 'key' && i > 0 && KEY_OWNERS.has(w[i - 1]!)) return true;
  }
  return false;
}

const octets = (host: string): number[] | null => {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return m ? m.slice(1).map(Number) : null;
};

function ipv4Kind(o: number[]): string | null {
  const [a, b] = o as [number, number];
  if (a === 127) return 'loopback';
  if (a === 0) return 'this network (0.0.0.0/8)';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'a private network address';
  if (a === 169 && b === 254) return 'a link-local address';
  if (a === 100 && b >= 64 && b <= 127) return 'a carrier-grade NAT address (not public)';
  return null;
}

/**
 * What a host is when it is not on the public internet: loopback (`localhost`, `*.localhost`,
 * 127.0.0.0/8, `[::1]`), a private network (10/8, 172.16/12, 192.168/16, fc00::/7), link-local
 * (169.254/16, fe80::/10) and the like; null for any other host. `host` is a URL's `hostname`
 * (IPv4 in dotted decimal and IPv6 in brackets, as the URL parser serializes them).
 * @example privateHost('127.0.0.1') // 'loopback'
 */
export function privateHost(host: string): string | null {
  const h = host.toLowerCase();
  if (h === 'localhost' || h.endsWith('.localhost')) return 'loopback';
  const v4 = octets(h);
  if (v4) return ipv4Kind(v4);
  if (!h.startsWith('[') || !h.endsWith(']')) return null;
  const v6 = h.slice(1, -1);
  if (v6 === '::1') return 'loopback';
  if (v6 === '::') return 'the unspecified address';
  // An IPv4-mapped address (::ffff:7f00:1, as the URL parser writes ::ffff:127.0.0.1).
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(v6);
  if (mapped) {
    const hi = parseInt(mapped[1]!, 16);
    const lo = parseInt(mapped[2]!, 16);
    return ipv4Kind([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  }
  const first = parseInt(v6.split(':')[0] || '0', 16);
  if ((first & 0xfe00) === 0xfc00) return 'a private network address (fc00::/7)';
  if ((first & 0xffc0) === 0xfe80) return 'a link-local address';
  return null;
}

/** What an origin's host is when it is not public (see `privateHost`); null for a public one or a string that is no URL. */
export function privateOrigin(origin: string): string | null {
  try {
    return privateHost(new URL(origin).hostname);
  } catch {
    return null;
  }
}

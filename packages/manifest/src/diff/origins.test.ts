import { describe, expect, it } from 'vitest';
import { growth } from './__fixtures__/linear.js';
import { parseSource, showSource, SourceIndex } from './origins.js';

/** Whether the list `by` matches every URL `entry` matches. */
const covers = (by: string[], entry: string): boolean => {
  const index = new SourceIndex(by.map((s) => parseSource(s)!));
  return index.coverage(parseSource(entry)!).missing.length === 0;
};

describe('network entries read as CSP host-sources', () => {
  it('reads origins, wildcards and ports, lower-cased, and refuses what is no host-source', () => {
    expect(parseSource('HTTPS://API.Example.com')).toEqual({
      scheme: 'https',
      host: 'api.example.com',
      hosts: 'one',
      port: null,
    });
    expect(parseSource('https://*.example.com:8443')).toEqual({
      scheme: 'https',
      host: 'example.com',
      hosts: 'subdomains',
      port: 8443,
    });
    expect(parseSource('wss://*')).toEqual({ scheme: 'wss', host: '', hosts: 'any', port: null });
    expect(parseSource('http://[::1]:*')).toEqual({ scheme: 'http', host: '[::1]', hosts: 'one', port: '*' });
    for (const bad of [
      'ftp://a.com',
      'https://a.com/path',
      'https://user@a.com',
      'a.com',
      'https://a.com:70000',
      'https://a.*.com',
      '',
      'https://',
    ]) {
      expect(parseSource(bad), bad).toBeNull();
    }
    expect(showSource(parseSource('https://*.Example.com:*')!)).toBe('https://*.example.com:*');
  });
});

describe('coverage (what a list of origins lets the sandbox reach)', () => {
  it('a subdomain wildcard covers every subdomain, never the bare domain; the reverse does not hold', () => {
    expect(covers(['https://*.example.com'], 'https://a.example.com')).toBe(true);
    expect(covers(['https://*.example.com'], 'https://a.b.example.com')).toBe(true);
    expect(covers(['https://*.example.com'], 'https://*.b.example.com')).toBe(true);
    expect(covers(['https://*.example.com'], 'https://example.com')).toBe(false);
    expect(covers(['https://*.example.com'], 'https://badexample.com')).toBe(false);
    expect(covers(['https://a.example.com'], 'https://*.example.com')).toBe(false);
    expect(covers(['https://a.example.com', 'https://b.example.com'], 'https://*.example.com')).toBe(false);
    expect(covers(['https://*.a.example.com'], 'https://*.example.com')).toBe(false);
    expect(covers(['https://*'], 'https://*.example.com')).toBe(true);
    expect(covers(['https://*.example.com'], 'https://*')).toBe(false);
  });

  it('follows CSP3 scheme matching: http also matches https, ws matches wss, http and https, wss matches https', () => {
    expect(covers(['http://a.com'], 'https://a.com')).toBe(true);
    expect(covers(['https://a.com'], 'http://a.com')).toBe(false);
    expect(covers(['wss://a.com'], 'https://a.com')).toBe(true);
    expect(covers(['https://a.com'], 'wss://a.com')).toBe(false);
    expect(covers(['ws://a.com'], 'http://a.com')).toBe(true);
    expect(covers(['ws://a.com'], 'wss://a.com')).toBe(true);
    expect(covers(['http://a.com'], 'ws://a.com')).toBe(false);
    // ws://a.com reaches ws, wss, http and https: two sources can share it out.
    expect(covers(['ws://a.com'], 'ws://a.com')).toBe(true);
    expect(covers(['http://a.com', 'wss://a.com'], 'ws://a.com')).toBe(false);
  });

  it("follows CSP3 port matching: no port is the URL scheme's default, an explicit default port is the same URL, * is every port", () => {
    expect(covers(['https://a.com'], 'https://a.com:443')).toBe(true);
    expect(covers(['https://a.com:443'], 'https://a.com')).toBe(true);
    expect(covers(['https://a.com'], 'https://a.com:8443')).toBe(false);
    expect(covers(['https://a.com:*'], 'https://a.com:8443')).toBe(true);
    expect(covers(['https://a.com:8443'], 'https://a.com:*')).toBe(false);
    // http://a.com:8080 also matches https://a.com:8080 (the scheme upgrade keeps the port).
    expect(covers(['http://a.com:8080'], 'https://a.com:8080')).toBe(true);
    expect(covers(['http://a.com'], 'https://a.com:80')).toBe(false);
  });

  it('stays linear when one host is listed on thousands of ports', () => {
    const ports = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => parseSource(`https://a.example.com:${i + from}`)!);
    const uncovered = (n: number) => {
      const index = new SourceIndex([...ports(n, 1), parseSource('https://*:8443')!]);
      return ports(n, 2).filter((t) => index.coverage(t).missing.length > 0);
    };
    expect(growth(uncovered, 1_000)).toBeLessThan(24);
    expect(uncovered(1_000).map(showSource)).toEqual(['https://a.example.com:1001']);
  });

  it('finds covering wildcards through a long list by host, and says what is missing', () => {
    const run = (n: number) => {
      const index = new SourceIndex([
        ...Array.from({ length: n }, (_, i) => parseSource(`https://h${i}.example.org`)!),
        parseSource('https://*.cdn.example.net')!,
      ]);
      for (let i = 0; i < n; i++) index.coverage(parseSource(`https://x${i}.cdn.example.net`)!);
    };
    expect(growth(run, 1_000)).toBeLessThan(24);
    const many = Array.from({ length: 100 }, (_, i) => parseSource(`https://h${i}.example.org`)!);
    const index = new SourceIndex([...many, parseSource('https://*:8443')!]);
    expect(index.coverage(parseSource('http://h7.example.org')!)).toEqual({
      by: [many[7]],
      missing: [{ scheme: 'http', port: 80 }],
    });
    expect(index.coverage(parseSource('https://b.example.com:8443')!).by.map(showSource)).toEqual(['https://*:8443']);
  });
});

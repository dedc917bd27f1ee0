import { describe, expect, it } from 'vitest';
import { devConnectSrc, parseApiBase, routeRequest, type ApiBase } from './index.js';

const base = (value: string): ApiBase => {
  const result = parseApiBase(value);
  if (!result.ok) throw new Error(result.problem);
  return result.base;
};
const api = base('https://api.example.com/v1');
const emu = base('http://127.0.0.1:8787/v1');

describe('parseApiBase', () => {
  it('reads an https base, dropping a trailing slash and lower-casing the host', () => {
    expect(parseApiBase('https://API.Example.com/v1/')).toEqual({
      ok: true,
      base: { href: 'https://api.example.com/v1', origin: 'https://api.example.com', prefix: '/v1' },
    });
    expect(base('https://api.example.com')).toEqual({
      href: 'https://api.example.com',
      origin: 'https://api.example.com',
      prefix: '',
    });
    expect(base('https://api.example.com:443/v1').origin).toBe('https://api.example.com');
    expect(base('http://127.0.0.1:8787/v1').origin).toBe('http://127.0.0.1:8787');
  });

  it.each([
    [undefined, 'not a string'],
    [42, 'not a string'],
    [null, 'null'],
    [['https://api.example.com'], 'an array'],
    ['', 'empty'],
    [' https://api.example.com', 'spaces'],
    ['api.example.com/v1', 'not an absolute URL'],
    ['ftp://api.example.com', 'not https or http'],
    ['wss://api.example.com', 'not https or http'],
    ['https:api.example.com', 'scheme://host'],
    ['https://user:pw@api.example.com/v1', 'credentials'],
    ['https://api.example.com/v1?key=1', 'query'],
    ['https://api.example.com/v1#x', 'fragment'],
    ['https://api.example.com/v1/../admin', '".." segment'],
    ['https://api.example.com/v1/%2e%2E', '".." segment'],
    ['https://api.example.com/./v1', 'segment'],
    ['https://api.example.com/v1%2Fadmin', 'encoded slash'],
    ['https://api.example.com\\v1', 'backslash'],
    ['https://api.example.com/v1\n', 'spaces around'],
    ['https://api.example.com/v\u00011', 'control character'],
    ['https://api.example.com/v1\u007f', 'control character'],
    [`https://api.example.com/${'a'.repeat(3000)}`, 'at most 2048'],
  ])('refuses %j with a reason and an example', (value, why) => {
    const result = parseApiBase(value);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.code).toBe('api.invalid');
    expect(result.problem).toContain(why);
    expect(result.problem).toContain('"https://api.example.com/v1"');
  });
});

describe('routeRequest', () => {
  it('sends a request under the base to the emulator, with the rest of its path and its query', () => {
    expect(routeRequest('https://api.example.com/v1/sites/s_1/orders?limit=5&status=paid', api, emu)).toEqual({
      kind: 'routed',
      url: 'http://127.0.0.1:8787/v1/sites/s_1/orders?limit=5&status=paid',
    });
    expect(routeRequest('https://api.example.com/v1', api, emu)).toEqual({
      kind: 'routed',
      url: 'http://127.0.0.1:8787/v1',
    });
    expect(routeRequest(new URL('https://api.example.com:443/v1/usage#top'), api, emu)).toEqual({
      kind: 'routed',
      url: 'http://127.0.0.1:8787/v1/usage',
    });
    // The emulator's own prefix may differ from the declared one.
    expect(routeRequest('https://api.example.com/v1/usage', api, base('http://127.0.0.1:9/emu/v1'))).toEqual({
      kind: 'routed',
      url: 'http://127.0.0.1:9/emu/v1/usage',
    });
  });

  it('passes every other origin, scheme or port, and the API origin outside its prefix', () => {
    for (const url of [
      'https://cdn.example.com/v1/sites',
      'http://api.example.com/v1/sites',
      'https://api.example.com:8443/v1/sites',
      'https://api.example.com.evil.test/v1/sites',
      'https://api.example.com/v10/sites',
      'https://api.example.com/v1x',
      'https://api.example.com/api/marketplace/listing-versions',
      'https://api.example.com/v1/../admin',
      'https://api.example.com/v1/%2e%2e/admin',
      'https://api.example.com/v1/.%2E/admin',
      'https://user@api.example.com/v1/sites',
      'http://127.0.0.1:8787/v1/sites',
      'data:text/plain,hi',
      'not a url',
    ])
      expect(routeRequest(url, api, emu), url).toEqual({ kind: 'passed' });
  });

  it('refuses an encoded slash or backslash below the prefix rather than send it anywhere', () => {
    for (const url of [
      'https://api.example.com/v1/..%2Fadmin',
      'https://api.example.com/v1/sites%2f..%2f..',
      'https://api.example.com/v1/a%5C..%5Cb',
    ]) {
      const decision = routeRequest(url, api, emu);
      expect(decision.kind, url).toBe('refused');
    }
  });

  it('routes an API at the root of its origin', () => {
    const root = base('https://api.example.com');
    expect(routeRequest('https://api.example.com/v1/sites', root, emu)).toEqual({
      kind: 'routed',
      url: 'http://127.0.0.1:8787/v1/v1/sites',
    });
    expect(routeRequest('https://api.example.com/', root, base('http://127.0.0.1:8787'))).toEqual({
      kind: 'routed',
      url: 'http://127.0.0.1:8787/',
    });
  });
});

describe('devConnectSrc', () => {
  it('is the declared origins, plus the emulator origin only while routing is on', () => {
    expect(devConnectSrc(['https://api.example.com'])).toEqual(['https://api.example.com']);
    expect(devConnectSrc(['https://api.example.com'], emu.origin)).toEqual([
      'https://api.example.com',
      'http://127.0.0.1:8787',
    ]);
    expect(devConnectSrc([emu.origin], emu.origin)).toEqual([emu.origin]);
  });
});

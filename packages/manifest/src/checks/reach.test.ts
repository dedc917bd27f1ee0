import { describe, expect, it } from 'vitest';
import { validateManifest } from '../validate.js';
import { namesCredential, privateHost, privateOrigin } from './reach.js';

const base = {
  id: 'orders',
  name: 'Orders',
  version: '1.0.0',
  entry: 'dist/index.js',
  hostAbi: 1,
};

describe('namesCredential', () => {
  it.each([
    'apiKey',
    'API_KEY',
    'api-key',
    'token',
    'accessToken',
    'authToken',
    'clientSecret',
    'password',
    'dbPassword',
    'privateKey',
    'licenseKey',
    'bearer',
    'credentials',
    'webhook_secret',
  ])('%s names a credential', (key) => expect(namesCredential(key)).toBe(true));
  it.each(['units', 'days', 'maxTokens', 'sortKey', 'keyColor', 'title', 'currency', 'secretary'])(
    '%s does not',
    (key) => expect(namesCredential(key)).toBe(false),
  );
});

describe('privateHost', () => {
  it.each([
    ['http://127.0.0.1:8787', 'loopback'],
    ['http://localhost:3000', 'loopback'],
    ['https://api.localhost', 'loopback'],
    ['http://[::1]:8080', 'loopback'],
    ['https://10.1.2.3', 'a private network address'],
    ['https://172.20.0.1', 'a private network address'],
    ['https://192.168.1.10', 'a private network address'],
    ['https://169.254.169.254', 'a link-local address'],
    ['http://[::ffff:127.0.0.1]', 'loopback'],
    ['https://[fd12::1]', 'a private network address (fc00::/7)'],
    ['https://[fe80::1]', 'a link-local address'],
    ['https://0x7f000001', 'loopback'],
  ])('%s is %s', (origin, kind) => expect(privateOrigin(origin)).toBe(kind));
  it.each([
    'https://api.example.com',
    'https://172.32.0.1',
    'https://notlocalhost',
    'https://8.8.8.8',
    'https://[2001:db8::1]',
  ])('%s is public', (origin) => expect(privateOrigin(origin)).toBeNull());
  it('reads a hostname as the URL parser gives it', () => expect(privateHost('LOCALHOST')).toBe('loopback'));
});

describe('the validator on credentials and private origins', () => {
  it('refuses a default for a string field naming a credential, and keeps it out of the normalized manifest', () => {
    const r = validateManifest({
      ...base,
      contributes: { console: { routes: ['/orders'] } },
      config: {
        fields: [
          { key: 'apiKey', label: 'API key', type: 'string' },
          { key: 'maxTokens', label: 'Max', type: 'number' },
        ],
        defaults: { apiKey: 'sk_live_123', maxTokens: 5 },
      },
    });
    expect(r.errors.map((e) => [e.code, e.path])).toEqual([['config.defaults.credential', '/config/defaults/apiKey']]);
    expect(r.manifest?.config?.defaults).toEqual({ maxTokens: 5 });
    expect(r.warnings).toEqual([]);
  });

  it('accepts an empty default, and warns about a credential field on a site surface', () => {
    const r = validateManifest({
      ...base,
      contributes: { site: { features: ['tracker'] } },
      config: { fields: [{ key: 'token', label: 'Token', type: 'string' }], defaults: { token: '' } },
    });
    expect(r.errors).toEqual([]);
    expect(r.warnings.map((w) => [w.code, w.path])).toEqual([
      ['config.fields.credential_on_site', '/config/fields/0/key'],
    ]);
  });

  it('warns about an origin on loopback or a private network, through the fast path too', () => {
    const r = validateManifest({
      ...base,
      contributes: {},
      capabilities: { network: ['https://localhost', 'http://127.0.0.1:8787', 'https://api.example.com'] },
    });
    expect(r.valid).toBe(true);
    expect(r.warnings.map((w) => [w.code, w.path])).toEqual(
      [
        ['contributes.declares_nothing', '/contributes'],
        ['capabilities.network.private_address', '/capabilities/network/0'],
        ['capabilities.network.private_address', '/capabilities/network/1'],
      ].sort(),
    );
    const single = validateManifest({ ...base, contributes: {}, capabilities: { network: ['https://localhost'] } });
    expect(single.warnings.map((w) => w.code)).toContain('capabilities.network.private_address');
  });
});

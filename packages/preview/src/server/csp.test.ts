import { describe, expect, it } from 'vitest';
import { parseCspReport } from './csp-report.js';
import { frameCsp, scriptHash } from './csp.js';
import { checkHost } from './host-header.js';

describe('frameCsp', () => {
  const origin = 'http://127.0.0.1:5173';
  const reportUri = `${origin}/__extkit/csp-report/secret?surface=x`;

  it('allows connections to exactly the declared origins, and only the transport and the bundle to run', () => {
    const csp = frameCsp({
      origin,
      network: ['https://api.example.com', 'http://127.0.0.1:9000'],
      reportUri,
      scriptHashes: ['a()', 'b()'].map(scriptHash),
    });
    expect(csp.split('; ')).toEqual([
      "default-src 'none'",
      `script-src ${scriptHash('a()')} ${scriptHash('b()')}`,
      'connect-src https://api.example.com http://127.0.0.1:9000',
      'img-src data:',
      'font-src data:',
      "base-uri 'none'",
      "form-action 'none'",
      `frame-ancestors ${origin}`,
      'sandbox allow-scripts',
      `report-uri ${reportUri}`,
    ]);
  });

  it('lets in exactly the inlined styles it is given, and none otherwise', () => {
    const styled = frameCsp({ origin, network: [], reportUri, scriptHashes: [], styleHashes: [scriptHash('body{}')] });
    expect(styled).toContain(`style-src ${scriptHash('body{}')};`);
    expect(frameCsp({ origin, network: [], reportUri, scriptHashes: [] })).not.toContain('style-src');
  });

  it("connects nowhere when nothing is declared, never falling back to 'self'", () => {
    expect(frameCsp({ origin, network: [], reportUri, scriptHashes: [] })).toContain("connect-src 'none';");
  });

  it('never lets a declared entry widen the policy', () => {
    const csp = frameCsp({
      origin,
      network: [
        "https://a.example; script-src 'unsafe-inline'",
        'https://b.example https://c.example',
        'https://ok.example',
      ],
      reportUri,
      scriptHashes: [],
    });
    expect(csp).toContain('connect-src https://ok.example;');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('b.example');
  });

  it('pins scripts by the sha256 of their exact text', () => {
    expect(scriptHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });
});

describe('checkHost', () => {
  it('answers only to its own 127.0.0.1 name and port; localhost is sent there', () => {
    expect(checkHost('127.0.0.1:5173', 5173)).toBe('ok');
    expect(checkHost('localhost:5173', 5173)).toBe('redirect');
    expect(checkHost('127.0.0.1:5174', 5173)).toBe('refuse');
    expect(checkHost('rebind.attacker.test:5173', 5173)).toBe('refuse');
    expect(checkHost('127.0.0.1', 5173)).toBe('refuse');
    expect(checkHost(undefined, 5173)).toBe('refuse');
  });
});

describe('parseCspReport', () => {
  const report = (r: Record<string, unknown>) => JSON.stringify({ 'csp-report': r });

  it('names the blocked origin and the exact manifest line that allows it', () => {
    const entry = parseCspReport(
      report({ 'effective-directive': 'connect-src', 'blocked-uri': 'https://tracker.example.net/p?id=1' }),
      'component:acme.x.card',
      ['https://api.example.com'],
    );
    expect(entry).toEqual({
      surface: 'component:acme.x.card',
      directive: 'connect-src',
      blocked: 'https://tracker.example.net/p?id=1',
      origin: 'https://tracker.example.net',
      fix: 'Add "https://tracker.example.net" to capabilities.network in manifest.json: "network": ["https://api.example.com","https://tracker.example.net"]',
    });
  });

  it('says that other kinds of load cannot be declared', () => {
    const entry = parseCspReport(
      report({ 'violated-directive': 'img-src', 'blocked-uri': 'https://cdn.example.com/a.png' }),
      's',
      [],
    );
    expect(entry?.origin).toBeNull();
    expect(entry?.fix).toContain('allows no img loads');
  });

  it('ignores bodies that are not CSP reports', () => {
    expect(parseCspReport('not json', 's', [])).toBeUndefined();
    expect(parseCspReport('{"csp-report": 1}', 's', [])).toBeUndefined();
    expect(parseCspReport('{"csp-report": {}}', 's', [])).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { REPORT_PATH, checkReport, newReportSecret } from './report-gate.js';
import { parseRequestUrl } from './routes.js';

describe('checkReport', () => {
  const secret = newReportSecret();
  const at = REPORT_PATH + secret;

  it("accepts a browser-typed report at this session's secret path", () => {
    expect(checkReport(at, 'application/csp-report', secret)).toEqual({ ok: true });
    expect(checkReport(at, 'application/csp-report; charset=utf-8', secret)).toEqual({ ok: true });
  });

  it('refuses a missing, wrong or partial secret with 403', () => {
    for (const path of [
      '/__extkit/csp-report',
      REPORT_PATH,
      REPORT_PATH + secret.slice(1),
      `${at}x`,
      REPORT_PATH + newReportSecret(),
    ]) {
      expect(checkReport(path, 'application/csp-report', secret), path).toMatchObject({ ok: false, status: 403 });
    }
  });

  it('refuses the content types another origin can send without a preflight with 415', () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json',
      'application/reports+json',
      undefined,
    ]) {
      expect(checkReport(at, type, secret), String(type)).toMatchObject({ ok: false, status: 415 });
    }
  });

  it('makes a new secret each session', () => {
    expect(newReportSecret()).not.toBe(newReportSecret());
    expect(newReportSecret()).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});

describe('parseRequestUrl', () => {
  const origin = 'http://127.0.0.1:5173';
  it('decodes the path and keeps the query', () => {
    const url = parseRequestUrl('/__extkit/frame/component%3Aacme.x.card?r=2', origin);
    expect(url?.path).toBe('/__extkit/frame/component:acme.x.card');
    expect(url?.query.get('r')).toBe('2');
  });

  it('answers null for malformed escapes, NUL bytes and targets that are not paths', () => {
    for (const target of [
      '/__extkit/frame/%E0%A4%A',
      '/%',
      '/a%00b',
      '*',
      'http://evil.example/',
      '//evil.example/x',
      undefined,
    ]) {
      expect(parseRequestUrl(target, origin), String(target)).toBeNull();
    }
  });
});

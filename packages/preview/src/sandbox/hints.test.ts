import { describe, expect, it } from 'vitest';
import { RISKY_MARKUP, stripRel } from './hints.js';

describe('stripRel', () => {
  it('removes preconnect and dns-prefetch the way browsers tokenize rel (ASCII whitespace, any case), keeping the rest', () => {
    expect(stripRel('preconnect')).toEqual({ kept: '', blocked: ['preconnect'] });
    expect(stripRel(' \tPreConnect\nicon\fDNS-PREFETCH\r')).toEqual({
      kept: 'icon',
      blocked: ['preconnect', 'dns-prefetch'],
    });
    expect(stripRel('stylesheet')).toEqual({ kept: 'stylesheet', blocked: [] });
  });

  it('leaves what only looks alike, and returns an untouched value as given', () => {
    const value = '  preconnect-ish\u00a0dns-prefetch x ';
    expect(stripRel(value)).toEqual({ kept: value, blocked: [] });
    expect(stripRel('')).toEqual({ kept: '', blocked: [] });
  });
});

describe('RISKY_MARKUP', () => {
  it('catches every spelling that can make a link or a nested frame', () => {
    for (const html of [
      '<link rel=preconnect>',
      '<LINK>',
      '<h:link xmlns:h="http://www.w3.org/1999/xhtml"/>',
      '<iframe src="about:blank">',
      '<IFRAME>',
      '<frameset><frame>',
      '<object data=x>',
      '<h:embed/>',
    ]) {
      expect(RISKY_MARKUP.test(html), html).toBe(true);
    }
    for (const html of ['<p>a link</p>', '<a href="/link">x</a>', '<p>an iframe, an object</p>'])
      expect(RISKY_MARKUP.test(html), html).toBe(false);
  });
});

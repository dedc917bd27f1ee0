// The plain-form patterns are the fast paths of the entry and network rules: whatever they
// accept must be what the full analysis accepts without a word. These properties hold them to it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Reporter } from '../diagnostics.js';
import { analyseEntry, isPlainScriptPath } from './entry.js';
import { checkOrigin, isCanonicalSecure } from './network.js';

const from = (chars: string, maxLength = 24) => fc.string({ unit: fc.constantFrom(...chars), maxLength });
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) => fc.oneof({ weight: 6, arbitrary: good }, { weight: 1, arbitrary: bad });

describe('the plain entry pattern', () => {
  const pathish = fc.oneof(
    from('ab./-_@+~%\\?#:js', 16),
    fc
      .tuple(mostly(fc.constantFrom('', './'), fc.constantFrom('/', '../', '.')), fc.array(mostly(from('ab-_@+~', 6), from('ab.-_%~\\', 6)), { maxLength: 4 }), mostly(from('ab', 3), fc.constant('')), mostly(fc.constantFrom('.js', '.mjs'), fc.constantFrom('.cjs', 'js', '', '.js/', '.JS')))
      .map(([head, segments, last, ext]) => head + [...segments, last].join('/') + ext),
  );

  it('accepts only entries the full analysis accepts without a diagnostic', () => {
    let plain = 0;
    fc.assert(
      fc.property(pathish, (entry) => {
        if (!isPlainScriptPath(entry)) return;
        plain++;
        const reporter = new Reporter();
        expect(analyseEntry(entry, reporter)).toBe(true);
        expect([...reporter.errors, ...reporter.warnings]).toEqual([]);
      }),
      { numRuns: 5000 },
    );
    expect(plain).toBeGreaterThan(500);
  });

  it.each(['dist/index.js', './dist/index.mjs', 'index.js', 'a/b.c/d_e-f@1+x~.js'])('takes %s', (entry) => expect(isPlainScriptPath(entry)).toBe(true));
  it.each(['.js', 'dist/.x.js', 'dist//x.js', 'dist/../x.js', '/x.js', 'x.cjs', 'x.js/', 'a\\b.js', '%2e%2e/x.js', 'x.JS'])('leaves %s to the full analysis', (entry) => expect(isPlainScriptPath(entry)).toBe(false));
});

describe('the canonical origin pattern', () => {
  const label = mostly(fc.tuple(from('az', 1), from('abz09-', 7)).map(([a, b]) => a + b), fc.oneof(from('abz09-', 8), fc.constantFrom('xn--a', 'xn--nxasmq6b', '0x1f', '1', 'A', '')));
  const originish = fc.oneof(
    fc
      .tuple(mostly(fc.constantFrom('https://', 'wss://'), fc.constantFrom('http://', 'HTTPS://', 'https:/', 'ws://')), fc.array(label, { minLength: 1, maxLength: 4 }), mostly(fc.constantFrom('', ':8443', ':1', ':9999'), fc.constantFrom(':443', ':0', ':99999', ':', '/', ':80', ':08')))
      .map(([scheme, labels, port]) => scheme + labels.join('.') + port),
    from('htps:/.az09-x', 30),
  );

  it('accepts only origins the URL parser serializes as they are written, with nothing to report', () => {
    let canonical = 0;
    fc.assert(
      fc.property(originish, (entry) => {
        if (!isCanonicalSecure(entry)) return;
        canonical++;
        const reporter = new Reporter();
        expect(checkOrigin(entry, '/capabilities/network/0', reporter)).toBe(entry);
        expect([...reporter.errors, ...reporter.warnings]).toEqual([]);
      }),
      { numRuns: 5000 },
    );
    expect(canonical).toBeGreaterThan(500);
  });

  it.each(['https://api.weather.example', 'wss://a.example:8443', 'https://a-b.c0.example:1', 'https://localhost'])('takes %s', (origin) => expect(isCanonicalSecure(origin)).toBe(true));
  it.each(['https://1.2.3.4', 'https://a.0x1f', 'https://xn--a.example', 'https://a.xn--zz', 'https://a.example:443', 'https://A.example', 'http://a.example', 'https://a.example/', 'https://a..b', 'https://.a', 'https://a.'])('leaves %s to the full analysis', (origin) => expect(isCanonicalSecure(origin)).toBe(false));
});

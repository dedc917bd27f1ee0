// The plain-form patterns are the fast paths of the entry and network rules: whatever they
// accept must be what the full analysis accepts without a word. These properties hold them to it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Reporter } from '../diagnostics.js';
import { analyseEntry, isPlainScriptPath } from './entry.js';
import { checkOrigin, isCanonicalSecure } from './network.js';
import { COMPONENT_ID, componentIdPattern, KEBAB_CASE, SEMVER } from '../patterns.js';

const from = (chars: string, maxLength = 24) => fc.string({ unit: fc.constantFrom(...chars), maxLength });
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 6, arbitrary: good }, { weight: 1, arbitrary: bad });

describe('the plain entry pattern', () => {
  const pathish = fc.oneof(
    from('ab./-_@+~%\\?#:js', 16),
    fc
      .tuple(
        mostly(fc.constantFrom('', './'), fc.constantFrom('/', '../', '.')),
        fc.array(mostly(from('ab_@+', 6), from('ab.-_%~\\', 6)), { maxLength: 4 }),
        mostly(from('ab', 3), fc.constant('')),
        mostly(fc.constantFrom('.js', '.mjs'), fc.constantFrom('.cjs', 'js', '', '.js/', '.JS')),
      )
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

  it.each(['dist/index.js', './dist/index.mjs', 'index.js', 'a/b.c/d_e-f@1+x.js'])('takes %s', (entry) =>
    expect(isPlainScriptPath(entry)).toBe(true),
  );
  it.each([
    '.js',
    'dist/.x.js',
    'dist//x.js',
    'dist/../x.js',
    '/x.js',
    'x.cjs',
    'x.js/',
    'a\\b.js',
    '%2e%2e/x.js',
    'x.JS',
  ])('leaves %s to the full analysis', (entry) => expect(isPlainScriptPath(entry)).toBe(false));
});

describe('the canonical origin pattern', () => {
  const label = mostly(
    fc.tuple(from('az', 1), from('abz09-', 7)).map(([a, b]) => a + b),
    fc.oneof(from('abz09-', 8), fc.constantFrom('xn--a', 'xn--nxasmq6b', '0x1f', '1', 'A', '')),
  );
  const originish = fc.oneof(
    fc
      .tuple(
        mostly(fc.constantFrom('https://', 'wss://'), fc.constantFrom('http://', 'HTTPS://', 'https:/', 'ws://')),
        fc.array(label, { minLength: 1, maxLength: 4 }),
        mostly(
          fc.constantFrom('', ':8443', ':1', ':9999'),
          fc.constantFrom(':443', ':0', ':99999', ':', '/', ':80', ':08'),
        ),
      )
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

  it.each(['https://api.weather.example', 'wss://a.example:8443', 'https://a-b.c0.example:1'])('takes %s', (origin) =>
    expect(isCanonicalSecure(origin)).toBe(true),
  );
  it.each([
    'https://localhost',
    'https://api.localhost:8443',
    'https://1.2.3.4',
    'https://a.0x1f',
    'https://xn--a.example',
    'https://a.xn--zz',
    'https://a.example:443',
    'https://A.example',
    'http://a.example',
    'https://a.example/',
    'https://a..b',
    'https://.a',
    'https://a.',
  ])('leaves %s to the full analysis', (origin) => expect(isCanonicalSecure(origin)).toBe(false));
});

// The published JSON Schema checks entries, origins and routes with the patterns of patterns.ts;
// the rules say the same with their own codes. These properties hold each pair to one verdict.
import { ENTRY, ORIGIN, ROUTE } from '../patterns.js';
import { validateManifest } from '../validate.js';

const errorsAt = (pointer: string, edit: (m: Record<string, unknown>) => void): boolean => {
  const m: Record<string, unknown> = {
    id: 'w',
    name: 'W',
    version: '1.0.0',
    entry: 'dist/index.js',
    hostAbi: 1,
    contributes: { console: { shell: true } },
  };
  edit(m);
  return validateManifest(m, { publisher: 'acme' }).errors.some(
    (d) => d.path === pointer || d.path.startsWith(pointer + '/'),
  );
};

describe('the schema patterns and the rules agree', () => {
  const chars = (set: string, maxLength = 14) => fc.string({ unit: fc.constantFrom(...set), maxLength });

  it('entry: the pattern matches exactly the entries the rules accept', () => {
    const entry = new RegExp(ENTRY, 'u');
    fc.assert(
      fc.property(
        fc.oneof(
          chars('ab./\\%?#:-_ \u0000'),
          fc.string({ maxLength: 12 }),
          fc.constantFrom('.', './.', '..', 'a/..', 'a/../b.js', 'C:/x.js', '//h/x.js', 'data:x', 'a/.b.js'),
        ),
        (value) => {
          if (value === '') return;
          expect(entry.test(value), JSON.stringify(value)).toBe(!errorsAt('/entry', (m) => (m.entry = value)));
        },
      ),
      { numRuns: 4000 },
    );
  }, 120_000);

  it('routes: the pattern matches exactly the routes the rules accept', () => {
    const route = new RegExp(ROUTE, 'u');
    fc.assert(
      fc.property(
        fc.oneof(
          chars('ab./\\?# '),
          fc.string({ maxLength: 10 }).map((s) => '/' + s),
        ),
        (value) => {
          if (value === '') return;
          expect(route.test(value), JSON.stringify(value)).toBe(
            !errorsAt('/contributes/console/routes', (m) => (m.contributes = { console: { routes: [value] } })),
          );
        },
      ),
      { numRuns: 4000 },
    );
  }, 120_000);

  it('origins: whatever the rules accept, the pattern matches (it never calls a good origin an error)', () => {
    const origin = new RegExp(ORIGIN, 'u');
    const host = fc.oneof(
      chars('abAB09.-_', 12),
      fc.constantFrom('[::1]', '[2001:db8::1]', 'xn--nxasmq6b.example', '1.2.3.4', 'localhost'),
    );
    const originish = fc
      .tuple(
        fc.constantFrom('https://', 'HTTP://', 'wss://', 'ws://', 'ftp://', 'https:/', ''),
        host,
        fc.constantFrom('', ':443', ':8080', ':65535', ':65536', ':', '/', '/x', '?q', '#f', '\\x'),
        fc.constantFrom('', '@', '*.'),
      )
      .map(([s, h, p, extra]) => s + extra + h + p);
    let accepted = 0;
    fc.assert(
      fc.property(originish, (value) => {
        if (errorsAt('/capabilities/network', (m) => (m.capabilities = { network: [value] }))) {
          return;
        }
        accepted++;
        expect(origin.test(value), JSON.stringify(value)).toBe(true);
      }),
      { numRuns: 4000 },
    );
    expect(accepted).toBeGreaterThan(150);
  }, 120_000);

  // The other way, the pattern cannot run the URL parser: these it matches, and only the rules refuse.
  it.each(['https://1.2.3.999', 'https://xn--a.example'])(
    'origins: the pattern cannot tell %s is no host (the rules can)',
    (value) => {
      expect(new RegExp(ORIGIN, 'u').test(value)).toBe(true);
      expect(errorsAt('/capabilities/network', (m) => (m.capabilities = { network: [value] }))).toBe(true);
    },
  );
});

// The list patterns are written with lookarounds so that no repeated group keeps an entry per
// repetition (a string of millions of them exhausted the engine). These are the forms they
// replace, as semver.org and the kebab-case rule write them: the languages must be the same.
describe('the list patterns, against the repeated-group forms they replace', () => {
  const part = '[a-z0-9]+(?:-[a-z0-9]+)*';
  const reference = {
    kebab: [new RegExp(`^${part}$`), new RegExp(KEBAB_CASE)],
    component: [new RegExp(`^${part}\\.${part}\\.${part}$`), new RegExp(COMPONENT_ID)],
    namespace: [
      new RegExp(`^acme\\.weather-widget\\.${part}$`),
      new RegExp(componentIdPattern('acme', 'weather-widget')),
    ],
    semver: [
      /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/,
      new RegExp(SEMVER),
    ],
    route: [
      new RegExp(String.raw`^\/(?!\/)(?!(?:[^\/]*\/)*\.\.?(?:\/|$))[^\s?#\\\u0000-\u001f\u007f]*$`, 'u'),
      new RegExp(ROUTE, 'u'),
    ],
  } as const;
  const agree = (name: keyof typeof reference, s: string) => {
    const [old, now] = reference[name];
    expect([s, now.test(s)]).toEqual([s, old.test(s)]);
    if (name === 'semver') expect(now.exec(s)?.slice(1)).toEqual(old.exec(s)?.slice(1));
  };

  it('accept the same strings, made of the characters that matter', () => {
    fc.assert(
      fc.property(from('ab09-.A_\n', 14), (s) => (agree('kebab', s), agree('component', s))),
      { numRuns: 4_000 },
    );
    fc.assert(
      fc.property(from('acmeweather-widget.09-', 30), (s) => agree('namespace', s)),
      { numRuns: 4_000 },
    );
    fc.assert(
      fc.property(from('0129ab-.+Z', 14), (s) => agree('semver', s)),
      { numRuns: 4_000 },
    );
    fc.assert(
      fc.property(from('./a\u2028\n\\%:', 12), (s) => agree('route', s)),
      { numRuns: 4_000 },
    );
  });

  it('accept the same ids and versions, made of parts', () => {
    const word = fc.oneof(fc.constantFrom('', '-', 'a', '0', 'a-b', 'a--b', '-a', 'a-', 'A'), from('ab0-', 4));
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), (parts) => {
        agree('component', parts.join('.'));
        agree('kebab', parts.join('-'));
        agree('namespace', `acme.weather-widget.${parts.join('-')}`);
      }),
      { numRuns: 4_000 },
    );
    const identifier = fc.oneof(
      fc.constantFrom('0', '00', '01', '1', '10', 'a', '0a', 'a0', '-', '--', '0-', ''),
      from('01a-', 4),
    );
    fc.assert(
      fc.property(
        fc.array(identifier, { maxLength: 4 }),
        fc.array(identifier, { maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        (pre, build, hasPre, hasBuild) => {
          agree('semver', `1.2.3${hasPre ? `-${pre.join('.')}` : ''}${hasBuild ? `+${build.join('.')}` : ''}`);
        },
      ),
      { numRuns: 4_000 },
    );
  });

  it('answer for strings of millions of parts, where the forms they replace throw', () => {
    const parts = Array.from({ length: 5_000_000 }, () => 'a');
    const kebab = parts.join('-');
    const dotted = parts.join('.');
    expect(() => reference.kebab[0].test(kebab)).toThrow(RangeError);
    expect(new RegExp(KEBAB_CASE).test(kebab)).toBe(true);
    expect(new RegExp(COMPONENT_ID).test(`acme.w.${kebab}`)).toBe(true);
    // Kit policy bounds a version to 128 characters: the answer comes at once, and it is no.
    expect(new RegExp(SEMVER).test(`1.0.0-${dotted}+${dotted}`)).toBe(false);
    expect(new RegExp(SEMVER).test(`1.0.0-${dotted}.01`)).toBe(false);
    // The schema's route pattern looks for a ".." segment with a class repeated alone too; the entry's
    // bounds its length (1,020 characters, an artifact path) before its segments are matched.
    const slashed = parts.join('/');
    expect(new RegExp(ENTRY, 'u').test(`${slashed}.js`)).toBe(false);
    expect(new RegExp(ENTRY, 'u').test(`${slashed.slice(0, 1015)}.js`)).toBe(true);
    expect(new RegExp(ENTRY, 'u').test(`${slashed}/../x.js`)).toBe(false);
    expect(new RegExp(ROUTE, 'u').test(`/${slashed}`)).toBe(true);
    expect(new RegExp(ROUTE, 'u').test(`/${slashed}/./x`)).toBe(false);
  });
});

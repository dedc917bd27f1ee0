import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minimal } from './__fixtures__/minimal.js';
import { growth } from './diff/__fixtures__/linear.js';
import { parseManifestText, validateManifestText } from './parse.js';
import { diagnosticPositions } from './text/positions.js';
import { validateManifest } from './validate.js';

const valid = minimal;

function parseAndValidate(text: string) {
  const parsed = parseManifestText(text);
  if (!parsed.ok) throw new Error(`unexpected parse failure: ${parsed.diagnostic.message}`);
  return validateManifest(parsed.value, { publisher: 'acme' });
}

describe('hostile input', () => {
  it('__proto__ and constructor keys pollute nothing and survive as plain data', () => {
    const withProtoKey = JSON.stringify(valid).replace(
      /}$/,
      ',"__proto__":{"polluted":true},"config":{"fields":[{"key":"__proto__","label":"P","type":"string"},{"key":"constructor","label":"C","type":"number"}],' +
        '"defaults":{"__proto__":"x","constructor":"3","toString":1}}}',
    );
    const r = parseAndValidate(withProtoKey);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    const defaults = r.manifest!.config!.defaults!;
    expect(Object.getPrototypeOf(defaults)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(defaults, '__proto__')?.value).toBe('x');
    expect(Object.getOwnPropertyDescriptor(defaults, 'constructor')?.value).toBe(3);
    expect(r.warnings.map((d) => d.path)).toEqual(expect.arrayContaining(['/__proto__', '/config/defaults/toString']));
  });

  it('function binding keys such as "constructor" are not mistaken for components', () => {
    const r = validateManifest(
      {
        ...valid,
        contributes: {
          site: { components: ['acme.w.card'], functionBindings: { constructor: 'fn', __proto__: 'fn' } },
        },
      },
      { publisher: 'acme' },
    );
    expect(r.errors.map((d) => d.code)).toContain('contributes.site.functionBindings.unknown_component');
  });

  it('answers 20,000 levels of nesting at the root and below a key', () => {
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    const root = parseManifestText(deep);
    expect(root.ok).toBe(true);
    expect(validateManifest(root.ok ? root.value : null).errors[0]!.code).toBe('manifest.not_object');
    for (const key of ['extra', 'capabilities', 'config']) {
      const r = parseAndValidate(JSON.stringify(valid).replace(/}$/, `,"${key}":${deep}}`));
      expect(r.valid).toBe(key === 'extra');
      JSON.stringify(r);
    }
    const inDefaults = parseAndValidate(
      JSON.stringify({
        ...valid,
        config: { fields: [{ key: 'a', label: 'A', type: 'string' }], defaults: { a: 0 } },
      }).replace('"a":0', `"a":${deep}`),
    );
    expect(inDefaults.errors.map((d) => d.code)).toEqual(['config.defaults.not_coercible']);
  });

  it('answers 130,000 repeats of one key (a spread of that many findings into one call overflowed the stack)', () => {
    const text = JSON.stringify(valid).replace(/}$/, `,${'"a":1,'.repeat(130_000)}"a":1}`);
    const { report } = validateManifestText(text, { publisher: 'acme' });
    // Kit policy: the first 10,000 one each, the next counts the rest (1.5 million in 9 MB made a report no string could hold).
    const repeats = report.warnings.filter((d) => d.code === 'json.duplicate_key');
    expect(repeats).toHaveLength(10_001);
    expect(repeats[9_999]!.message).toMatch(/the earlier one is ignored: keep one$/);
    expect(repeats[10_000]!.message).toMatch(
      /^"a" appears again in the same object \(first at line 1, column \d+\), and 119,999 more repeated keys after it; JSON parsers keep the last value, so the earlier ones are ignored: keep one of each \(kit policy: a manifest's first 10,000 repeated keys are reported one each, the rest in this one finding\)$/,
    );
    expect(diagnosticPositions(text, report.warnings)).toHaveLength(report.warnings.length);
  });

  // A walk that searched for the next line break from each value ran on to the end of a long
  // line every time: quadratic in a minified manifest (over 30 times the cost for 8 times the keys).
  it('answers minified manifests of unknown keys in time linear in their size', () => {
    // As `extkit validate` places them (told whether keys repeat), and as any caller does. Past
    // 10,000 the validator counts unknown keys in one finding (kit policy): a pointer to every
    // key is placed besides, so that the walk still answers for as many places as the text has keys.
    const run = (text: string, every: Array<{ path: string }>) => {
      const { report, keysRepeat } = validateManifestText(text, { publisher: 'acme' });
      diagnosticPositions(text, [...report.errors, ...report.warnings], { keysRepeat });
      diagnosticPositions(text, [...report.errors, ...report.warnings]);
      diagnosticPositions(text, every, { keysRepeat });
      diagnosticPositions(text, every);
    };
    const keys = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `"k${from + i}":1`).join(',');
    const shapes: Record<string, (n: number) => string> = {
      // All on one line.
      minified: (n) => JSON.stringify(valid).replace(/}$/, `,${keys(n)}}`),
      // Some keys a line (the walk reads them from the text), more on one line, then a long string.
      mixed: (n) =>
        `{\n${Array.from({ length: n / 4 }, (_, i) => `"p${i}": 1,\n`).join('')}${keys(n)},"id":"w","description":"${'x'.repeat(n * 20)}","0":1}`,
    };
    for (const [name, make] of Object.entries(shapes)) {
      const texts = new Map([2_000, 20_000, 160_000].map((n) => [n, make(n)]));
      const every = new Map(
        [...texts].map(([n, text]) => [n, Object.keys(JSON.parse(text) as object).map((key) => ({ path: `/${key}` }))]),
      );
      const at = (n: number) => run(texts.get(n)!, every.get(n)!);
      at(2_000); // compiled before it is timed
      expect(growth(at, 20_000), name).toBeLessThan(24);
    }
    // The ratio is what is held; a busy machine stretches the turns' wall time (up to 8 s of CPU a shape).
  }, 120_000);

  it('answers a 10 MB manifest', () => {
    const big = JSON.stringify({ ...valid, description: 'd'.repeat(10 * 1024 * 1024) });
    const r = parseAndValidate(big);
    expect(r.errors.map((d) => d.code)).toEqual(['description.too_long']);
  });

  it('answers a manifest whose one string is 10 MB of escapes (the repeated-key count falls back to a walk)', () => {
    const r = parseManifestText(JSON.stringify({ ...valid, description: '\\'.repeat(5 * 1024 * 1024) }));
    expect(r.ok && r.warnings).toEqual([]);
  });

  it('reports a syntax error deep in a 20,000-level document without a stack overflow', () => {
    const r = parseManifestText('['.repeat(20_000) + '}');
    expect(!r.ok && r.diagnostic.code).toBe('json.syntax');
  });

  it('answers for a list of thousands of ids of a thousand hyphens each, which exhausts the engine in one native match', () => {
    // 2,047 short ids, then 2,049 ids of 1,700 hyphenated parts, one a line (7 MB), repeats of one
    // id or all different: a match over a run of them exhausts the engine's backtracking stack, and
    // the pass reads those ids with shorter runs.
    const long = (i: number) => `acme.weather-widget.${Array.from({ length: 1_700 }, () => 'a').join('-')}${i}`;
    for (const repeated of [true, false]) {
      const ids = [
        ...Array.from({ length: 2_047 }, (_, i) => `acme.weather-widget.c${i}`),
        ...Array.from({ length: 2_049 }, (_, i) => long(repeated ? 0 : i)),
      ];
      const text = JSON.stringify(
        { ...valid, id: 'weather-widget', contributes: { site: { components: ids } } },
        null,
        2,
      );
      const { report } = validateManifestText(text, { publisher: 'acme' });
      expect(report.valid).toBe(true);
      const repeats = report.warnings.filter((d) => d.code === 'contributes.site.components.duplicate');
      expect(repeats).toHaveLength(repeated ? 2_048 : 0);
      if (!repeated) continue;
      const line = text.split('\n').findIndex((l) => l.includes(long(0))) + 1;
      expect(diagnosticPositions(text, [repeats[0]!, repeats[2_047]!])).toEqual([
        { line: line + 1, column: 9 },
        { line: line + 2_048, column: 9 },
      ]);
    }
  });
});

describe('one string of millions of parts', () => {
  // A repeated group in a pattern keeps an entry per repetition: ids, versions, entries and
  // origins of five million parts (10 MB) threw in the engine before they were checked.
  const parts = Array.from({ length: 5_000_000 }, () => 'a');
  const base = { ...valid, contributes: { console: { shell: true } } };
  const cases: Array<[string, object, string[]]> = [
    ['an id', { ...base, id: parts.join('-') }, []],
    ['a version', { ...base, version: `1.0.0-${parts.join('.')}` }, ['version.not_semver']],
    ['a component id', { ...base, contributes: { site: { components: [`acme.w.${parts.join('-')}`] } } }, []],
    ['an entry', { ...base, entry: `${parts.join('/')}.js` }, ['entry.unsafe_path']],
    ['a network origin', { ...base, capabilities: { network: [`https://${parts.join('.')}`] } }, []],
  ];
  it.each(cases)('gets an answer for %s', (_, manifest, errors) => {
    const { report } = validateManifestText(JSON.stringify(manifest), { publisher: 'acme' });
    expect(report.errors.map((d) => d.code)).toEqual(errors);
  });
});

describe('a manifest id too long to compile into the component pass', () => {
  // Over 256 characters of publisher and id, ids are compared as parts, not matched by one
  // expression (tens of thousands of characters make one the engine refuses). The report must be
  // the one the same list gets under a short id, the long id in place of the short one (codes, pointers, places).
  const short = 'weather-widget';
  const long = Array.from({ length: 200 }, (_, i) => `w${i}`).join('-');
  it('reports what a short id reports, for ids in the namespace, outside it, out of form and repeated', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom('acme', 'other', 'A', 'a-', ''),
            fc.constantFrom('ID', 'elsewhere', 'ID-x', ''),
            fc.constantFrom('card', 'b-2', 'x.y', '-z', 'Q', ''),
          ),
          { maxLength: 30 },
        ),
        fc.constantFrom('acme', undefined),
        fc.boolean(),
        (parts, publisher, pretty) => {
          const ids = parts.map(([p, x, r]) => `${p}.${x}.${r}`);
          const report = (id: string) => {
            const text = JSON.stringify(
              {
                ...valid,
                id,
                contributes: { site: { components: [...ids, ...ids.slice(0, 3)].map((s) => s.replaceAll('ID', id)) } },
              },
              null,
              pretty ? 2 : undefined,
            );
            const { report } = validateManifestText(text, { publisher });
            const all = [...report.errors, ...report.warnings];
            // Messages quote a long string cut short, so codes and pointers are compared. On one
            // line the long id moves every column after it; one element a line, nothing it precedes.
            return {
              valid: report.valid,
              found: all.map((d) => [d.code, d.path]),
              manifest: report.manifest,
              positions: pretty ? diagnosticPositions(text, all) : [],
            };
          };
          expect(JSON.parse(JSON.stringify(report(long)).replaceAll(long, short))).toEqual(
            JSON.parse(JSON.stringify(report(short))),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('names a long id and publisher shortened in each finding, so that the report grows with the list, not with the list times the id', () => {
    const id = Array.from({ length: 50_000 }, () => 'a').join('-');
    const publisher = Array.from({ length: 500 }, () => 'p').join('-');
    const text = JSON.stringify({
      ...valid,
      id,
      contributes: { site: { components: Array.from({ length: 1_000 }, (_, i) => `other.elsewhere.c${i}`) } },
    });
    const { report } = validateManifestText(text, { publisher });
    expect(report.errors).toHaveLength(2_000);
    expect(report.errors.every((d) => d.message.length < 400)).toBe(true);
    expect(report.errors[1]!.message).toBe(
      `component "other.elsewhere.c0" names extension "elsewhere", but this manifest's id is "${id.slice(0, 57)}..."; use "${publisher.slice(0, 57)}....${id.slice(0, 57)}....c0"`,
    );
  });

  it('answers for an id of 60,000 characters and the components that carry it (main threw: "Regular expression too large")', () => {
    const id = Array.from({ length: 30_000 }, () => 'a').join('-');
    const text = JSON.stringify(
      {
        ...valid,
        id,
        contributes: {
          site: { components: Array.from({ length: 100 }, (_, i) => `acme.${id}.c${i % 10 === 9 ? i - 1 : i}`) },
        },
      },
      null,
      2,
    );
    const { report } = validateManifestText(text, { publisher: 'acme' });
    expect(report.valid).toBe(true);
    expect(report.warnings.map((d) => d.code)).toEqual(
      Array.from({ length: 10 }, () => 'contributes.site.components.duplicate'),
    );
  });
});

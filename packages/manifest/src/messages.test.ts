// The words: every message names the right reason, the right thing, and nothing a program made up.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseManifestText, SYNTAX_REASONS, validateManifestText } from './parse.js';
import { validateManifest } from './validate.js';

const valid = {
  id: 'weather-widget',
  name: 'Weather',
  version: '1.0.0',
  entry: 'dist/index.js',
  hostAbi: 1,
  contributes: { site: { components: ['acme.weather-widget.card'] } },
};

const syntax = (text: string): string => {
  const r = parseManifestText(text);
  if (r.ok) throw new Error(`parsed: ${text}`);
  expect(r.diagnostic.code).toBe('json.syntax');
  return r.diagnostic.message;
};

describe('JSON syntax errors name the right reason', () => {
  // One input per jsonc-parser error code that strict JSON can produce, with where it is.
  const cases: Array<[keyof typeof SYNTAX_REASONS, string, string]> = [
    ['InvalidSymbol', '{"id": @}', 'line 1, column 8'],
    ['PropertyNameExpected', '{"id": "w",}', 'line 1, column 12'],
    ['ValueExpected', '{"id": }', 'line 1, column 8'],
    ['ColonExpected', '{"id" "w"}', 'line 1, column 7'],
    ['CommaExpected', '{"id": "w" "name": "x"}', 'line 1, column 12'],
    ['CloseBraceExpected', '{\n  "id": "w"\n', 'line 3, column 1'],
    ['CloseBracketExpected', '[1, 2\n', 'line 2, column 1'],
    ['EndOfFileExpected', '{"id": "w"}\n{"id": "x"}', 'line 2, column 1'],
    ['InvalidCommentToken', '{\n  // the id\n  "id": "w"\n}', 'line 2, column 3'],
    ['UnexpectedEndOfString', '{"id": "w', 'line 1, column 8'],
    ['UnexpectedEndOfNumber', '{"hostAbi": 1.}', 'line 1, column 13'],
    ['InvalidUnicode', '{"id": "\\u12"}', 'line 1, column 8'],
    ['InvalidEscapeCharacter', '{"id": "\\q"}', 'line 1, column 8'],
    ['InvalidCharacter', '{"id": "a\tb"}', 'line 1, column 8'],
  ];
  it.each(cases)('%s', (name, text, where) => {
    expect(syntax(text)).toBe(`not valid JSON: ${SYNTAX_REASONS[name]} at ${where}`);
  });

  it('an unclosed block comment is reported as a comment (with comments disallowed, jsonc-parser never reaches UnexpectedEndOfComment)', () => {
    expect(syntax('{} /* never closed')).toContain(SYNTAX_REASONS.InvalidCommentToken);
    expect(SYNTAX_REASONS.UnexpectedEndOfComment).toMatch(/comment that is never closed/);
  });

  it('InvalidNumberFormat, which jsonc-parser raises only for a number token Number() refuses, still reads right', () => {
    expect(SYNTAX_REASONS.InvalidNumberFormat).toBe('invalid number');
  });

  it('has a reason for every jsonc-parser error code, no two alike', () => {
    const reasons = Object.values(SYNTAX_REASONS);
    expect(reasons).toHaveLength(16);
    expect(new Set(reasons).size).toBe(16);
  });
});

describe('text encodings', () => {
  const text = JSON.stringify(valid);
  const utf16le = Buffer.from(text, 'utf16le');
  const utf16be = Buffer.from(utf16le).swap16();
  it.each([
    ['UTF-16 little-endian without a byte order mark', utf16le, 'UTF-16 (little-endian, without a byte order mark)'],
    ['UTF-16 big-endian without a byte order mark', utf16be, 'UTF-16 (big-endian, without a byte order mark)'],
    [
      'UTF-16 little-endian with a byte order mark',
      Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le]),
      'UTF-16 (little-endian, with a byte order mark)',
    ],
    [
      'UTF-16 big-endian with a byte order mark',
      Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be]),
      'UTF-16 (big-endian, with a byte order mark)',
    ],
  ])('names %s', (_, bytes, name) => {
    const r = parseManifestText(new Uint8Array(bytes));
    expect(!r.ok && r.diagnostic).toMatchObject({
      code: 'json.invalid_utf8',
      message: `the file is ${name}, not UTF-8; save it as UTF-8`,
    });
  });

  it('still reads UTF-8 with a byte order mark', () => {
    expect(
      parseManifestText(new Uint8Array(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).ok,
    ).toBe(true);
  });
});

const messages = (input: unknown, publisher?: string) => {
  const r = validateManifest(input, publisher === undefined ? {} : { publisher });
  return [...r.errors, ...r.warnings];
};
const find = (input: unknown, code: string, publisher?: string) =>
  messages(input, publisher).find((d) => d.code === code)?.message;

describe('messages say the right thing', () => {
  it('call a config field by its key, or by its index when it has no key, never one for the other', () => {
    const fields = [
      { key: 5, label: 'L', type: 'select' },
      { label: 'L', type: 'string', min: 1 },
      { key: { a: 1 }, label: 'L', type: 'number', min: 3, max: 1 },
    ];
    const all = messages({ ...valid, config: { fields } });
    expect(all.find((d) => d.code === 'config.fields.options.missing')?.message).toMatch(
      /^the config field at index 0 \(config\.fields\[0\]\) is a select/,
    );
    expect(all.find((d) => d.code === 'config.fields.range_ignored')?.message).toBe(
      'min applies to number fields only; the config field at index 1 (config.fields[1]) is a string field',
    );
    expect(all.find((d) => d.code === 'config.fields.range_inverted')?.message).toBe(
      'the config field at index 2 (config.fields[2]) has min 3 greater than max 1',
    );
    expect(all.find((d) => d.code === 'config.fields.key.wrong_type')?.message).toBe(
      'config.fields[0].key must be a string, got the number 5',
    );
  });

  it('quote keys with dots (and all-digit keys) in paths, so they read as one key', () => {
    const input = {
      ...valid,
      contributes: {
        site: { components: ['acme.weather-widget.card'], functionBindings: { 'acme.weather-widget.card': 5 } },
      },
      config: { defaults: { 'a.b': 1 } },
    };
    expect(find(input, 'contributes.site.functionBindings.wrong_type')).toBe(
      'contributes.site.functionBindings["acme.weather-widget.card"] must be a string, got the number 5',
    );
    expect(
      find(
        { ...valid, config: { fields: [{ key: 'k', label: 'K', type: 'number' }], defaults: { 7: 1 } } },
        'config.defaults.unknown_key',
      ),
    ).toBe('default for "7", which is not a config field (or was dropped); it is ignored');
    expect(find({ ...valid, homepage: { '1': { x: 1 } } }, 'manifest.unknown_property')).toBe(
      'homepage is not a manifest property; it is ignored',
    );
    expect(messages({ ...valid, 'a.b': 1 }).map((d) => d.message)).toContain(
      '["a.b"] is not a manifest property; it is ignored',
    );
  });

  it('count code points, and say so', () => {
    expect(find({ ...valid, name: '😀'.repeat(81) }, 'name.too_long')).toBe(
      'name is 81 code points long; at most 80 are allowed',
    );
    expect(messages({ ...valid, name: '😀'.repeat(80) }, 'acme')).toEqual([]);
  });

  it('offer the one right component id, in every message about it', () => {
    const input = { ...valid, contributes: { site: { components: ['other.weather.card'] } } };
    expect(find(input, 'contributes.site.components.wrong_publisher', 'acme')).toMatch(
      /; use "acme\.weather-widget\.card"$/,
    );
    expect(find(input, 'contributes.site.components.wrong_extension', 'acme')).toMatch(
      /; use "acme\.weather-widget\.card"$/,
    );
  });

  it('check what can be checked of a component id without a publisher: its form and its middle part', () => {
    const r = validateManifest({
      ...valid,
      contributes: { site: { components: ['acme.other.card', 'acme.weather-widget.panel', 'weather-widget.card'] } },
    });
    expect(r.valid).toBe(false);
    expect(r.errors.map((d) => [d.code, d.path])).toEqual([
      ['contributes.site.components.not_component_id', '/contributes/site/components/2'],
      ['contributes.site.components.wrong_extension', '/contributes/site/components/0'],
    ]);
    expect(r.errors[1]!.message).toMatch(/; use "acme\.weather-widget\.card"$/);
    expect(r.warnings.map((d) => d.code)).toEqual(['publisher.unknown']);
  });

  it('say "field 51", not "fields 51 to 51"', () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `f${i}`, label: 'F', type: 'string' }));
    expect(find({ ...valid, config: { fields: fields(51) } }, 'config.fields.too_many')).toBe(
      'config declares 51 fields; the platform reads the first 50, so field 51 is ignored',
    );
    expect(find({ ...valid, config: { fields: fields(53) } }, 'config.fields.too_many')).toBe(
      'config declares 53 fields; the platform reads the first 50, so fields 51 to 53 are ignored',
    );
  });

  it('normalize an origin to the form browsers serialize, as docs/rules.md says', () => {
    const r = validateManifest(
      {
        ...valid,
        capabilities: { network: ['https://API.Example.com:443', 'https://api.example.com', 'wss://b.example'] },
      },
      { publisher: 'acme' },
    );
    expect(r.warnings.map((d) => d.code)).toEqual([
      'capabilities.network.not_canonical',
      'capabilities.network.duplicate',
    ]);
    expect(r.manifest?.capabilities?.network).toEqual(['https://api.example.com', 'wss://b.example']);
  });
});

describe("no message carries a program's placeholder", () => {
  const anyJson = fc.jsonValue({ maxDepth: 3 });
  const key = fc.oneof(fc.string(), fc.constantFrom('a.b', '7', '__proto__', 'x/y', 'constructor'));
  const manifestLike = fc
    .record(
      {
        id: fc.oneof(fc.constantFrom('weather-widget', 'Bad_Id'), anyJson),
        name: fc.oneof(fc.string(), anyJson),
        version: anyJson,
        entry: fc.oneof(fc.constantFrom('dist/index.js', '../x.js', '%2e%2e/x.js', 'x'), anyJson),
        hostAbi: anyJson,
        capabilities: fc.oneof(
          fc.record(
            {
              network: fc.array(fc.oneof(fc.webUrl(), fc.string(), anyJson)),
              props: fc.array(anyJson),
              events: anyJson,
              size: anyJson,
            },
            { requiredKeys: [] },
          ),
          anyJson,
        ),
        contributes: fc.oneof(
          fc.record(
            {
              site: fc.record(
                {
                  components: fc.array(fc.oneof(fc.constantFrom('acme.weather-widget.card', 'a.b.c', 'x.y'), anyJson)),
                  functionBindings: fc.dictionary(key, anyJson),
                },
                { requiredKeys: [] },
              ),
              console: fc.record({ routes: fc.array(anyJson), slots: anyJson, shell: anyJson }, { requiredKeys: [] }),
            },
            { requiredKeys: [] },
          ),
          anyJson,
        ),
        config: fc.oneof(
          fc.record(
            {
              fields: fc.array(
                fc.record(
                  {
                    key: fc.oneof(key, anyJson),
                    label: anyJson,
                    type: fc.oneof(fc.constantFrom('string', 'number', 'boolean', 'select', 'color'), anyJson),
                    min: anyJson,
                    max: anyJson,
                    options: fc.oneof(
                      fc.array(fc.record({ value: anyJson, label: anyJson }, { requiredKeys: [] })),
                      anyJson,
                    ),
                  },
                  { requiredKeys: [] },
                ),
                { maxLength: 55 },
              ),
              defaults: fc.dictionary(key, anyJson),
            },
            { requiredKeys: [] },
          ),
          anyJson,
        ),
      },
      { requiredKeys: [] },
    )
    .chain((m) => fc.dictionary(key, anyJson, { maxKeys: 2 }).map((extra) => ({ ...extra, ...m })));

  it('never "[object Object]", "undefined" or "NaN", on the library or through the text', () => {
    fc.assert(
      fc.property(
        fc.oneof(anyJson, manifestLike),
        fc.constantFrom(undefined, 'acme', 'Bad Handle'),
        (input, publisher) => {
          const options = publisher === undefined ? {} : { publisher };
          const text = JSON.stringify(input) ?? 'null';
          // A message may quote the input: one that holds a placeholder's word (fc.webUrl() gave
          // "http://a.aa/NaN") is no evidence either way.
          fc.pre(!/\[object Object\]|undefined|NaN/.test(text));
          const { report } = validateManifestText(text, options);
          for (const d of [...messages(input, publisher), ...report.errors, ...report.warnings]) {
            expect(d.message).not.toMatch(/\[object Object\]|undefined|NaN/);
          }
        },
      ),
      { numRuns: 600 },
    );
  }, 120_000);

  it('nor for values JSON cannot hold, given to the library', () => {
    for (const value of [undefined, Number.NaN, Infinity, () => 1, 10n, Symbol('s')]) {
      for (const input of [
        { ...valid, id: value },
        { ...valid, config: { fields: [{ key: value, label: 'L', type: 'select' }], defaults: { k: value } } },
        [value],
      ]) {
        for (const d of messages(input)) expect(d.message).not.toMatch(/\[object Object\]|undefined|NaN/);
      }
    }
  });
});

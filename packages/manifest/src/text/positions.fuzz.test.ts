// The fast locator against jsonc-parser's tree, on texts written oddly: escaped and unicode keys,
// keys that need pointer escapes, repeated keys (JSON.parse keeps the last, and so must the
// position), every kind of whitespace, a byte order mark, comments and trailing commas; and the
// places the component pass records as it reads the list's text, on such texts too.
import fc from 'fast-check';
import { parseTree, type Node } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { validateManifestText } from '../parse.js';
import { escapeToken, tokens } from '../pointer.js';
import { validateManifest } from '../validate.js';
import { LineIndex } from './lines.js';
import { diagnosticPositions, locatePointer, pointerLocator, type Position } from './positions.js';

// jsonc-parser reads a byte order mark followed by a literal ("\uFEFFnull") as one bad token; a
// space in its place keeps every offset.
const tree = (text: string) => parseTree(text.replace(/^\uFEFF/, ' '), [], { allowTrailingComma: true });

/** Where jsonc-parser's tree says a pointer is: the last property of a repeated key, a property at its key, else the nearest ancestor. */
function reference(root: Node, lines: LineIndex, pointer: string): Position {
  let node: Node = root;
  let at = root.offset;
  for (const token of tokens(pointer)) {
    if (node.type === 'object') {
      const property = node.children!.findLast((p) => p.children![0]!.value === token);
      if (!property?.children![1]) break;
      at = property.children[0]!.offset;
      node = property.children[1];
    } else if (node.type === 'array' && /^(0|[1-9]\d*)$/.test(token) && Number(token) < node.children!.length) {
      node = node.children![Number(token)]!;
      at = node.offset;
    } else break;
  }
  return lines.at(at);
}

/** Whether some object in the tree writes a key twice. */
function repeatsKeys(node: Node): boolean {
  if (node.type === 'object') {
    const keys = node.children!.map((p) => p.children![0]!.value as string);
    if (new Set(keys).size < keys.length) return true;
  }
  return (node.children ?? []).some(repeatsKeys);
}

/** Every pointer the text writes, the ones under a repeated key's earlier values too, and a missing child of each. */
function pointersIn(root: Node): string[] {
  const out: string[] = [];
  const walk = (node: Node, pointer: string) => {
    out.push(pointer, `${pointer}/missing`, `${pointer}/0`, `${pointer}/01`);
    if (node.type === 'object')
      for (const p of node.children!)
        walk(p.children![1]!, `${pointer}/${escapeToken(p.children![0]!.value as string)}`);
    if (node.type === 'array') node.children!.forEach((c, i) => walk(c, `${pointer}/${i}`));
  };
  walk(root, '');
  return out;
}

const KEYS = [
  'a',
  'b',
  '',
  '~',
  '/',
  'a/b',
  '~1',
  '~0/',
  'é',
  '😀',
  '\u2028',
  '"q"',
  '\\',
  'a\nb',
  '__proto__',
  'constructor',
  '0',
  '1',
  '01',
  '-1',
  '{',
  '[',
  ']',
  ':',
  ',',
];
const SPACE = ['', ' ', '\n', '\r\n', '\t', '  \n    ', ' /* { [ " */ ', ' // ] } "\n'];

/** JSON text of `value` with whitespace, escapes and repeats picked by `pick`. */
function write(value: unknown, pick: (n: number) => number, comments: boolean): string {
  const space = () => SPACE[pick(comments ? SPACE.length : SPACE.length - 2)]!;
  const str = (s: string) => {
    const plain = JSON.stringify(s);
    if (pick(3) !== 0) return plain;
    // The same string with every character escaped, or with "/" written as "\/".
    return pick(2) === 0
      ? `"${[...s].map((ch) => Array.from({ length: ch.length }, (_, k) => '\\u' + ch.charCodeAt(k).toString(16).padStart(4, '0')).join('')).join('')}"`
      : plain.replace(/\//g, '\\/');
  };
  const go = (v: unknown): string => {
    if (Array.isArray(v))
      return `[${space()}${v.map((x) => go(x) + space()).join(`,${space()}`)}${comments && v.length > 0 && pick(3) === 0 ? ',' : ''}]`;
    if (typeof v === 'object' && v !== null) {
      const entries = Object.entries(v);
      // Repeat some keys earlier in the object with other values: JSON.parse keeps the last.
      const written = entries.flatMap(([k, x]) =>
        pick(4) === 0
          ? [
              [k, pick(2) === 0 ? { shadowed: [1, { a: 2 }] } : 'shadowed'],
              [k, x],
            ]
          : [[k, x]],
      );
      return `{${space()}${written.map(([k, x]) => `${str(k as string)}${space()}:${space()}${go(x)}${space()}`).join(`,${space()}`)}}`;
    }
    return typeof v === 'string' ? str(v) : JSON.stringify(v);
  };
  return (pick(5) === 0 ? '\uFEFF' : '') + space() + go(value) + space();
}

const key = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 4, unit: 'binary' }));
const value = fc.letrec((tie) => ({
  any: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    fc.constantFrom(null, true, false, 0, -1.5e-7, 'x', '"]}'),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('any'), { maxLength: 4 }),
  object: fc.dictionary(key, tie('any'), { maxKeys: 5 }),
})).any;

describe('the fast locator agrees with jsonc-parser', () => {
  for (const comments of [false, true]) {
    it(`on fuzzed texts${comments ? ' with comments and trailing commas' : ''}, for every pointer at once and one at a time`, () => {
      fc.assert(
        fc.property(value, fc.infiniteStream(fc.nat()), (v, stream) => {
          const picks = stream[Symbol.iterator]();
          const text = write(v, (n) => picks.next().value! % n, comments);
          if (!comments) expect(() => JSON.parse(text.replace(/^\uFEFF/, ''))).not.toThrow();
          const root = tree(text)!;
          const lines = new LineIndex(text);
          const pointers = pointersIn(root);
          const locate = pointerLocator(text, pointers);
          const expected = pointers.map((p) => [p, reference(root, lines, p)]);
          expect(pointers.map((p) => [p, locate(p)])).toEqual(expected);
          const positions = diagnosticPositions(
            text,
            pointers.map((path) => ({ path })),
          );
          expect(pointers.map((p, i) => [p, positions[i]])).toEqual(expected);
          // Asked for in any order, each pointer any number of times: the same places.
          const shuffled = pointers
            .flatMap((p) => (picks.next().value! % 4 === 0 ? [p, p] : [p]))
            .sort(() => (picks.next().value! % 3) - 1);
          const again = diagnosticPositions(
            text,
            shuffled.map((path) => ({ path })),
          );
          expect(shuffled.map((p, i) => [p, again[i]])).toEqual(shuffled.map((p) => [p, reference(root, lines, p)]));
          // Told that no key repeats where none does, the walk matches each object's keys in one pass.
          const told = diagnosticPositions(
            text,
            shuffled.map((path) => ({ path })),
            { keysRepeat: repeatsKeys(root) },
          );
          expect(shuffled.map((p, i) => [p, told[i]])).toEqual(shuffled.map((p) => [p, reference(root, lines, p)]));
          // A few of those the text writes, so that the walk may end once it has found them, before the text does.
          const few = shuffled.filter((p) => !/\/(missing|0|01)$/.test(p) && picks.next().value! % 4 === 0);
          const early = diagnosticPositions(
            text,
            few.map((path) => ({ path })),
            { keysRepeat: repeatsKeys(root) },
          );
          expect(few.map((p, i) => [p, early[i]])).toEqual(few.map((p) => [p, reference(root, lines, p)]));
          const one = pointers[picks.next().value! % pointers.length]!;
          expect([one, locatePointer(text, one)]).toEqual([one, reference(root, lines, one)]);
        }),
        { numRuns: 400 },
      );
    });
  }

  // Long arrays: the walk steps over runs of strings and literals natively, 1, 2, 4... elements
  // at a time, and one at a time over containers, escaped strings and comments.
  it('on long arrays of mixed elements, for wanted indexes anywhere in them', () => {
    const element = fc.oneof(
      {
        weight: 30,
        arbitrary: fc.constantFrom('"a"', '""', '1', '-2.5e3', 'true', 'null', '"x,y]"', '"😀"', '"/* , */"'),
      },
      { weight: 2, arbitrary: fc.constantFrom('"a\\"b"', '"\\\\"', '"\\u0041"') },
      { weight: 2, arbitrary: fc.constantFrom('[]', '[1, [2]]', '{"a": [1]}', '{}') },
    );
    const space = fc.oneof(
      { weight: 12, arbitrary: fc.constantFrom('', ' ', '\n  ', '\r\n\t') },
      { weight: 1, arbitrary: fc.constantFrom(' /* ] , */ ', ' // ,\n') },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(space, element, space), { maxLength: 300, size: 'max' }),
        fc.array(fc.nat(310), { maxLength: 12, size: 'max' }),
        fc.boolean(),
        (parts, wanted, comments) => {
          const items = parts.map(([a, e, b]) =>
            comments ? a + e + b : a.replace(/\/[/*][^]*/, ' ') + e + b.replace(/\/[/*][^]*/, ' '),
          );
          const text = `{"list": [${items.join(',')}], "after": [1]}`;
          const root = tree(text)!;
          const lines = new LineIndex(text);
          const pointers = [
            ...wanted.map((n) => `/list/${n}`),
            '/after/0',
            ...wanted.map((n) => `/list/${n}`).reverse(),
          ];
          const positions = diagnosticPositions(
            text,
            pointers.map((path) => ({ path })),
          );
          expect(pointers.map((p, i) => [p, positions[i]])).toEqual(
            pointers.map((p) => [p, reference(root, lines, p)]),
          );
        },
      ),
      { numRuns: 600 },
    );
  });

  // Arrays written one element a line (JSON.stringify's layout, and editors'): the walk steps over
  // such runs with one match that counts their lines too, and must notice every line that breaks
  // the layout: an escaped string, a container (written over several lines or one), a comment, a
  // blank line, two elements on a line, a trailing comma.
  it('on long arrays written one element a line, with what breaks the layout among them', () => {
    const element = fc.oneof(
      {
        weight: 40,
        arbitrary: fc.constantFrom(
          '"acme.weather-widget.c1"',
          '""',
          '7',
          '-2.5e3',
          'false',
          'null',
          '"x,y]"',
          '"😀"',
          '" , "',
        ),
      },
      { weight: 2, arbitrary: fc.constantFrom('"a\\"b"', '"\\\\"', '"\\u0041,\\n"') },
      {
        weight: 2,
        arbitrary: fc.constantFrom('[]', '[\n    1,\n    [2]\n  ]', '{\n    "a": [1],\n    "b": "c"\n  }', '{}'),
      },
    );
    const layout = fc.oneof(
      { weight: 40, arbitrary: fc.constantFrom(',\n  ', ',\r\n  ', ' ,\n\t', ',  \n    ') },
      {
        weight: 1,
        arbitrary: fc.constantFrom(',\n\n  ', ', ', ',', ',\n  // one\n  ', ',\n  /* , */ ', ' /*\n*/,\n  ', '\n  ,'),
      },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(element, layout), { minLength: 1, maxLength: 400, size: 'max' }),
        fc.array(fc.nat(410), { maxLength: 12, size: 'max' }),
        fc.boolean(),
        (parts, wanted, trailing) => {
          const items = parts.map(([e, sep], k) => (k < parts.length - 1 ? e + sep : e)).join('');
          const text = `{\n  "list": [\n  ${items}${trailing ? ',' : ''}\n  ],\n  "after": [1]\n}`;
          const root = tree(text)!;
          const lines = new LineIndex(text);
          const inside = wanted
            .slice(0, 3)
            .flatMap((n) => [`/list/${n}/0`, `/list/${n}/1/0`, `/list/${n}/a/0`, `/list/${n}/b`]);
          const pointers = [
            ...wanted.map((n) => `/list/${n}`),
            ...inside,
            '/after/0',
            ...wanted.map((n) => `/list/${n}`).reverse(),
          ];
          const positions = diagnosticPositions(
            text,
            pointers.map((path) => ({ path })),
          );
          expect(pointers.map((p, i) => [p, positions[i]])).toEqual(
            pointers.map((p) => [p, reference(root, lines, p)]),
          );
          const one = pointers[0] ?? '/after/0';
          expect([one, locatePointer(text, one)]).toEqual([one, reference(root, lines, one)]);
        },
      ),
      { numRuns: 600 },
    );
  });

  // Objects written one property a line (JSON.stringify's layout): the walk steps over such a
  // property with one match that counts its line, and must notice every line that breaks the
  // layout: an escaped key or value, a container value, a comment, a blank line, two properties
  // on a line.
  it('on texts written one property a line, with what breaks the layout among them', () => {
    const breaks = ['\n\n', '\n// a, "b": 1\n', ' /* , */\n', ' ', '\r\n', '\n\t'];
    fc.assert(
      fc.property(value, fc.infiniteStream(fc.nat()), (v, stream) => {
        const picks = stream[Symbol.iterator]();
        const pick = (n: number) => picks.next().value! % n;
        const pretty = JSON.stringify(
          typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...v, again: v, ...v } : { v },
          null,
          2,
        );
        // Line breaks after a comma, a few of them replaced by what breaks the layout.
        const text = pretty.replace(/,\n/g, () => (pick(6) === 0 ? `,${breaks[pick(breaks.length)]!}` : ',\n'));
        const root = tree(text)!;
        const lines = new LineIndex(text);
        // Some of the pointers only: a property no pointer goes below is stepped over whole.
        const pointers = pointersIn(root).filter(() => pick(3) === 0);
        const expected = pointers.map((p) => [p, reference(root, lines, p)]);
        const positions = diagnosticPositions(
          text,
          pointers.map((path) => ({ path })),
        );
        expect(pointers.map((p, i) => [p, positions[i]])).toEqual(expected);
        const one = pointers[pick(pointers.length)] ?? '';
        expect([one, locatePointer(text, one)]).toEqual([one, reference(root, lines, one)]);
      }),
      { numRuns: 400 },
    );
  });

  it('places a pointer into an earlier, shadowed value of a repeated key at the value JSON.parse kept', () => {
    const text = '{"a": {"b": 1, "c": [1]},\n "a": {"c": 2}}';
    expect(locatePointer(text, '/a/b')).toEqual({ line: 2, column: 2 });
    expect(locatePointer(text, '/a/c/0')).toEqual({ line: 2, column: 8 });
    expect(locatePointer(text, '/a/c')).toEqual({ line: 2, column: 8 });
  });
});

// The component pass reads the list's text beside the parsed list (native matches over the ids
// between repeats, each repeat's line and column). On texts where the two disagree in form but
// not in value (escaped ids, repeated keys with other lists, every kind of spacing, a byte order
// mark, other elements among the ids), it must answer exactly what the pass over the parsed list
// alone answers, and place each repeat where jsonc-parser's tree puts it.
const IDS = [
  'acme.weather-widget.c1',
  'acme.weather-widget.c2',
  'acme.weather-widget.a-b',
  'other.weather-widget.c1',
  'acme.other.c1',
  'weather-widget.weather-widget.c1',
  'Acme.x.y',
  'a.b',
  'acme.weather-widget.c1 ',
  '😀',
  'a"b',
  'a\\b',
  '',
];
const OTHERS = [1, null, true, {}, [], { a: ['acme.weather-widget.c1'] }];
const SEPARATORS = [
  ',\n      ',
  ',\n      ',
  ',\n      ',
  ',\r\n      ',
  ', ',
  ',',
  ',\n\n      ',
  ' ,\n\t',
  '\n      ,',
  ',\n  \t  ',
];
const PATH_KEYS = {
  contributes: ['"contributes"', '"\\u0063ontributes"'],
  site: ['"site"', '"si\\u0074e"'],
  components: ['"components"', '"compo\\u006eents"'],
};

/** A manifest text whose components list is written oddly, as `pick` chooses. */
function writeComponents(pick: (n: number) => number): string {
  const id = () => (pick(6) === 0 ? OTHERS[pick(OTHERS.length)] : IDS[pick(3) === 0 ? pick(IDS.length) : pick(3)]);
  const str = (s: string) => {
    const plain = JSON.stringify(s);
    if (pick(8) !== 0) return plain;
    // The same string with a character escaped: equal once parsed, longer in the text.
    return pick(2) === 0
      ? `"${[...s].map((ch, k) => (k === 0 && ch.length === 1 ? '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0') : ch.replace(/["\\]/g, (c) => '\\' + c))).join('')}"`
      : plain.replace('.', '\\u002e');
  };
  const element = (v: unknown) =>
    typeof v === 'string' ? str(v) : JSON.stringify(v, null, pick(2) === 0 ? 2 : undefined);
  const list = () => {
    const items = Array.from({ length: pick(40) }, id);
    // A long run now and then: the native matches take many ids at once.
    if (pick(4) === 0)
      items.push(
        ...Array.from({ length: 100 + pick(300) }, (_, k) =>
          pick(10) === 0 ? (items[pick(items.length + 1)] ?? 'acme.weather-widget.c1') : `acme.weather-widget.r${k}`,
        ),
      );
    const sep = SEPARATORS[pick(SEPARATORS.length)]!;
    return `[${pick(2) === 0 ? '\n      ' : ''}${items
      .map((v) => element(v) + (pick(10) === 0 ? SEPARATORS[pick(SEPARATORS.length)]! : sep))
      .join('')
      .replace(/[,\s]*$/, '')}${pick(2) === 0 ? '\n    ' : ''}]`;
  };
  const key = (name: keyof typeof PATH_KEYS) => PATH_KEYS[name][pick(5) === 0 ? 1 : 0]!;
  // A key written twice, the earlier value another one or the same text: JSON.parse keeps the last.
  const repeated = (name: keyof typeof PATH_KEYS, value: () => string, kept: string) =>
    pick(4) === 0 ? `${key(name)}: ${[() => '"shadowed"', value, () => kept][pick(3)]!()},\n  ` : '';
  const site = () => {
    const kept = list();
    return `{${repeated('components', list, kept)}${key('components')}: ${kept}${pick(4) === 0 ? `, "features": ["f"]` : ''}${pick(5) === 0 ? `, ${key('components')}: ${list()}` : ''}}`;
  };
  const contributes = () => {
    const kept = site();
    return `{${repeated('site', site, kept)}${key('site')}: ${kept}${pick(6) === 0 ? `, ${key('site')}: ${site()}` : ''}}`;
  };
  const head = `"id": "${pick(6) === 0 ? 'Not Kebab' : 'weather-widget'}", "name": "W", "version": "1.0.0", "entry": "dist/index.js", "hostAbi": 1`;
  const kept = contributes();
  const text = `{\n  ${head},\n  ${repeated('contributes', contributes, kept)}${key('contributes')}: ${kept}${pick(6) === 0 ? `,\n  ${key('contributes')}: ${contributes()}` : ''}\n}\n`;
  return (
    (pick(5) === 0 ? '\uFEFF' : '') +
    (pick(5) === 0 ? text.replace(/\n/g, '\r\n') : pick(5) === 0 ? text.replace(/\n\s*/g, '') : text)
  );
}

/**
 * Validates `text` and holds the report to the one the passes over the parsed value alone give
 * (validateManifest: codes, pointers, messages, order, manifest) and every position to jsonc-parser's tree.
 */
function checkedAgainstTree(text: string, publisher: string | undefined) {
  const { report, text: read, keysRepeat } = validateManifestText(text, { publisher });
  expect({ ...report, warnings: report.warnings.filter((d) => d.code !== 'json.duplicate_key') }).toEqual(
    validateManifest(JSON.parse(read!), { publisher }),
  );
  const all = [...report.errors, ...report.warnings];
  const root = parseTree(read!)!;
  expect(keysRepeat).toBe(repeatsKeys(root));
  const lines = new LineIndex(read!);
  // Told whether keys repeat, as `extkit validate` is, and not told.
  for (const options of [{ keysRepeat }, {}]) {
    const positions = diagnosticPositions(read, all, options);
    all.forEach((d, k) => {
      if (d.line === undefined) expect([d.path, positions[k]]).toEqual([d.path, reference(root, lines, d.path)]);
    });
  }
  return { all, read };
}

describe('the component pass over the text', () => {
  it('answers what the pass over the parsed list answers, and places each repeat where the text has it', () => {
    fc.assert(
      fc.property(fc.infiniteStream(fc.nat()), fc.constantFrom('acme', undefined), (stream, publisher) => {
        const picks = stream[Symbol.iterator]();
        checkedAgainstTree(
          writeComponents((n) => picks.next().value! % n),
          publisher,
        );
      }),
      { numRuns: 700 },
    );
  });

  it('places the repeats of a list JSON.stringify wrote, and of the same list on one line, and the ids outside the namespace', () => {
    const manifest = {
      id: 'weather-widget',
      name: 'W',
      version: '1.0.0',
      entry: 'dist/index.js',
      hostAbi: 1,
      contributes: {
        site: {
          components: [
            'acme.weather-widget.a',
            'acme.weather-widget.b',
            'acme.weather-widget.a',
            'acme.weather-widget.b',
          ],
        },
      },
    };
    const pretty = JSON.stringify(manifest, null, 2);
    const flat = JSON.stringify(manifest);
    const at = (text: string) => {
      const { report } = validateManifestText(text, { publisher: 'acme' });
      expect(report.warnings.map((d) => d.path)).toEqual([
        '/contributes/site/components/2',
        '/contributes/site/components/3',
      ]);
      return diagnosticPositions(text, report.warnings);
    };
    expect(at(pretty)).toEqual([
      { line: 12, column: 9 },
      { line: 13, column: 9 },
    ]);
    expect(at(flat)).toEqual([
      { line: 1, column: flat.indexOf('"acme.weather-widget.a"', flat.indexOf('.b"')) + 1 },
      { line: 1, column: flat.lastIndexOf('"acme.weather-widget.b"') + 1 },
    ]);
    // Ids outside the namespace too, each finding (one per part that is wrong) at its id.
    const outside = JSON.stringify(
      {
        ...manifest,
        contributes: { site: { components: ['acme.weather-widget.a', 'other.weather-widget.b', 'other.elsewhere.c'] } },
      },
      null,
      2,
    );
    const { report: errs } = validateManifestText(outside, { publisher: 'acme' });
    expect(errs.errors.map((d) => [d.code, d.path])).toEqual([
      ['contributes.site.components.wrong_publisher', '/contributes/site/components/1'],
      ['contributes.site.components.wrong_publisher', '/contributes/site/components/2'],
      ['contributes.site.components.wrong_extension', '/contributes/site/components/2'],
    ]);
    expect(diagnosticPositions(outside, errs.errors)).toEqual([
      { line: 11, column: 9 },
      { line: 12, column: 9 },
      { line: 12, column: 9 },
    ]);
    // Placed in the text given, whichever was validated.
    const { report } = validateManifestText(pretty, { publisher: 'acme' });
    expect(diagnosticPositions(`\n${pretty}`, report.warnings)).toEqual([
      { line: 13, column: 9 },
      { line: 14, column: 9 },
    ]);
  });

  // A run the native matches took can end on space that is not the next element: a blank line
  // between groups of ids, a CRLF one, or the line break after a run of ids on one line. The walk
  // steps over it as it does after an id read alone, and still places the repeats itself.
  it('places the repeats of lists with blank lines between groups of ids, or several ids a line', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `"acme.weather-widget.c${i}"`).concat(
      '"acme.weather-widget.c0"',
      '"acme.weather-widget.c39"',
    );
    const last = ids.length - 1;
    const lists = [
      ids.map((x, i) => `    ${x}${i < last ? ',' : ''}\n${i % 5 === 4 ? '\n' : ''}`).join(''),
      ids.map((x, i) => `    ${x}${i < last ? ',' : ''}\r\n${i % 5 === 4 ? '\r\n' : ''}`).join(''),
      ids.map((x, i) => `    ${x}${i < last ? ',' : ''}${i % 2 === 1 || i === last ? '\n' : ' '}`).join(''),
      ids
        .map(
          (x, i) => `${i % 3 === 0 ? '    ' : ''}${x}${i < last ? ',' : ''}${i % 3 === 2 || i === last ? '\n' : ' '}`,
        )
        .join(''),
    ];
    for (const list of lists) {
      const text = `{"id": "weather-widget", "name": "W", "version": "1.0.0", "entry": "dist/index.js", "hostAbi": 1,\n  "contributes": {"site": {"components": [\n${list}  ]}}}`;
      const { report } = validateManifestText(text, { publisher: 'acme' });
      expect(report.warnings.map((d) => d.path)).toEqual([
        '/contributes/site/components/40',
        '/contributes/site/components/41',
      ]);
      const root = parseTree(text)!;
      const lines = new LineIndex(text);
      expect(diagnosticPositions(text, report.warnings)).toEqual(
        report.warnings.map((d) => reference(root, lines, d.path)),
      );
    }
  });
});

// The unknown defaults and top-level keys, in texts written oddly, placed where jsonc-parser's tree puts them.
const DEFAULT_KEYS = [
  'greeting',
  'limit',
  'd1',
  'd2',
  'd3',
  'x/y',
  'x~y',
  'k"q',
  'k\\q',
  'é',
  '\u2028',
  '',
  ' ',
  '0',
  '7',
  '01',
  '__proto__',
  'constructor',
  'defaults": {',
];
const DEFAULT_VALUES = [
  '1',
  '"3"',
  'true',
  'null',
  '"teal"',
  '{"c": [1,\n 2]}',
  '[]',
  '{}',
  '"a,b"',
  '"x\\"y"',
  '-1.5e3',
  '"\\u0041"',
  '[1, {"defaults": {"d1": 1}}]',
];
const BREAKS = [
  ',\n      ',
  ',\n      ',
  ',\n      ',
  ',\r\n      ',
  ', ',
  ',',
  ',\n\n      ',
  ' ,\n\t',
  '\n      ,',
  ',\n  \t  ',
];

/** A manifest text whose config.defaults is written oddly, as `pick` chooses. */
function writeDefaults(pick: (n: number) => number): string {
  // Half the texts are written as a person or JSON.stringify would; the rest break that layout here and there.
  const odd = pick(2) === 0;
  const key = (k: string) =>
    odd && pick(8) === 0
      ? `"${[...k].map((ch) => (ch.length === 1 ? '\\u' + ch.charCodeAt(0).toString(16).padStart(4, '0') : ch)).join('')}"`
      : JSON.stringify(k);
  const defaults = () => {
    const n = pick(12);
    const keys = Array.from({ length: n }, (_, i) =>
      !odd ? `d${i}` : pick(3) === 0 ? DEFAULT_KEYS[pick(DEFAULT_KEYS.length)]! : `d${pick(40)}`,
    );
    const sep = odd ? BREAKS[pick(BREAKS.length)]! : BREAKS[0]!;
    const body = keys.map(
      (k) =>
        `${key(k)}${odd && pick(6) === 0 ? ' ' : ''}:${odd && pick(6) === 0 ? '\n ' : ' '}${DEFAULT_VALUES[pick(DEFAULT_VALUES.length)]}`,
    );
    return `{${n && pick(2) === 0 ? '\n      ' : ''}${body
      .map((p) => p + (odd && pick(10) === 0 ? BREAKS[pick(BREAKS.length)]! : sep))
      .join('')
      .replace(/[,\s]*$/, '')}${pick(2) === 0 ? '\n    ' : ''}}`;
  };
  const fields = JSON.stringify(
    ['greeting', 'limit']
      .slice(0, pick(3))
      .map((k) => ({ key: k, label: k, type: k === 'limit' ? 'number' : 'string' })),
  );
  const kept = defaults();
  const config = () =>
    `{\n    "fields": ${fields},\n    ${pick(5) === 0 ? `"defaults": ${pick(2) === 0 ? kept : defaults()},\n    ` : ''}${pick(6) === 0 ? '"d\\u0065faults"' : '"defaults"'}: ${kept}${pick(6) === 0 ? `,\n    "defaults": ${defaults()}` : ''}\n  }`;
  // Unknown keys at the top level too, among the manifest's own: the structural pass places them the same way.
  const top = [
    '"id": "demo"',
    '"name": "D"',
    '"version": "1.0.0"',
    '"entry": "dist/index.js"',
    '"hostAbi": 1',
    '"contributes": {}',
  ];
  for (let k = pick(2) === 0 ? pick(6) : 0; k > 0; k--)
    top.splice(
      pick(top.length + 1),
      0,
      `${key(odd && pick(3) === 0 ? DEFAULT_KEYS[pick(DEFAULT_KEYS.length)]! : `x${odd ? pick(5) : k}`)}: ${DEFAULT_VALUES[pick(DEFAULT_VALUES.length)]}`,
    );
  const head = top.join(pick(2) === 0 ? ', ' : ',\n  ');
  const text = `{\n  ${head},\n  ${pick(6) === 0 ? `"config": ${config()},\n  ` : ''}"config": ${config()}${pick(8) === 0 ? `,\n  "config": ${config()}` : ''}\n}\n`;
  return (
    (pick(5) === 0 ? '\uFEFF' : '') +
    (pick(5) === 0 ? text.replace(/\n/g, '\r\n') : pick(6) === 0 ? text.replace(/\n\s*/g, '') : text)
  );
}

describe("the passes over the defaults' and the top level's text", () => {
  it('answer what the passes over the parsed objects answer, and place each unknown default and top-level key where the text has it', () => {
    fc.assert(
      fc.property(fc.infiniteStream(fc.nat()), (stream) => {
        const picks = stream[Symbol.iterator]();
        checkedAgainstTree(
          writeDefaults((n) => picks.next().value! % n),
          undefined,
        );
      }),
      { numRuns: 700 },
    );
  });

  it('places the unknown defaults of what JSON.stringify wrote, and takes the places back when defaults is written twice', () => {
    const manifest = {
      id: 'demo',
      name: 'D',
      version: '1.0.0',
      entry: 'dist/index.js',
      hostAbi: 1,
      contributes: {},
      config: {
        fields: [{ key: 'greeting', label: 'G', type: 'string' }],
        defaults: { a: 1, greeting: 'hi', b: { c: [1, 2] }, d: 'x' },
      },
    };
    const pretty = JSON.stringify(manifest, null, 2);
    const unknown = (text: string) =>
      validateManifestText(text).report.warnings.filter((d) => d.code === 'config.defaults.unknown_key');
    const placed = unknown(pretty);
    expect(placed.map((d) => d.path)).toEqual(['/config/defaults/a', '/config/defaults/b', '/config/defaults/d']);
    expect(diagnosticPositions(pretty, placed)).toEqual([
      { line: 17, column: 7 },
      { line: 19, column: 7 },
      { line: 25, column: 7 },
    ]);
    // A defaults written twice: JSON.parse keeps the later one, and so do the places.
    const twice = pretty.replace('"defaults": {', '"defaults": {"a": 0, "b": 0, "d": 0},\n    "defaults": {');
    const walkedTo = unknown(twice);
    expect(diagnosticPositions(twice, walkedTo)).toEqual([
      { line: 18, column: 7 },
      { line: 20, column: 7 },
      { line: 26, column: 7 },
    ]);
  });
});

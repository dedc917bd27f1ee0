import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineIndex } from './lines.js';
import { diagnosticPositions, locatePointer } from './positions.js';

const text = `{
  "a": [10, {"b/c": true, "d": null}],
  "e": {"f": 1, "f": 2},
  "g": "x"
}`;

describe('positions', () => {
  it('finds a property at its key, an array item at its value, in one pass', () => {
    expect(locatePointer(text, '')).toEqual({ line: 1, column: 1 });
    expect(locatePointer(text, '/a')).toEqual({ line: 2, column: 3 });
    expect(locatePointer(text, '/a/0')).toEqual({ line: 2, column: 9 });
    expect(locatePointer(text, '/a/1/b~1c')).toEqual({ line: 2, column: 14 });
    expect(locatePointer(text, '/a/1/d')).toEqual({ line: 2, column: 27 });
    expect(locatePointer(text, '/g')).toEqual({ line: 4, column: 3 });
  });

  it('places a missing property at its nearest existing ancestor, and a repeated key at the last', () => {
    expect(locatePointer(text, '/a/1/zz')).toEqual({ line: 2, column: 13 });
    expect(locatePointer(text, '/a/7')).toEqual({ line: 2, column: 3 });
    expect(locatePointer(text, '/e/f')).toEqual({ line: 3, column: 17 });
  });

  it('locates many diagnostics at once, keeping the positions they carry', () => {
    const located = diagnosticPositions(text, [{ path: '/g' }, { path: '/a/0', line: 9, column: 9 }, { path: '/e' }]);
    expect(located.map((d) => [d?.line, d?.column])).toEqual([
      [4, 3],
      [9, 9],
      [3, 3],
    ]);
  });

  it('walks documents as deep as they are long, without recursion', () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    expect(locatePointer(deep, '/0')).toEqual({ line: 1, column: 2 });
    expect(locatePointer(deep, '/0'.repeat(40_000))).toEqual({ line: 1, column: 40_001 });
  });

  it('steps over arrays of millions of elements and strings of millions of escapes', () => {
    // Native steps over an array are bounded (a step over 2^22 elements overflowed the regular
    // expression engine's stack, and the position was lost).
    const n = 5_000_000;
    expect(locatePointer(`[${'1,'.repeat(n)}2]`, `/${n}`)).toEqual({ line: 1, column: 2 * n + 2 });
    const escaped = `{"a": ["${'\\"'.repeat(1_000_000)}", "x"],\n "b": 1}`;
    expect(locatePointer(escaped, '/a/1')).toEqual({ line: 1, column: escaped.indexOf('"x"') + 1 });
    expect(locatePointer(escaped, '/b')).toEqual({ line: 2, column: 2 });
    expect(locatePointer('{"a": ["\\\\", "\\\\\\"]"], "b": 1}', '/b')).toEqual({ line: 1, column: 24 });
  });

  it('places the root of a text that is a word JSON has none of (a UTF-16 file read as UTF-8) at its start', () => {
    expect(locatePointer('\uFFFD', '')).toEqual({ line: 1, column: 1 });
    expect(locatePointer(' nul', '/a')).toEqual({ line: 1, column: 2 });
  });

  it('answers nothing, rather than a wrong place, where the text is not JSON', () => {
    expect(locatePointer('{"a" 1}', '/a')).toBeUndefined();
    expect(locatePointer('{"a": [1, 2', '/a/1')).toBeUndefined();
    expect(locatePointer('{"a\\x": 1}', '/a')).toBeUndefined();
  });

  it('turns offsets asked in any order into the lines and columns a count of line breaks gives', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', '\n', 'é', '\r'), maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        fc.boolean(),
        (text, picks, sorted) => {
          const offsets = picks.map((p) => p % (text.length + 1));
          if (sorted) offsets.sort((a, b) => a - b);
          const lines = new LineIndex(text);
          for (const offset of offsets) {
            const before = text.slice(0, offset).split('\n');
            expect(lines.at(offset)).toEqual({ line: before.length, column: before.at(-1)!.length + 1 });
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('turns offsets into lines and columns', () => {
    const lines = new LineIndex('ab\ncd\n\nef');
    expect([0, 2, 3, 6, 7, 8].map((o) => lines.at(o))).toEqual([
      { line: 1, column: 1 },
      { line: 1, column: 3 },
      { line: 2, column: 1 },
      { line: 3, column: 1 },
      { line: 4, column: 1 },
      { line: 4, column: 2 },
    ]);
  });
});

// The walk compares the next key asked for with the text where it stands before it cuts the key
// out and looks it up: these hold the comparison to what the lookup would answer.
describe('keys asked for in the text order, out of it, repeated, escaped', () => {
  const keyed = String.raw`{"p": 1, "q": {"r": 2}, "s\u0074": 3, "a\\b": 4, "p": 5, "u": 6}`;
  const column = (written: string) => keyed.lastIndexOf(written) + 1;
  const expected: Record<string, number> = {
    '/p': column('"p"'),
    '/q': column('"q"'),
    '/q/r': column('"r"'),
    '/st': column(String.raw`"s\u0074"`),
    '/a\\b': column(String.raw`"a\\b"`),
    '/u': column('"u"'),
    '/zz': 1,
  };
  const columns = (paths: string[]) =>
    diagnosticPositions(
      keyed,
      paths.map((path) => ({ path })),
    ).map((p) => p?.column);

  it('finds each key asked for in order, a repeated one at its last occurrence', () => {
    const paths = ['/p', '/q', '/q/r', '/st', '/a\\b', '/u'];
    expect(columns(paths)).toEqual(paths.map((p) => expected[p]));
    expect(expected['/p']).toBeGreaterThan(expected['/a\\b']!);
  });

  it('gives the same places asked for in reverse order, with a missing key among them', () => {
    const paths = ['/u', '/zz', '/a\\b', '/st', '/q/r', '/q', '/p'];
    expect(columns(paths)).toEqual(paths.map((p) => expected[p]));
  });

  it('never takes a key written with an escape for the token its raw text spells', () => {
    expect(columns(['/s\\u0074', '/a\\\\b'])).toEqual([1, 1]);
  });
});

// Keys alike in length and last characters, which a table of our own once hashed alike.
describe('keys that agree in length and last characters', () => {
  const keys = Array.from(
    { length: 40 },
    (_, i) => `${String.fromCharCode(65 + (i % 26))}${i < 26 ? 'a' : 'b'}-same-end`,
  );
  const text = JSON.stringify(Object.fromEntries(keys.map((k, i) => [k, [i]])), null, 2);
  const lineOf = (key: string) => text.slice(0, text.indexOf(`"${key}"`)).split('\n').length;

  it('finds each, asked for in the text order, out of it, and with keys never written', () => {
    const asked = [...keys].reverse().flatMap((k) => [`/${k}`, `/${k}/0`, `/Z${k}`]);
    const positions = diagnosticPositions(
      text,
      asked.map((path) => ({ path })),
    );
    expect(positions.map((p) => p?.line)).toEqual([...keys].reverse().flatMap((k) => [lineOf(k), lineOf(k) + 1, 1]));
  });
});

import { describe, expect, it } from 'vitest';
import { parseManifestText, validateManifestText } from './parse.js';
import { diagnosticPositions } from './text/positions.js';

const manifest = (body: string) => `{
  "id": "weather-widget",
  "name": "Weather Widget",
  "version": "1.2.0",
  "entry": "dist/index.js",
  "hostAbi": 3,
  "contributes": { "site": { "components": ["acme.weather-widget.card"] } }${body}
}`;

describe('repeated keys (json.duplicate_key)', () => {
  it('reports a key written twice in one object, where the repeat is, and which value counts', () => {
    const text = manifest(`,
  "capabilities": { "network": ["https://a.example"], "props": [], "network": ["https://b.example"] }`);
    const parsed = parseManifestText(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.warnings).toEqual([
      {
        code: 'json.duplicate_key',
        path: '/capabilities/network',
        message:
          '"network" appears again in the same object (first at line 8, column 21); JSON parsers keep the last value, so the earlier one is ignored: keep one',
        line: 8,
        column: 68,
      },
    ]);
    // The value is JSON.parse's: the last one.
    expect((parsed.value as { capabilities: { network: string[] } }).capabilities.network).toEqual([
      'https://b.example',
    ]);
  });

  it("is a warning in the report, before the validator's own", () => {
    const { report } = validateManifestText(manifest(',\n  "name": "Again"'), { publisher: 'acme' });
    expect(report.valid).toBe(true);
    expect(report.warnings.map((w) => [w.code, w.path])).toEqual([['json.duplicate_key', '/name']]);
    expect(report.manifest?.name).toBe('Again');
  });

  it('is silenced like any warning when the project lists it', () => {
    const { report } = validateManifestText(manifest(',\n  "name": "Again"'), {
      publisher: 'acme',
      ignore: ['json.duplicate_key'],
    });
    expect(report.warnings).toEqual([]);
    expect(report.silenced).toBe(1);
  });

  it('reports each repeat, at any depth, with escaped pointers', () => {
    const text = '{"a": {"x/y": 1, "x/y": 2, "x/y": 3}, "b": [{"k": 1, "k": 2}], "a": 0}';
    const parsed = parseManifestText(text);
    if (!parsed.ok) throw new Error('not parsed');
    expect(parsed.warnings.map((w) => [w.path, w.line, w.column])).toEqual([
      ['/a/x~1y', 1, 18],
      ['/a/x~1y', 1, 28],
      ['/b/0/k', 1, 54],
      ['/a', 1, 64],
    ]);
  });

  it('says nothing when keys repeat only across objects, or inside strings', () => {
    const text = '{"a": {"k": 1}, "b": {"k": "\\"k\\": 2, \\"k\\":"}, "c": ["k:", "\\\\"], "k": {}}';
    const parsed = parseManifestText(text);
    expect(parsed.ok && parsed.warnings).toEqual([]);
  });

  it('counts an own "__proto__" key like any other', () => {
    const parsed = parseManifestText('{"__proto__": {"x": 1}, "__proto__": {"y": 2}}');
    expect(parsed.ok && parsed.warnings.map((w) => w.path)).toEqual(['/__proto__']);
    expect(parsed.ok && parsed.warnings.length).toBe(1);
  });

  // The objects the rules read (the top level, config.defaults, function bindings) and the values
  // they never read alike.
  it('finds repeats inside the objects the rules enumerate, and inside values they never read', () => {
    const text = manifest(`,
  "config": { "defaults": { "a": 1, "b": {"z": 1, "z": 2}, "a": 2 } },
  "extra": { "deep": { "q": 1, "q": 2 } },
  "__proto__": { "p": 1, "p": 2 },
  "name": "Again"`);
    const expected = ['/config/defaults/b/z', '/config/defaults/a', '/extra/deep/q', '/__proto__/p', '/name'];
    const { report } = validateManifestText(text, { publisher: 'acme' });
    expect(report.warnings.filter((w) => w.code === 'json.duplicate_key').map((w) => w.path)).toEqual(expected);
    const parsed = parseManifestText(text);
    expect(parsed.ok && parsed.warnings.map((w) => w.path)).toEqual(expected);
  });

  // The count skips the values the rules do not read and the elements of long lists, and checks
  // what it skipped against the text's "{" (one per object JSON.parse made).
  it('finds repeats inside an object in a long list, with "{" in strings beside it', () => {
    const ids = Array.from({ length: 100 }, (_, i) => `"acme.weather-widget.c${i}"`);
    const text = manifest(`,
  "restrictParent": [${ids.join(', ')}, {"r": 1, "r": 2}],
  "description": "{ {",
  "config": { "defaults": { "x{": "{" } }`);
    const { report } = validateManifestText(text, { publisher: 'acme' });
    expect(report.warnings.filter((w) => w.code === 'json.duplicate_key').map((w) => w.path)).toEqual([
      '/restrictParent/100/r',
    ]);
  });

  // JSON.parse takes nesting far deeper than a recursive parser's stack: jsonc-parser's visit
  // overflows at a few thousand objects (its scanner, walked with a stack, does not).
  it('reports a repeat that comes after a value nested ten thousand deep, and one inside it', () => {
    const depth = 10_000;
    const deep = '{"d": '.repeat(depth) + '{"k": 1, "k": [2]}' + '}'.repeat(depth);
    const text = manifest(`,
  "config": { "defaults": { "a": ${deep} } },
  "x": [[${'['.repeat(depth)}${']'.repeat(depth)}]],
  "name": "Again"`);
    const { report } = validateManifestText(text, { publisher: 'acme' });
    const repeats = report.warnings.filter((w) => w.code === 'json.duplicate_key');
    expect(repeats.map((w) => [w.path.length, w.line, w.column])).toEqual([
      [`/config/defaults/a${'/d'.repeat(depth)}/k`.length, 8, text.split('\n')[7]!.indexOf('"k": [2]') + 1],
      ['/name'.length, 10, 3],
    ]);
    expect(repeats[0]!.path.endsWith('/d/d/k')).toBe(true);
    expect(repeats[1]!.message).toBe(
      '"name" appears again in the same object (first at line 3, column 3); JSON parsers keep the last value, so the earlier one is ignored: keep one',
    );
  });

  it('says nothing for the enumerated objects when no key repeats', () => {
    const { report } = validateManifestText(
      manifest(`,
  "config": { "defaults": { "a": 1, "b": {"z": 1} } },
  "extra": { "deep": { "q": 1 } },
  "__proto__": { "p": 1 }`),
      { publisher: 'acme' },
    );
    expect(report.warnings.filter((w) => w.code === 'json.duplicate_key')).toEqual([]);
  });
});

// Editors and jsonc-parser end a line at a lone CR (classic Mac line breaks) as at an LF or a CRLF.
describe('line breaks', () => {
  const lined = (text: string, breaks: string) => text.replace(/\n/g, breaks);
  const places = (text: string) => {
    const { report, text: read } = validateManifestText(text, { publisher: 'acme' });
    const all = [...report.errors, ...report.warnings];
    return diagnosticPositions(read, all).map((at, k) => ({ code: all[k]!.code, path: all[k]!.path, at }));
  };

  it('places diagnostics on the same lines and columns whether the file breaks its lines with LF, CRLF or CR', () => {
    const text = manifest(`,
  "hostAbi": 0,
  "extra": 1,
  "config": { "defaults": { "x": 1 } },
  "contributes": { "site": { "components": [
    "acme.weather-widget.a",
    "acme.weather-widget.a"
  ] } },
  "name": "Again"`);
    const expected = places(text);
    expect(expected.length).toBeGreaterThan(4);
    expect(expected.every(({ at }) => at !== undefined && at.line > 1)).toBe(true);
    expect(places(lined(text, '\r\n'))).toEqual(expected);
    expect(places(lined(text, '\r'))).toEqual(expected);
    // Mixed in one file.
    expect(places(text.replace(/\n/g, (_, i: number) => ['\n', '\r', '\r\n'][i % 3]!))).toEqual(expected);
  });

  it('says where a syntax error is on the line an editor shows', () => {
    const broken = '{\n  "id": "weather-widget",\n  "name": "W"\n  "version": "1.0.0"\n}';
    for (const breaks of ['\n', '\r\n', '\r']) {
      const { report } = validateManifestText(lined(broken, breaks));
      expect(report.errors.map((d) => [d.code, d.line, d.column])).toEqual([['json.syntax', 4, 3]]);
    }
  });
});

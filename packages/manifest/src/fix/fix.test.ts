import { describe, expect, it } from 'vitest';
import { sameJson } from '../diff/collect.js';
import { validateManifest } from '../validate.js';
import { fixManifestText } from './fix.js';
import { unifiedDiff } from './diff.js';

const head = '"id": "w", "name": "W", "version": "1.0.0", "entry": "dist/index.js", "hostAbi": 1, "contributes": {}';
const manifest = (capabilities: string) => `{ ${head}, "capabilities": ${capabilities} }`;
const normalized = (text: string) => validateManifest(JSON.parse(text)).manifest;

describe('fixManifestText', () => {
  it.each([
    ['the last of a run inline', '{ "props": ["a", "b", "b", "b"] }', '{ "props": ["a", "b"] }'],
    ['repeats in the middle inline', '{ "props": ["a", "a", "b", "a"] }', '{ "props": ["a", "b"] }'],
    [
      'lines of their own',
      '{\n  "props": [\n    "a",\n    "a",\n    "b",\n    "b"\n  ]\n}',
      '{\n  "props": [\n    "a",\n    "b"\n  ]\n}',
    ],
    [
      'CRLF, tabs',
      '{\r\n\t"events": [\r\n\t\t"x",\r\n\t\t"x"\r\n\t]\r\n}',
      '{\r\n\t"events": [\r\n\t\t"x"\r\n\t]\r\n}',
    ],
    [
      'an origin written another way, then its canonical repeat',
      '{ "network": ["HTTPS://A.example:443", "https://a.example"] }',
      '{ "network": ["https://a.example"] }',
    ],
  ])('drops repeats and writes canonical origins, the rest as written: %s', (_, caps, want) => {
    const text = manifest(caps);
    const r = fixManifestText(text);
    expect(r.text).toBe(manifest(want));
    expect(sameJson(normalized(r.text), normalized(text))).toBe(true);
    // A second pass has nothing left to do.
    expect(fixManifestText(r.text).fixes).toEqual([]);
  });

  it('edits the occurrence JSON.parse keeps when a key is written twice, and suggests removing the other', () => {
    const text = `{ ${head}, "capabilities": { "props": ["a", "a"] }, "capabilities": { "props": ["b", "b"] } }`;
    const r = fixManifestText(text);
    expect(r.text).toBe(`{ ${head}, "capabilities": { "props": ["a", "a"] }, "capabilities": { "props": ["b"] } }`);
    expect(r.suggestions.map((s) => s.code)).toEqual(['json.duplicate_key']);
  });

  it('lists what needs a decision with a suggestion and changes nothing', () => {
    const text = `{ "id": "weatherWidget", "name": "W", "version": "v1.2", "entry": "dist/index.js", "hostAbi": 1, "contributes": { "site": { "components": ["globex.weather-widget.card"] } } }`;
    const r = fixManifestText(text, { publisher: 'acme' });
    expect(r.text).toBe(text);
    expect(r.fixes).toEqual([]);
    expect(r.suggestions.map((s) => [s.code, s.suggestion])).toEqual(
      expect.arrayContaining([
        ['id.not_kebab_case', '"id": "weather-widget"'],
        ['version.not_semver', '"version": "1.2.0"'],
        ['contributes.site.components.wrong_publisher', '"acme.weather-widget.card"'],
      ]),
    );
  });

  it('leaves a file that is not JSON alone (comments, a trailing comma)', () => {
    for (const text of [manifest('{ "props": ["a", "a"] } // note'), manifest('{ "props": ["a", "a",] }')]) {
      const r = fixManifestText(text);
      expect([r.text, r.fixes, r.report.errors.map((e) => e.code)]).toEqual([text, [], ['json.syntax']]);
    }
  });

  it('fixes 100,000 repeats in time linear in their number', () => {
    const run = (n: number) => {
      const text = manifest(`{ "props": [${Array.from({ length: n }, () => '"a"').join(', ')}] }`);
      const t0 = performance.now();
      const r = fixManifestText(text);
      expect(r.text).toBe(manifest('{ "props": ["a"] }'));
      return performance.now() - t0;
    };
    run(1000);
    const small = run(10_000);
    const large = run(100_000);
    expect(large / small).toBeLessThan(40);
  }, 60_000);

  it('gives a unified diff of the edits, with context and the new line numbers', () => {
    const text = [
      '{',
      `  ${head},`,
      '  "capabilities": {',
      '    "props": [',
      '      "a",',
      '      "a"',
      '    ]',
      '  }',
      '}',
      '',
    ].join('\n');
    const r = fixManifestText(text);
    expect(unifiedDiff(text, r.edits, 'manifest.json')).toBe(
      [
        '--- a/manifest.json',
        '+++ b/manifest.json',
        '@@ -2,8 +2,7 @@',
        `   ${head},`,
        '   "capabilities": {',
        '     "props": [',
        '-      "a",',
        '-      "a"',
        '+      "a"',
        '     ]',
        '   }',
        ' }',
        '',
      ].join('\n'),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { artifactPathProblem, artifactPathsProblem, shownPath } from './path.js';

describe('the artifact path rule', () => {
  it('takes the paths a build writes', () => {
    for (const p of ['manifest.json', 'dist/index.js', 'dist/index.js.map', 'a/b_c/@x/+y/v1.2.3-beta/i-1.mjs'])
      expect(artifactPathProblem(p), p).toBeNull();
  });

  it.each([
    ['', /empty/],
    ['/etc/passwd', /empty segment/],
    ['a//b.js', /empty segment/],
    ['dist/', /empty segment/],
    ['../x.js', /starts with "\."/],
    ['./x.js', /starts with "\."/],
    ['dist/.hidden', /starts with "\."/],
    ['-rf', /starts with "-"/],
    ['~/x', /"~"/],
    ['dist/ABCDEF~1.JS', /"~"/],
    ['a\nb', /U\+000A/],
    ['a\rb', /U\+000D/],
    ['a\u0000b', /U\+0000/],
    ['a\u001b[2Jb', /U\+001B/],
    ['a\u0085b', /U\+0085/],
    ['x\u202egnp.js', /U\+202E/],
    ['a\u200bb', /U\+200B/],
    ['caf\u00e9.js', /U\+00E9/],
    ['a\ud800b', /U\+D800/],
    ['my file.js', /U\+0020/],
    ['a\\b', /U\+005C/],
    ['a:b', /":"/],
    ['a%2e%2e', /"%"/],
    ['$(id)', /"\$"/],
    ['a*b', /"\*"/],
    ['x.', /ends in "\."/],
    ['dist/NUL.js', /device name/],
    ['com1', /device name/],
    ['a/__proto__', /prototype/],
    ['a'.repeat(256), /longer than 255/],
    [`${'a/'.repeat(600)}a`, /longer than 1024/],
  ])('refuses %j', (path, why) => {
    expect(artifactPathProblem(path)).toMatch(why);
  });

  it('refuses a set with a path twice or two paths that differ only by case', () => {
    expect(artifactPathsProblem(['a.js', 'b.js'])).toBeNull();
    expect(artifactPathsProblem(['a.js', 'a.js'])?.problem).toMatch(/twice/);
    expect(artifactPathsProblem(['dist/A.js', 'dist/a.js'])?.problem).toMatch(/only by case/);
  });

  it('shows any path as printable ASCII that cannot pass for another line or act on a terminal', () => {
    expect(shownPath('dist/index.js')).toBe('dist/index.js');
    expect(shownPath('a\nb')).toBe('"a\\u000ab"');
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (path) => {
        const shown = shownPath(path);
        expect(shown).toMatch(/^[\x20-\x7e]*$/);
        if (artifactPathProblem(path) !== null) expect(shown.startsWith('"')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

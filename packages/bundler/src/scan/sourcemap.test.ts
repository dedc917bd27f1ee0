import { describe, expect, it } from 'vitest';
import type { ManifestLike } from '../types.js';
import { scanCode } from './scan.js';

// Generated 1:0 → a.ts 1:0; 2:0 → a.ts 2:0; 2:4 → a.ts 2:4; 2:6 → b.js 1:5.
const map = JSON.stringify({
  version: 3,
  sources: ['../src/a.ts', '../node_modules/lib/b.js'],
  sourcesContent: ['const a = 1;\nthrow new Error(a);\n', 'export const b = 2;\n'],
  mappings: 'AAAA;AACA,IAAI,ECDC',
});
const manifest: ManifestLike = { id: 'm', version: '1.0.0', entry: 'index.js', hostAbi: 1 };

/** Where the scan places a bundle that throws `stack` (a thrown string is its own stack). */
async function placed(stack: string, mapText = map): Promise<unknown> {
  const r = await scanCode(
    { code: `throw ${JSON.stringify(stack)};`, map: { text: mapText, dir: 'dist' } },
    'index.js',
    manifest,
  );
  expect(r.errors[0]!.code).toBe('scan.threw');
  return r.errors[0]!.location;
}

describe('placing a scan failure through the source map', () => {
  it('maps a bundle position to the source line and column, relative to the extension folder', async () => {
    expect(await placed('at index.js:1:1')).toEqual({ file: 'src/a.ts', line: 1, column: 0, lineText: 'const a = 1;' });
    expect(await placed('at index.js:2:6')).toEqual({
      file: 'src/a.ts',
      line: 2,
      column: 4,
      lineText: 'throw new Error(a);',
    });
    expect(await placed('at index.js:2:10')).toEqual({
      file: 'node_modules/lib/b.js',
      line: 1,
      column: 5,
      lineText: 'export const b = 2;',
    });
  });

  it("prefers the extension's own source to a package's, whichever frame comes first", async () => {
    expect(await placed('at index.js:2:10\n at index.js:2:6')).toMatchObject({ file: 'src/a.ts', line: 2 });
  });

  it('falls back to the bundle position when the map does not cover it or is not a map', async () => {
    const bundlePosition = { file: 'index.js', line: 7, column: 0, lineText: '' };
    expect(await placed('at index.js:7:1')).toEqual(bundlePosition);
    expect(await placed('at index.js:7:1', 'nope')).toEqual(bundlePosition);
    expect(await placed('at index.js:7:1', '{"sources":[]}')).toEqual(bundlePosition);
  });

  it("places a hostile failure within the scan's limits: a map parsed once, the positions capped, the main thread free", async () => {
    // A minified bundle's 2 MB of mappings (one line, 400,000 segments), and a thrown text that
    // names a bundle position 200 times: the old decoder re-parsed the whole map for each, on
    // the main thread (4 MB and 200 positions held it 25 s).
    const big = JSON.stringify({ version: 3, sources: ['../src/a.ts'], mappings: `AAAA${',CAAC'.repeat(400_000)}` });
    let longest = 0;
    let last = performance.now();
    const tick = setInterval(() => {
      longest = Math.max(longest, performance.now() - last);
      last = performance.now();
    }, 10);
    const t0 = performance.now();
    try {
      expect(await placed('index.js:1:300001 '.repeat(200), big)).toEqual({
        file: 'src/a.ts',
        line: 1,
        column: 300_000,
        lineText: '',
      });
    } finally {
      clearInterval(tick);
    }
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(longest).toBeLessThan(500);
  });

  it("keeps the run's verdict when its map is beyond the scan's limits, and places it in the bundle", async () => {
    // 800,000 mapped lines decode to more than the scan's heap: the failure keeps its bundle position.
    const huge = JSON.stringify({ version: 3, sources: ['../src/a.ts'], mappings: `AAAA${';AACA'.repeat(800_000)}` });
    const t0 = performance.now();
    expect(await placed('index.js:700000:1 '.repeat(200), huge)).toEqual({
      file: 'index.js',
      line: 700_000,
      column: 0,
      lineText: '',
    });
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});

import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { DEFAULT_SIZE_BUDGET, measure, parseSize } from './size.js';

describe('measure', () => {
  const bundle = Buffer.from('registerComponent("a.b.c", () => {});'.repeat(200));
  const parts = {
    css: 10,
    assets: 0,
    top: [
      { path: 'src/index.ts', bytes: 900 },
      { path: 'left-pad@1.3.0/index.js', bytes: 300 },
    ],
  };
  it('gives the raw and gzipped size, stylesheet and assets included', () => {
    const { size, diagnostic } = measure(bundle, { gzip: DEFAULT_SIZE_BUDGET, enforced: false }, parts);
    expect(size).toEqual({
      raw: bundle.byteLength,
      gzip: gzipSync(bundle, { level: 9 }).byteLength,
      budget: 65536,
      enforced: false,
      css: 10,
      assets: 0,
      top: parts.top,
    });
    expect(diagnostic).toBeNull();
  });

  it("names the largest inputs past the budget, and says whether it is the project's gate or the kit's default", () => {
    const gate = measure(bundle, { gzip: 10, enforced: true }, parts).diagnostic!;
    expect(gate.code).toBe('build.size_budget');
    expect(gate.message).toMatch(/The project sets this budget[\s\S]*src\/index\.ts\n.*left-pad@1\.3\.0\/index\.js$/);
    expect(measure(bundle, { gzip: 10, enforced: false }, parts).diagnostic!.message).toContain(
      "the kit's default budget",
    );
  });
});

describe('parseSize', () => {
  it('reads sizes as package.json writes them; KB and KiB are both 1024 bytes', () => {
    expect(['64 KB', '64KB', '64 kib', '65536', '0.0625 MB'].map(parseSize)).toEqual([
      65536, 65536, 65536, 65536, 65536,
    ]);
    expect(parseSize(51200)).toBe(51200);
    expect(['', 'lots', '-1 KB', '0', '64 XB', 0, -5, null, {}].map(parseSize)).toEqual(Array(9).fill(null));
  });
});

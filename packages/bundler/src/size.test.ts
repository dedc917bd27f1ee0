import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { DEFAULT_SIZE_BUDGET, measure } from './size.js';

describe('measure', () => {
  const bundle = Buffer.from('registerComponent("a.b.c", () => {});'.repeat(200));
  it('gives the raw and gzipped size', () => {
    const { size, warning } = measure(bundle, DEFAULT_SIZE_BUDGET);
    expect(size).toEqual({ raw: bundle.byteLength, gzip: gzipSync(bundle, { level: 9 }).byteLength, budget: 102400 });
    expect(warning).toBeNull();
  });

  it('warns past the budget', () => {
    expect(measure(bundle, 10).warning).toMatchObject({ code: 'build.size_budget' });
  });
});

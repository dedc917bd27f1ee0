import { describe, expect, it } from 'vitest';
import { originalLocation } from './sourcemap.js';

// Generated 1:0 → a.ts 1:0; 2:0 → a.ts 2:0; 2:4 → a.ts 2:4; 2:6 → b.js 1:5.
const map = JSON.stringify({
  version: 3,
  sources: ['../src/a.ts', '../node_modules/lib/b.js'],
  sourcesContent: ['const a = 1;\nthrow new Error(a);\n', 'export const b = 2;\n'],
  mappings: 'AAAA;AACA,IAAI,ECDC',
});

describe('originalLocation', () => {
  it('maps a bundle position to the source line and column, relative to the extension folder', () => {
    expect(originalLocation(map, 'dist', 1, 0)).toEqual({
      file: 'src/a.ts',
      line: 1,
      column: 0,
      lineText: 'const a = 1;',
    });
    expect(originalLocation(map, 'dist', 2, 5)).toEqual({
      file: 'src/a.ts',
      line: 2,
      column: 4,
      lineText: 'throw new Error(a);',
    });
    expect(originalLocation(map, 'dist', 2, 9)).toEqual({
      file: 'node_modules/lib/b.js',
      line: 1,
      column: 5,
      lineText: 'export const b = 2;',
    });
  });

  it('says null when the map does not cover the position or is not a map', () => {
    expect(originalLocation(map, 'dist', 7, 0)).toBeNull();
    expect(originalLocation('nope', 'dist', 1, 0)).toBeNull();
    expect(originalLocation('{"sources":[]}', 'dist', 1, 0)).toBeNull();
  });
});

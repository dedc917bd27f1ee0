import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNTIME_DIR, esbuildOptions, relocateSources } from './esbuild.js';

describe('relocateSources', () => {
  it('keeps the extension\'s own sources as esbuild wrote them, relative to the map', () => {
    const map = JSON.stringify({ version: 3, sources: ['../src/index.ts', '../../shared/util.ts'], mappings: '' });
    expect(JSON.parse(relocateSources(map, '/home/dev/ext', 'dist/index.js')).sources).toEqual(['../src/index.ts', '../../shared/util.ts']);
  });

  it('gives a runtime source the same name wherever the extension lives', () => {
    const relocate = (root: string) => {
      const rel = join(root, 'dist').split('/').filter(Boolean).map(() => '..').join('/') + join(RUNTIME_DIR, 'src/register.ts');
      return JSON.parse(relocateSources(JSON.stringify({ sources: [rel] }), root, 'dist/index.js')).sources[0];
    };
    expect(relocate('/tmp/a')).toBe('../node_modules/@extkit/runtime/src/register.ts');
    expect(relocate('/home/someone/deep/ext')).toBe('../node_modules/@extkit/runtime/src/register.ts');
  });
});

describe('esbuildOptions', () => {
  it('bundle one minified browser script with a linked map and the kit\'s runtime', () => {
    const o = esbuildOptions('/x', 'src/index.ts', 'dist/index.js');
    expect(o).toMatchObject({ format: 'iife', platform: 'browser', bundle: true, write: false, sourcemap: 'linked', minify: true, outfile: '/x/dist/index.js' });
    expect(o.alias?.['@extkit/runtime']).toBe(join(RUNTIME_DIR, 'dist/index.js'));
  });
});

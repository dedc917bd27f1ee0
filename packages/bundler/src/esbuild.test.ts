import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNTIME_DIR, esbuildOptions, kitNotes, relocateSources } from './esbuild.js';

describe('relocateSources', () => {
  it("keeps the extension's own sources as esbuild wrote them, relative to the map", () => {
    const map = JSON.stringify({ version: 3, sources: ['../src/index.ts', '../../shared/util.ts'], mappings: '' });
    expect(JSON.parse(relocateSources(map, '/home/dev/ext', 'dist/index.js')).sources).toEqual([
      '../src/index.ts',
      '../../shared/util.ts',
    ]);
  });

  it('gives a runtime source the same name wherever the extension lives', () => {
    const relocate = (root: string) => {
      const rel =
        join(root, 'dist')
          .split('/')
          .filter(Boolean)
          .map(() => '..')
          .join('/') + join(RUNTIME_DIR, 'src/register.ts');
      return JSON.parse(relocateSources(JSON.stringify({ sources: [rel] }), root, 'dist/index.js')).sources[0];
    };
    expect(relocate('/tmp/a')).toBe('@extkit/runtime@0.1.0/src/register.ts');
    expect(relocate('/home/someone/deep/ext')).toBe('@extkit/runtime@0.1.0/src/register.ts');
  });

  it('names a package file <name>@<version>/<path> whether npm, pnpm or a workspace laid it out', () => {
    const root = mkdtempSync(join(tmpdir(), 'extkit-layout-'));
    const pkg = (dir: string, name: string, version: string) => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version }));
    };
    pkg(join(root, 'ext/node_modules/left-pad'), 'left-pad', '1.3.0');
    pkg(join(root, 'ext/node_modules/.pnpm/@scope+util@2.0.0/node_modules/@scope/util'), '@scope/util', '2.0.0');
    pkg(join(root, 'node_modules/.pnpm/left-pad@1.3.0/node_modules/left-pad'), 'left-pad', '1.3.0');
    pkg(join(root, 'packages/shared'), '@acme/shared', '0.2.0');
    const map = JSON.stringify({
      sources: [
        '../node_modules/left-pad/index.js',
        '../node_modules/.pnpm/@scope+util@2.0.0/node_modules/@scope/util/lib/a.js',
        '../../node_modules/.pnpm/left-pad@1.3.0/node_modules/left-pad/index.js',
        '../../packages/shared/src/x.ts',
        '../src/index.ts',
      ],
    });
    expect(JSON.parse(relocateSources(map, join(root, 'ext'), 'dist/index.js')).sources).toEqual([
      'left-pad@1.3.0/index.js',
      '@scope/util@2.0.0/lib/a.js',
      'left-pad@1.3.0/index.js',
      '@acme/shared@0.2.0/src/x.ts',
      '../src/index.ts',
    ]);
  });
});

describe('esbuildOptions', () => {
  it("bundle one minified browser script with a linked map and the kit's runtime", () => {
    const o = esbuildOptions('/x', 'src/index.ts', 'dist/index.js');
    expect(o).toMatchObject({
      format: 'iife',
      platform: 'browser',
      bundle: true,
      write: false,
      sourcemap: 'linked',
      minify: true,
      outfile: '/x/dist/index.js',
    });
    expect(o.alias?.['@extkit/runtime']).toBe(join(RUNTIME_DIR, 'dist/index.js'));
  });
});

describe('kitNotes', () => {
  it('replaces esbuild\'s "mark as external" and platform "node" advice, which do not apply to an extension bundle', () => {
    const external = kitNotes('Could not resolve "@acme/maps/leaflet"', [
      {
        text: 'You can mark the path "@acme/maps/leaflet" as external to exclude it from the bundle, which will remove this error and leave the unresolved path in the bundle.',
      },
    ]);
    expect(external).toEqual([expect.stringContaining('npm install @acme/maps')]);
    expect(external[0]).not.toContain('external');
    const node = kitNotes('Could not resolve "fs"', [
      {
        text: 'The package "fs" wasn\'t found on the file system but is built into node. Are you trying to bundle for node? You can use "platform: \'node\'" to do that, which will remove this error.',
      },
    ]);
    expect(node).toEqual([expect.stringContaining("Node's built-in modules")]);
    expect(kitNotes('Could not resolve "./missing"', [{ text: 'other advice' }])).toEqual(['other advice']);
  });
});

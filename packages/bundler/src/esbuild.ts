import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { BuildOptions as EsbuildOptions } from 'esbuild';
import { ASSET_EXTENSIONS } from './assets.js';
import type { WireMessage } from './scan/worker.js';
import type { Diagnostic } from './types.js';

const require = createRequire(import.meta.url);

/** The folder of the kit's own @extkit/runtime package, which every extension bundles. */
export const RUNTIME_DIR = dirname(require.resolve('@extkit/runtime/package.json'));

/** Where esbuild's JavaScript API is, for the build worker to load. */
export const ESBUILD_PATH = require.resolve('esbuild');

/**
 * The esbuild options of an extension build: one minified browser script (IIFE)
 * at `<root>/<entry>`, a linked source map (with the sources' text unless
 * `sourcesContent: false`), images and fonts inlined, a metafile, and `@extkit/runtime` resolved to the
 * kit's own runtime wherever the extension lives. Nothing is written to disk.
 */
export function esbuildOptions(
  root: string,
  source: string,
  entry: string,
  options: { sourcesContent?: boolean } = {},
): EsbuildOptions {
  return {
    absWorkingDir: root,
    entryPoints: [source],
    outfile: join(root, entry),
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    sourcemap: 'linked',
    sourcesContent: options.sourcesContent ?? true,
    metafile: true,
    // Images and fonts, imported from code or CSS, are inlined (outputs.ts checks their size).
    loader: Object.fromEntries(ASSET_EXTENSIONS.map((e) => [e, 'dataurl' as const])),
    charset: 'utf8',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    // esbuild picks the longest alias that matches, so the subpath needs its own.
    alias: {
      '@extkit/runtime': join(RUNTIME_DIR, 'dist', 'index.js'),
      '@extkit/runtime/bridge': join(RUNTIME_DIR, 'dist', 'bridge', 'index.js'),
      '@extkit/runtime/routing': join(RUNTIME_DIR, 'dist', 'routing', 'index.js'),
    },
    logLevel: 'silent',
  };
}

/**
 * esbuild's notes with the kit's advice in place of advice that does not apply to an
 * extension's bundle (one self-contained browser script): marking a path external
 * leaves an import nothing can load, and platform "node" is not the frame it runs in.
 */
export function kitNotes(text: string, notes: ReadonlyArray<{ text: string }>): string[] {
  const name = /Could not resolve "([^"]+)"/.exec(text)?.[1];
  return notes.map((n) => {
    if (/as external to exclude it from the bundle/.test(n.text)) {
      const install =
        name && !name.startsWith('.') && !name.startsWith('/')
          ? `Install it in the extension folder (npm install ${name.replace(/^(@[^/]+\/[^/]+|[^/]+).*$/, '$1')}), or fix the import`
          : 'Fix the import path';
      return `${install}: an extension's bundle is one self-contained script, so every import must resolve when it is built.`;
    }
    if (/platform: ['"]node['"]/.test(n.text))
      return `${name ? `"${name}" is` : 'This is'} one of Node's built-in modules, which do not exist in the browser frame an extension runs in: use a browser API, or a package made for the browser.`;
    return n.text;
  });
}

/** An esbuild message as a diagnostic: its text, file, line, column and line text. */
export function fromEsbuild(m: WireMessage, code: string): Diagnostic {
  const d: Diagnostic = {
    code,
    message:
      m.text +
      kitNotes(m.text, m.notes)
        .map((n) => `\n  ${n}`)
        .join(''),
  };
  if (m.location) {
    d.location = {
      file: m.location.file,
      line: m.location.line,
      column: m.location.column,
      lineText: m.location.lineText,
    };
  }
  return d;
}

/** The folder and `name@version` of the package a file outside the extension's own sources belongs to. */
function packageOf(file: string, cache: PackageCache): { dir: string; id: string } | null {
  const parts = file.split(sep);
  const nm = parts.lastIndexOf('node_modules');
  // Inside node_modules the package is the folder after the last node_modules (two for a scope); elsewhere the nearest package.json.
  const starts =
    nm >= 0 ? [parts.slice(0, nm + (parts[nm + 1]?.startsWith('@') ? 3 : 2)).join(sep)] : ancestors(dirname(file));
  for (const dir of starts) {
    if (!cache.has(dir)) {
      let found: { dir: string; id: string } | null = null;
      try {
        const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
          name?: unknown;
          version?: unknown;
        };
        if (typeof pkg.name === 'string' && pkg.name)
          found = { dir, id: `${pkg.name}@${typeof pkg.version === 'string' ? pkg.version : '0.0.0'}` };
      } catch {
        found = null;
      }
      cache.set(dir, found);
    }
    const hit = cache.get(dir);
    if (hit) return hit;
  }
  return null;
}

function ancestors(dir: string): string[] {
  const out = [dir];
  while (dirname(out[out.length - 1]!) !== out[out.length - 1]) out.push(dirname(out[out.length - 1]!));
  return out;
}

/**
 * Makes the map's `sources` independent of the package manager's layout and of where
 * the kit is installed: a file of a package (under node_modules, or outside the
 * extension folder, as the kit's runtime or a linked workspace package) is named
 * `<name>@<version>/<path in the package>`. The extension's own sources stay
 * relative to the map as esbuild wrote them.
 */
export function relocateSources(mapText: string, root: string, entry: string): string {
  const map = JSON.parse(mapText) as { sources: string[] };
  map.sources = map.sources.map(sourceRelocation(root, entry));
  return `${JSON.stringify(map)}\n`;
}

/** The name relocateSources gives each source esbuild's map names. */
export function sourceRelocation(root: string, entry: string): (source: string) => string {
  const mapDir = dirname(join(root, entry));
  const cache: PackageCache = new Map();
  return (s) => sourceName(root, resolve(mapDir, s), cache, true) ?? s;
}

export type PackageCache = Map<string, { dir: string; id: string } | null>;

/**
 * The layout-independent name of the file `abs`: `<name>@<version>/<path>` for a
 * package's file; for the extension's own, its path relative to `root` (null when
 * `ownIsNull`, for callers that keep their own spelling); null when no package owns it.
 */
export function sourceName(
  root: string,
  abs: string,
  cache: PackageCache = new Map(),
  ownIsNull = false,
): string | null {
  const own = relative(root, abs);
  if (own !== '..' && !own.startsWith(`..${sep}`) && !isAbsolute(own) && !own.split(sep).includes('node_modules'))
    return ownIsNull ? null : own.split(sep).join('/');
  const pkg = packageOf(abs, cache);
  return pkg ? `${pkg.id}/${relative(pkg.dir, abs).split(sep).join('/')}` : null;
}

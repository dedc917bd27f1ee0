import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { BuildOptions as EsbuildOptions } from 'esbuild';
import type { BuiltReply, WireMessage } from './scan/worker.js';
import type { Diagnostic } from './types.js';

const require = createRequire(import.meta.url);

/** The folder of the kit's own @extkit/runtime package, which every extension bundles. */
export const RUNTIME_DIR = dirname(require.resolve('@extkit/runtime/package.json'));

/** Where esbuild's JavaScript API is, for the build worker to load. */
export const ESBUILD_PATH = require.resolve('esbuild');

/**
 * The esbuild options of an extension build: one minified browser script (IIFE)
 * at `<root>/<entry>`, a linked source map, and `@extkit/runtime` resolved to the
 * kit's own runtime wherever the extension lives. Nothing is written to disk.
 */
export function esbuildOptions(root: string, source: string, entry: string): EsbuildOptions {
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
    charset: 'utf8',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { '@extkit/runtime': join(RUNTIME_DIR, 'dist', 'index.js') },
    logLevel: 'silent',
  };
}

/** An esbuild message as a diagnostic: its text, file, line, column and line text. */
export function fromEsbuild(m: WireMessage, code: string): Diagnostic {
  const d: Diagnostic = { code, message: m.text + m.notes.map((n) => `\n  ${n.text}`).join('') };
  if (m.location) {
    d.location = { file: m.location.file, line: m.location.line, column: m.location.column, lineText: m.location.lineText };
  }
  return d;
}

/**
 * Makes the map's `sources` independent of where the kit is installed: a runtime
 * file is named as if the extension had installed the runtime in its own
 * node_modules. Sources inside the extension stay relative to the map as esbuild wrote them.
 */
export function relocateSources(mapText: string, root: string, entry: string): string {
  const map = JSON.parse(mapText) as { sources: string[] };
  const mapDir = dirname(join(root, entry));
  map.sources = map.sources.map((s) => {
    const abs = resolve(mapDir, s);
    if (!abs.startsWith(RUNTIME_DIR + sep)) return s;
    return relative(mapDir, join(root, 'node_modules', '@extkit', 'runtime', relative(RUNTIME_DIR, abs))).split(sep).join('/');
  });
  return `${JSON.stringify(map)}\n`;
}

/** The bundle and its source map, or esbuild's errors. */
export type BundleOutcome = { ok: true; code: Uint8Array; map: Uint8Array; warnings: Diagnostic[] } | { ok: false; errors: Diagnostic[]; warnings: Diagnostic[] };

/** Turns the build worker's answer into the bundle and its relocated map, or diagnostics. */
export function bundleOutcome(reply: BuiltReply, root: string, entry: string): BundleOutcome {
  const warnings = reply.warnings.map((w) => fromEsbuild(w, 'build.bundle_warning'));
  if (!reply.ok) return { ok: false, errors: reply.errors.map((e) => fromEsbuild(e, 'build.bundle_error')), warnings };
  const outfile = join(root, entry);
  const js = reply.files.find((f) => f.path === outfile);
  const map = reply.files.find((f) => f.path === `${outfile}.map`);
  if (!js || !map) throw new Error(`esbuild wrote no ${entry} and ${entry}.map`);
  return { ok: true, code: js.contents, map: Buffer.from(relocateSources(Buffer.from(map.contents).toString('utf8'), root, entry)), warnings };
}

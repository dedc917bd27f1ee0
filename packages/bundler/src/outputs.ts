// What the bundle is made of: esbuild's output files taken into one script (its
// stylesheet appended for the runtime to adopt), and the metafile's account of
// which inputs take how many bytes. Shared by `build` and the preview's builder.
import { adoptStyles } from '@extkit/runtime';
import { join, relative, resolve } from 'node:path';
import { ASSET_EXTENSIONS, ASSET_INLINE_LIMIT } from './assets.js';
import { fromEsbuild, relocateSources, sourceName, type PackageCache } from './esbuild.js';
import type { BuiltReply } from './scan/worker.js';
import type { Diagnostic } from './types.js';

/** The part of esbuild's metafile the kit reads. */
export interface Metafile {
  inputs: Record<string, { bytes: number; imports?: Array<{ path: string }> }>;
  outputs: Record<string, { bytes: number; inputs: Record<string, { bytesInOutput: number }> }>;
}

/** One input of the bundle and the bytes it takes in it. */
export interface Contributor {
  /** Relative to the extension folder, or `<name>@<version>/...` for a package's file. */
  path: string;
  bytes: number;
}

/** The bundle as the artifact takes it: the script with its stylesheet, the map, and the stylesheet's size. */
export type TakenOutputs =
  { ok: true; code: Uint8Array; map: Uint8Array; cssBytes: number } | { ok: false; errors: Diagnostic[] };

const text = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

/** The runtime's adoptStyles as the bundle carries it: its compiled text on one line (every statement of it ends with a semicolon or a brace). */
const ADOPT_STYLES = String(adoptStyles).replace(/\s*\n\s*/g, '');

/**
 * Takes esbuild's outputs for the bundle at `outfile`: the script, its map, and the
 * stylesheet esbuild writes beside it when the source imports CSS, which is appended
 * to the script as a call of the runtime's adoptStyles (the stylesheet's own map is
 * not kept). Any other output is an error: nothing esbuild makes is dropped silently.
 */
export function takeOutputs(
  files: ReadonlyArray<{ path: string; contents: Uint8Array }>,
  outfile: string,
  root: string,
): TakenOutputs {
  const js = files.find((f) => f.path === outfile);
  const map = files.find((f) => f.path === `${outfile}.map`);
  const css = files.filter((f) => f.path.endsWith('.css'));
  const other = files.filter(
    (f) =>
      f !== js &&
      f !== map &&
      !css.includes(f) &&
      !(f.path.endsWith('.css.map') && css.some((c) => `${c.path}.map` === f.path)),
  );
  const errors: Diagnostic[] = other.map((f) => ({
    code: 'build.output_unexpected',
    message: `esbuild produced ${relative(root, f.path)}, which the artifact does not take; the build refuses rather than drop it. This is a bug in extkit if the source is ordinary: please report it with the import that causes it.`,
  }));
  if (!js || !map)
    errors.push({
      code: 'build.output_unexpected',
      message: `esbuild produced no ${relative(root, outfile)} and ${relative(root, outfile)}.map; this is a bug in extkit, please report it.`,
    });
  if (css.length > 1)
    errors.push({
      code: 'build.output_unexpected',
      message: `esbuild produced ${css.length} stylesheets (${css.map((c) => relative(root, c.path)).join(', ')}); the bundle takes one. This is a bug in extkit, please report it.`,
    });
  if (errors.length > 0 || !js || !map) return { ok: false, errors };
  const sheet = css[0]
    ? text(css[0].contents)
        .replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '')
        .trim()
    : '';
  return {
    ok: true,
    code: sheet ? withStyles(js.contents, sheet) : js.contents,
    map: map.contents,
    cssBytes: Buffer.byteLength(sheet),
  };
}

/**
 * The script followed by `(adoptStyles)("<css>")`, on its own line before the
 * source-map comment: lines after the last mapped one leave the map as it is.
 */
function withStyles(script: Uint8Array, css: string): Uint8Array {
  const code = text(script);
  const call = `;(${ADOPT_STYLES})(${JSON.stringify(css)});\n`;
  const at = code.lastIndexOf('//# sourceMappingURL=');
  return Buffer.from(
    at >= 0 ? code.slice(0, at) + call + code.slice(at) : `${code}${code.endsWith('\n') ? '' : '\n'}${call}`,
  );
}

/** Every input of the bundle (script and stylesheet) by the bytes it takes in the output, largest first. */
export function contributors(metafile: Metafile, root: string): Contributor[] {
  const bytes = new Map<string, number>();
  const cache: PackageCache = new Map();
  for (const output of Object.values(metafile.outputs)) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const name = sourceName(root, resolve(root, input), cache) ?? input;
      bytes.set(name, (bytes.get(name) ?? 0) + bytesInOutput);
    }
  }
  return [...bytes]
    .map(([path, n]) => ({ path, bytes: n }))
    .filter((c) => c.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes || (a.path < b.path ? -1 : 1));
}

const isAsset = (path: string): boolean => ASSET_EXTENSIONS.some((e) => path.toLowerCase().endsWith(e));

/** Bytes of images and fonts inlined into the bundle (as base64), and an error for each one over ASSET_INLINE_LIMIT. */
export function checkAssets(metafile: Metafile): { bytes: number; errors: Diagnostic[] } {
  let bytes = 0;
  const errors: Diagnostic[] = [];
  for (const [input, { bytes: size }] of Object.entries(metafile.inputs)) {
    if (!isAsset(input)) continue;
    // esbuild counts an asset a stylesheet inlines as the stylesheet's bytes: its base64 is what it adds.
    bytes += Math.ceil(size / 3) * 4;
    if (size <= ASSET_INLINE_LIMIT) continue;
    const importers = Object.entries(metafile.inputs)
      .filter(([, i]) => i.imports?.some((x) => x.path === input))
      .map(([p]) => p);
    errors.push({
      code: 'build.asset_too_large',
      message: `${input} is ${(size / 1024).toFixed(1)} KiB${importers.length ? ` (imported by ${importers.join(', ')})` : ''}; images and fonts are inlined into the bundle as data URLs, up to ${ASSET_INLINE_LIMIT / 1024} KiB each, and every placement downloads the bundle. Include it smaller (compress it, use SVG or WOFF2, subset the font), or fetch it at run time from an origin declared in capabilities.network.`,
      location: { file: input, line: 1, column: 0, lineText: '' },
    });
  }
  return { bytes, errors };
}

/** The bundle as the build takes it, with what it is made of; or esbuild's (or the kit's) errors. */
export type BundleOutcome =
  | {
      ok: true;
      code: Uint8Array;
      map: Uint8Array;
      cssBytes: number;
      assetBytes: number;
      metafile: Metafile;
      warnings: Diagnostic[];
    }
  | { ok: false; errors: Diagnostic[]; warnings: Diagnostic[]; metafile?: Metafile };

/** Turns the build worker's answer into the bundle (stylesheet taken in) and its relocated map, or diagnostics. */
export function bundleOutcome(reply: BuiltReply, root: string, entry: string): BundleOutcome {
  const warnings = reply.warnings.map((w) => fromEsbuild(w, 'build.bundle_warning'));
  if (!reply.ok) return { ok: false, errors: reply.errors.map((e) => fromEsbuild(e, 'build.bundle_error')), warnings };
  const metafile = reply.metafile as Metafile;
  const taken = takeOutputs(reply.files, join(root, entry), root);
  const assets = checkAssets(metafile);
  if (!taken.ok || assets.errors.length > 0)
    return { ok: false, errors: [...(taken.ok ? [] : taken.errors), ...assets.errors], warnings, metafile };
  const map = Buffer.from(relocateSources(text(taken.map), root, entry));
  return { ok: true, code: taken.code, map, cssBytes: taken.cssBytes, assetBytes: assets.bytes, metafile, warnings };
}

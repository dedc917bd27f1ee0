// The preview's incremental build: one esbuild context per session, rebuilt on
// every source change, bundle kept in memory. Errors come back as diagnostics
// with file, line, column and a code frame.
import { readFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import { esbuildOptions, kitNotes, takeOutputs } from '@extkit/bundler';
import type { FileLocation, PreviewDiagnostic } from '../types.js';
import { codeFrame } from '@extkit/manifest/terminal';
import type { BuildOptions } from 'esbuild';
import { isBuildFailure, loadEsbuild, type EsbuildContext, type EsbuildMessage } from './esbuild.js';

export type BuildOutcome =
  | { ok: true; code: string; map: string; warnings: PreviewDiagnostic[]; ms: number }
  | { ok: false; errors: PreviewDiagnostic[]; warnings: PreviewDiagnostic[]; ms: number };

export interface Builder {
  rebuild(): Promise<BuildOutcome>;
  dispose(): Promise<void>;
}

/** Where the bundle would be written; the preview keeps it in memory. */
const VIRTUAL_OUT = '.extkit-preview/bundle.js';

/**
 * The build's own esbuild options (@extkit/bundler: browser IIFE, the kit's
 * runtime), unminified with a separate source map (the frame document inlines
 * the bundle, so the map is served beside it for the browser's devtools), and
 * no metafile: the preview reads none, and each rebuild would write one.
 */
export function previewOptions(dir: string, entry: string): BuildOptions {
  return { ...esbuildOptions(dir, entry, VIRTUAL_OUT), minify: false, sourcemap: 'external', metafile: false };
}

/** Creates the incremental build of `entry` (an absolute path) for the extension in `dir`. */
export async function createBuilder(dir: string, entry: string): Promise<Builder> {
  const esbuild = await loadEsbuild();
  const toDiagnostics = (messages: EsbuildMessage[], severity: PreviewDiagnostic['severity']): PreviewDiagnostic[] =>
    messages.map((m) => toDiagnostic(dir, m, severity));
  let ctx: EsbuildContext | undefined;
  const start = Date.now();
  try {
    ctx = await esbuild.context(previewOptions(dir, entry));
  } catch (err) {
    if (!isBuildFailure(err)) throw err;
    const failed: BuildOutcome = {
      ok: false,
      errors: toDiagnostics(err.errors, 'error'),
      warnings: [],
      ms: Date.now() - start,
    };
    return { rebuild: async () => failed, dispose: async () => {} };
  }
  const context = ctx;
  return {
    async rebuild() {
      const t0 = performance.now();
      try {
        const result = await context.rebuild();
        const ms = Math.round(performance.now() - t0);
        // The bundle as the artifact takes it: its stylesheet (CSS the source imports) goes in with it.
        const taken = takeOutputs(result.outputFiles ?? [], join(dir, VIRTUAL_OUT), dir);
        const warnings = toDiagnostics(result.warnings, 'warning');
        if (!taken.ok)
          return {
            ok: false,
            errors: taken.errors.map((e) => ({ code: 'build.error', severity: 'error' as const, message: e.message })),
            warnings,
            ms,
          };
        return {
          ok: true,
          code: Buffer.from(taken.code).toString('utf8'),
          map: Buffer.from(taken.map).toString('utf8'),
          warnings,
          ms,
        };
      } catch (err) {
        if (!isBuildFailure(err)) throw err;
        const ms = Math.round(performance.now() - t0);
        return {
          ok: false,
          errors: toDiagnostics(err.errors, 'error'),
          warnings: toDiagnostics(err.warnings, 'warning'),
          ms,
        };
      }
    },
    dispose: () => context.dispose(),
  };
}

function toDiagnostic(dir: string, m: EsbuildMessage, severity: PreviewDiagnostic['severity']): PreviewDiagnostic {
  const notes = kitNotes(m.text, m.notes).filter(Boolean);
  const d: PreviewDiagnostic = {
    code: severity === 'error' ? 'build.error' : 'build.warning',
    severity,
    message: [m.text, ...notes].join('\n'),
  };
  if (m.location) {
    const abs = isAbsolute(m.location.file) ? m.location.file : join(dir, m.location.file);
    const location: FileLocation = { ...m.location, file: relative(dir, abs) || m.location.file };
    d.location = location;
    try {
      d.frame = codeFrame(readFileSync(abs, 'utf8'), location.line, location.column);
    } catch {
      d.frame = codeFrame(m.location.lineText, m.location.line, m.location.column, { lineOnly: true });
    }
  }
  return d;
}

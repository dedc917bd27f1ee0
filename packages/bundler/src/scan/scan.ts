import { readFile } from 'node:fs/promises';
import { dirname, sep } from 'node:path';
import type { Diagnostic, Location, ManifestLike, ScanOptions, ScanResult } from '../types.js';
import { checkRegistrations, toRegistrations } from './check.js';
import { ScanWorker, type ScanOutcome } from './run.js';
import { isPackageSource, sourceLocation } from './sourcemap.js';
import type { SourcePosition } from './worker.js';

/** Default wall-clock limit of a scan. */
export const DEFAULT_SCAN_TIMEOUT_MS = 2000;

const NO_DOM_HINT =
  "The scan evaluates the bundle without a DOM or network (ECMAScript built-ins, console, timers, animation frames, queueMicrotask, performance.now, and window and self as the global): touch document, window's DOM members, fetch and the like inside a mount function, not when the bundle loads.";

/** A failure the missing DOM explains: a name the scan's global lacks, or a DOM method called on `window`. */
const NO_DOM = /is not defined|\b(window|self)\.[\w$]+ is not a function/;

/**
 * The bundle and, when there is one, its source map, to place a failure in the source: the
 * map's text (the scan process parses it; a build's scan takes the map esbuild wrote), its
 * folder in the extension, and the name the artifact's map gives each source esbuild names.
 */
export interface BundleText {
  code: string;
  map?: { text?: string; dir: string; rename?: (source: string) => string };
}

/**
 * Where a stack trace points: the first frame in the extension's own source
 * (through the source map, skipping the kit's runtime and other packages), else
 * the first frame in the bundle itself. The scan process read the frames and
 * mapped them (at most MAX_MAPPED_POSITIONS, the map parsed once).
 */
function locate(
  outcome: Extract<ScanOutcome, { ok: false }>,
  filename: string,
  bundle: BundleText,
): Location | undefined {
  const first = outcome.positions?.[0];
  if (!first) return undefined;
  if (bundle.map && outcome.sources) {
    const mapped = outcome.sources
      .filter((s): s is SourcePosition => s !== null)
      .map((s) => sourceLocation({ ...s, source: bundle.map?.rename?.(s.source) ?? s.source }, bundle.map!.dir));
    // A package's file is named `<name>@<version>/...` in the map (relocateSources); the extension's own are relative paths.
    const own =
      mapped.find((l) => !isPackageSource(l.file) && !l.file.split('/').includes('node_modules')) ?? mapped[0];
    if (own) return own;
  }
  return {
    file: filename,
    line: first.line,
    column: first.column,
    lineText: lineOf(bundle.code, first.line),
  };
}

/** Line `n` (1-based) of `text`, without splitting all of it. */
function lineOf(text: string, n: number): string {
  let start = 0;
  for (let i = 1; i < n; i++) {
    start = text.indexOf('\n', start) + 1;
    if (start === 0) return '';
  }
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The diagnostic for a scan that did not run to its end. */
export function failureDiagnostic(
  outcome: Extract<ScanOutcome, { ok: false }>,
  filename: string,
  bundle: BundleText,
  timeoutMs: number,
): Diagnostic {
  // One period ends the sentence, whether or not the thrown message brought its own.
  const first = (outcome.detail.split('\n')[0] ?? '').trim().replace(/[.\s]+$/, '');
  const location = locate(outcome, filename, bundle);
  switch (outcome.reason) {
    case 'timeout':
      return {
        code: 'scan.timeout',
        message: `The bundle did not finish within ${timeoutMs} ms when it was scanned (${outcome.detail === 'timers' ? 'its timers kept firing' : 'an endless loop or a promise chain that never settles'}). Registration must complete when the bundle is evaluated; start long-running work inside a mount function.`,
      };
    case 'out_of_memory':
      return {
        code: 'scan.out_of_memory',
        message: `The bundle used ${outcome.detail} while it was scanned, so the scan was stopped. Registering takes little memory: build large data and buffers inside a mount function, not when the bundle loads.`,
      };
    case 'rejected':
      return {
        code: 'scan.threw',
        message:
          `The bundle rejected a promise that nothing handled while it was scanned: ${first}. ${NO_DOM.test(first) ? NO_DOM_HINT : ''}`.trim(),
        ...(location ? { location } : {}),
      };
    case 'threw':
      return {
        code: 'scan.threw',
        message: `The bundle threw while it was scanned: ${first}. ${NO_DOM.test(first) ? NO_DOM_HINT : ''}`.trim(),
        ...(location ? { location } : {}),
      };
    case 'crashed':
      return { code: 'scan.crashed', message: `The scan stopped unexpectedly: ${outcome.detail}.` };
  }
}

/** Turns a finished scan run into registrations and diagnostics against `contributes`. */
export function scanReport(
  outcome: ScanOutcome,
  manifest: ManifestLike,
  filename: string,
  bundle: BundleText,
  timeoutMs: number,
): ScanResult {
  const registrations = toRegistrations(outcome.registrations);
  const checked = checkRegistrations(registrations, manifest);
  if (outcome.ok) return { registrations, ...checked };
  // A failed run says nothing reliable about what is never registered: keep only its errors.
  return {
    registrations,
    errors: [failureDiagnostic(outcome, filename, bundle, timeoutMs), ...checked.errors],
    warnings: [],
  };
}

/** Scans bundle source text; `filename` names it in diagnostics. */
export async function scanCode(
  bundle: BundleText,
  filename: string,
  manifest: ManifestLike,
  options: ScanOptions = {},
): Promise<ScanResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_SCAN_TIMEOUT_MS;
  const outcome = await new ScanWorker(options.memoryMb).run(bundle.code, filename, timeoutMs, bundle.map?.text);
  return scanReport(outcome, manifest, filename, bundle, timeoutMs);
}

/**
 * Runs a built bundle in an isolated, time-limited context (a worker with a heap
 * limit, inside it a fresh vm context with no require, process, fetch or DOM) and
 * holds what it registers against the manifest's `contributes`.
 * @example const { registrations, errors, warnings } = await scanBundle('dist/index.js', manifest);
 */
export async function scanBundle(
  bundlePath: string,
  manifest: ManifestLike,
  options: ScanOptions & {
    /** The bundle's name in every message (default its path): a marketplace names it by its path in the artifact, never its own folder. */
    name?: string;
  } = {},
): Promise<ScanResult> {
  const name = options.name ?? bundlePath;
  let code: string;
  try {
    code = await readFile(bundlePath, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is no such file' : (err as Error).message;
    return {
      registrations: [],
      errors: [{ code: 'scan.bundle_unreadable', message: `Cannot read the bundle ${name}: ${reason}.` }],
      warnings: [],
    };
  }
  // A map beside the bundle (as `extkit build` writes it) places failures in the source.
  const map = await readFile(`${bundlePath}.map`, 'utf8').then(
    (text) => ({ text, dir: dirname(bundlePath).split(sep).join('/') }),
    () => undefined,
  );
  return scanCode(map ? { code, map } : { code }, name, manifest, options);
}

// The build worker's body, as source text started as an eval worker (so it runs
// the same from src under vitest or tsx as from dist), with its own heap limit.
// It may first run esbuild (off the main thread, so the CLI validates the manifest
// meanwhile), then it scans: the bundle runs in a fresh vm context whose global
// holds no host object at all, and every evaluation has a timeout.

/** Message the host posts to the worker: optionally build first, then scan. */
export interface WorkerRequest {
  /** esbuild's module path and options; absent when `code` is given. */
  build?: { esbuildPath: string; options: object; outfile: string };
  code?: string;
  /** The bundle's source map (when `code` is given; a build takes the one esbuild wrote). */
  map?: string;
  /** Where @jridgewell/trace-mapping is, to place a failure in the source. */
  mapperPath: string;
  filename: string;
  timeoutMs: number;
  globals: string;
}

/** A JSON-safe esbuild message (a subset of esbuild's Message). */
export interface WireMessage {
  text: string;
  location: { file: string; line: number; column: number; lineText: string } | null;
  notes: Array<{ text: string }>;
}

/** The worker's first answer to a build request. */
export type BuiltReply =
  | {
      type: 'built';
      ok: true;
      files: Array<{ path: string; contents: Uint8Array }>;
      metafile: unknown;
      warnings: WireMessage[];
    }
  | { type: 'built'; ok: false; errors: WireMessage[]; warnings: WireMessage[] };

/** A bundle position a failure's stack names (1-based line, 0-based column). */
export interface BundlePosition {
  line: number;
  column: number;
}

/** Where a bundle position comes from, as the source map says (the source as the map names it). */
export interface SourcePosition {
  source: string;
  line: number;
  column: number;
  lineText: string;
}

/** At most this many stack positions are read from a failure and mapped: a thrown text may repeat one a million times. */
export const MAX_MAPPED_POSITIONS = 10;

/**
 * The worker's answer after the run: registrations as [kind, id] pairs and how the run ended.
 * `locating`: a `located` answer follows with the failure's positions through the source map.
 */
export interface ScanReply {
  type: 'scanned';
  registrations: Array<[string, string]>;
  failure: { reason: 'threw' | 'timeout' | 'rejected'; detail: string; positions: BundlePosition[] } | null;
  locating: boolean;
}

/** The worker's last answer to a failure with a source map: each position's source, or null. */
export interface LocatedReply {
  type: 'located';
  sources: Array<SourcePosition | null>;
}

/** The worker's main, in the CommonJS an eval worker runs. */
export const SCAN_WORKER_SOURCE = String.raw`'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const MAX_MAPPED_POSITIONS = ${MAX_MAPPED_POSITIONS};
const vm = require('node:vm');
// A prewarmed worker loads esbuild while the main thread is still loading its own modules.
if (workerData && workerData.esbuildPath) require(workerData.esbuildPath);
const wire = (m) => ({ text: String(m.text), notes: (m.notes || []).map((n) => ({ text: String(n.text) })),
  location: m.location ? { file: m.location.file, line: m.location.line, column: m.location.column, lineText: m.location.lineText } : null });

async function bundle(req) {
  const esbuild = require(req.build.esbuildPath);
  try {
    const result = await esbuild.build(req.build.options);
    const files = result.outputFiles.map((f) => ({ path: f.path, contents: f.contents }));
    parentPort.postMessage({ type: 'built', ok: true, files, metafile: result.metafile, warnings: result.warnings.map(wire) });
    const text = (path) => { const f = files.find((f) => f.path === path); return f ? new TextDecoder().decode(f.contents) : undefined; };
    return { code: text(req.build.outfile), map: text(req.build.outfile + '.map') };
  } catch (e) {
    if (!e || !Array.isArray(e.errors)) throw e;
    parentPort.postMessage({ type: 'built', ok: false, errors: e.errors.map(wire), warnings: (e.warnings || []).map(wire) });
    return null;
  }
}

// The first positions in the bundle a failure's stack names, as <filename>:<line>:<column>.
function positions(detail, filename) {
  const escaped = filename.replace(/[.*+?^\${}()|[\]\\]/g, '\\$&');
  const out = [];
  for (const m of detail.matchAll(new RegExp(escaped + ':(\\d+):(\\d+)', 'g'))) {
    out.push({ line: Number(m[1]), column: Math.max(0, Number(m[2]) - 1) });
    if (out.length === MAX_MAPPED_POSITIONS) break;
  }
  return out;
}

// The source of each position, through the map parsed once (greatest lower bound, as devtools do).
function locate(mapText, list, mapperPath) {
  const { TraceMap, originalPositionFor, sourceContentFor } = require(mapperPath);
  let map;
  try {
    map = new TraceMap(mapText);
  } catch {
    return list.map(() => null);
  }
  const lines = new Map();
  return list.map(({ line, column }) => {
    let p;
    try {
      p = originalPositionFor(map, { line, column });
    } catch {
      return null;
    }
    if (typeof p.source !== 'string' || p.line === null) return null;
    if (!lines.has(p.source)) {
      const content = sourceContentFor(map, p.source);
      lines.set(p.source, typeof content === 'string' ? content.split(/\r?\n/) : []);
    }
    return { source: p.source, line: p.line, column: p.column, lineText: lines.get(p.source)[p.line - 1] ?? '' };
  });
}

function scan(code, map, req) {
  const deadline = Date.now() + req.timeoutMs;
  const sandbox = Object.create(null);
  const ctx = vm.createContext(sandbox, { codeGeneration: { strings: true, wasm: false }, microtaskMode: 'afterEvaluate' });
  const run = (source, filename = 'extkit:scan') =>
    vm.runInContext(source, ctx, { filename, displayErrors: false, timeout: Math.max(1, deadline - Date.now()) });
  const rejections = [];
  process.on('unhandledRejection', (reason) => void rejections.push(reason));
  const describe = (e) => {
    sandbox.__extkitError = e;
    try {
      return String(run('__extkitScan.describe(globalThis.__extkitError)'));
    } catch {
      return 'a value that cannot be shown';
    }
  };
  const failed = (e) => (e && e.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT' ? { reason: 'timeout', detail: '' } : { reason: 'threw', detail: describe(e) });
  let failure = null;
  run(req.globals);
  try {
    run(code, req.filename);
  } catch (e) {
    failure = failed(e);
  }
  while (!failure) {
    let more = false;
    try {
      more = run('__extkitScan.next()') === true;
    } catch (e) {
      failure = failed(e);
    }
    if (!more) break;
    if (Date.now() >= deadline) failure = { reason: 'timeout', detail: 'timers' };
  }
  // Unhandled rejections are reported after the microtask queue settles.
  setImmediate(() => {
    if (!failure && rejections.length > 0) failure = { reason: 'rejected', detail: describe(rejections[0]) };
    let registrations = [];
    try {
      registrations = JSON.parse(String(run('__extkitScan.registrations()')));
    } catch {
      if (!failure) failure = { reason: 'timeout', detail: '' };
    }
    if (failure) failure.positions = positions(failure.detail, req.filename);
    // The run's answer goes first, so that a map too large for the scan's limits costs only the location.
    const locating = Boolean(failure && map && failure.positions.length > 0);
    parentPort.postMessage({ type: 'scanned', registrations, failure, locating });
    if (locating) parentPort.postMessage({ type: 'located', sources: locate(map, failure.positions, req.mapperPath) });
  });
}

parentPort.once('message', async (req) => {
  const built = req.build ? await bundle(req) : { code: req.code, map: req.map };
  if (built !== null) scan(built.code, built.map, req);
});`;

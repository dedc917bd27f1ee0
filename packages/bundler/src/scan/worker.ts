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

/** The worker's last answer: registrations as [kind, id] pairs and how the run ended. */
export interface ScanReply {
  type: 'scanned';
  registrations: Array<[string, string]>;
  failure: { reason: 'threw' | 'timeout' | 'rejected'; detail: string } | null;
}

/** The worker's main, in the CommonJS an eval worker runs. */
export const SCAN_WORKER_SOURCE = String.raw`'use strict';
const { parentPort, workerData } = require('node:worker_threads');
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
    return new TextDecoder().decode(files.find((f) => f.path === req.build.outfile).contents);
  } catch (e) {
    if (!e || !Array.isArray(e.errors)) throw e;
    parentPort.postMessage({ type: 'built', ok: false, errors: e.errors.map(wire), warnings: (e.warnings || []).map(wire) });
    return null;
  }
}

function scan(code, req) {
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
    parentPort.postMessage({ type: 'scanned', registrations, failure });
  });
}

parentPort.once('message', async (req) => {
  const code = req.build ? await bundle(req) : req.code;
  if (code !== null) scan(code, req);
});`;

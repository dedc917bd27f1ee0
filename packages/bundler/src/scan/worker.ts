// The scan worker's body, as source text started as an eval worker (so it runs the
// same from src under vitest or tsx as from dist), with its own heap limit. Inside
// it the bundle runs in a fresh vm context whose global holds no host object at
// all; every evaluation, the bundle's own included, has a timeout.

/** Message the host posts to the worker. */
export interface ScanRequest {
  code: string;
  filename: string;
  timeoutMs: number;
  globals: string;
}

/** What the worker answers: registrations as [kind, id] pairs and how the run ended. */
export interface ScanReply {
  registrations: Array<[string, string]>;
  failure: { reason: 'threw' | 'timeout' | 'rejected'; detail: string } | null;
}

/** The worker's main, in the CommonJS an eval worker runs. */
export const SCAN_WORKER_SOURCE = String.raw`'use strict';
const { parentPort } = require('node:worker_threads');
const vm = require('node:vm');
parentPort.once('message', (req) => {
  const deadline = Date.now() + req.timeoutMs;
  const sandbox = Object.create(null);
  const ctx = vm.createContext(sandbox, { codeGeneration: { strings: true, wasm: false }, microtaskMode: 'afterEvaluate' });
  const run = (code, filename = 'extkit:scan') =>
    vm.runInContext(code, ctx, { filename, displayErrors: false, timeout: Math.max(1, deadline - Date.now()) });
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
    run(req.code, req.filename);
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
    parentPort.postMessage({ registrations, failure });
  });
});`;

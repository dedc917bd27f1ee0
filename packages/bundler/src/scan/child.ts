// The scan's own process: it starts the scan worker (worker.ts) and relays its
// messages, and its main thread, which runs none of the extension's code, holds
// the whole process to a memory limit. A worker's heap limit does not cover what
// lives outside V8's heap (ArrayBuffers, WebAssembly memories), and Node cannot
// read another thread's memory while that thread runs, so the limit is the
// process's resident memory, read every few milliseconds from a thread the bundle
// cannot block. Source text run with `node -e`, so it runs the same from src
// under vitest or tsx as from dist.
import { SCAN_WORKER_SOURCE } from './worker.js';

/** Started with this as its one argument (JSON). */
export interface ChildConfig {
  /** The worker's V8 heap limit; the process may grow by twice this over its start. */
  memoryMb: number;
  esbuildPath?: string;
}

/** What the scan process sends besides the worker's own messages. */
export type ChildReply =
  | { type: 'memory'; limitMb: number }
  | { type: 'worker-error'; code: string | undefined; message: string }
  | { type: 'worker-exit'; code: number };

/** How often the process reads its resident memory. */
export const MEMORY_POLL_MS = 5;

export const SCAN_CHILD_SOURCE = String.raw`'use strict';
const { Worker } = require('node:worker_threads');
const config = JSON.parse(process.argv[1]);
const send = (m) => { if (process.connected) process.send(m); };
const worker = new Worker(${JSON.stringify(SCAN_WORKER_SOURCE)}, {
  eval: true,
  workerData: config.esbuildPath ? { esbuildPath: config.esbuildPath } : null,
  execArgv: [],
  env: process.env,
  stdout: true,
  stderr: true,
  resourceLimits: { maxOldGenerationSizeMb: config.memoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
});
worker.stdout.resume();
worker.stderr.resume();
const limitMb = config.memoryMb * 2;
let start = 0;
let poll;
// The scan's memory is counted from when its job arrives (the worker and esbuild loaded; a build's output is counted).
const watch = () => {
  start = process.memoryUsage.rss();
  poll = setInterval(() => {
    if (process.memoryUsage.rss() - start <= limitMb * 1048576) return;
    clearInterval(poll);
    send({ type: 'memory', limitMb });
    // The parent ends this process on that message; should it not, the process ends itself.
    setTimeout(() => process.kill(process.pid, 'SIGKILL'), 200).unref();
  }, ${MEMORY_POLL_MS});
};
worker.on('message', (m) => {
  if (m && m.type === 'built') start = process.memoryUsage.rss();
  send(m);
});
worker.on('error', (e) => send({ type: 'worker-error', code: e && e.code, message: String(e && e.message) }));
worker.on('exit', (code) => send({ type: 'worker-exit', code }));
process.on('message', (m) => {
  if (!poll) watch();
  worker.postMessage(m);
});
// The parent gone, nothing is left to answer.
process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));`;

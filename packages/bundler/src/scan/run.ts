import { Worker } from 'node:worker_threads';
import { SCAN_GLOBALS_SOURCE } from './globals.js';
import { SCAN_WORKER_SOURCE, type ScanReply, type ScanRequest } from './worker.js';

/** How a scan run ended, as the host sees it. */
export type ScanOutcome =
  | { ok: true; registrations: Array<[string, string]> }
  | { ok: false; registrations: Array<[string, string]>; reason: 'threw' | 'timeout' | 'rejected' | 'out_of_memory' | 'crashed'; detail: string };

/**
 * A scan worker, started before it is needed so that its start-up overlaps the
 * esbuild build. One worker runs one bundle, then ends.
 */
export class ScanWorker {
  private readonly worker: Worker;
  private readonly settled: Promise<ScanOutcome>;
  private resolve!: (o: ScanOutcome) => void;
  private done = false;

  constructor(memoryMb = 128) {
    this.settled = new Promise((resolve) => (this.resolve = resolve));
    this.worker = new Worker(SCAN_WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      env: {},
      stdout: true,
      stderr: true,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    this.worker.unref();
    this.worker.once('message', (reply: ScanReply) =>
      this.finish(reply.failure ? { ok: false, registrations: reply.registrations, ...reply.failure } : { ok: true, registrations: reply.registrations }),
    );
    this.worker.once('error', (err: Error & { code?: string }) =>
      this.finish(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { ok: false, registrations: [], reason: 'out_of_memory', detail: `more than ${memoryMb} MiB of heap` }
          : { ok: false, registrations: [], reason: 'crashed', detail: err.message },
      ),
    );
    this.worker.once('exit', (code) => this.finish({ ok: false, registrations: [], reason: 'crashed', detail: `the scan worker exited with code ${code}` }));
  }

  /** Runs `code` (named `filename` in stack traces) and resolves with what it registered. */
  run(code: string, filename: string, timeoutMs: number): Promise<ScanOutcome> {
    const req: ScanRequest = { code, filename, timeoutMs, globals: SCAN_GLOBALS_SOURCE };
    this.worker.postMessage(req);
    // The vm timeout covers the bundle's own code; this wall-clock kill covers the
    // rest (a getter that never returns while the worker reads a thrown value).
    const kill = setTimeout(() => this.finish({ ok: false, registrations: [], reason: 'timeout', detail: '' }), timeoutMs + 1000);
    return this.settled.finally(() => clearTimeout(kill));
  }

  /** Ends the worker without running anything. */
  dispose(): void {
    this.finish({ ok: false, registrations: [], reason: 'crashed', detail: 'disposed' });
  }

  private finish(outcome: ScanOutcome): void {
    if (this.done) return;
    this.done = true;
    this.resolve(outcome);
    void this.worker.terminate();
  }
}

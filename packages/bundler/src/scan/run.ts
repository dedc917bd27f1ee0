import { Worker } from 'node:worker_threads';
import { SCAN_GLOBALS_SOURCE } from './globals.js';
import { SCAN_WORKER_SOURCE, type BuiltReply, type ScanReply, type WorkerRequest } from './worker.js';

/** How a scan run ended, as the host sees it. */
export type ScanOutcome =
  | { ok: true; registrations: Array<[string, string]> }
  | {
      ok: false;
      registrations: Array<[string, string]>;
      reason: 'threw' | 'timeout' | 'rejected' | 'out_of_memory' | 'crashed';
      detail: string;
    };

/** What a build-then-scan job gives: esbuild's answer first, the scan's later. */
export interface BuildJob {
  built: Promise<BuiltReply | { type: 'failed'; outcome: Extract<ScanOutcome, { ok: false }> }>;
  scanned: Promise<ScanOutcome>;
}

/**
 * One worker that runs one job: a scan of some code, or an esbuild build followed
 * by the scan of its bundle. The build runs off the main thread so that the caller
 * can validate the manifest meanwhile; the scan's time limit starts when the
 * bundle is ready.
 */
/**
 * The scan worker's environment: nothing of the user's, since the extension's code runs
 * there, except where esbuild's binary is when the user has set it (the build loads esbuild
 * in the same worker, and some platforms need the binary elsewhere).
 */
export function workerEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return env.ESBUILD_BINARY_PATH ? { ESBUILD_BINARY_PATH: env.ESBUILD_BINARY_PATH } : {};
}

export class ScanWorker {
  private readonly worker: Worker;
  private readonly settled: Promise<ScanOutcome>;
  private resolve!: (o: ScanOutcome) => void;
  private onBuilt: (reply: BuiltReply) => void = () => {};
  private done = false;
  private kill: NodeJS.Timeout | undefined;

  constructor(
    readonly memoryMb = 128,
    preloadEsbuild?: string,
  ) {
    this.settled = new Promise((resolve) => (this.resolve = resolve));
    this.worker = new Worker(SCAN_WORKER_SOURCE, {
      eval: true,
      workerData: preloadEsbuild ? { esbuildPath: preloadEsbuild } : null,
      execArgv: [],
      env: workerEnv(),
      stdout: true,
      stderr: true,
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    this.worker.on('message', (reply: BuiltReply | ScanReply) => {
      if (reply.type === 'built') this.onBuilt(reply);
      else
        this.finish(
          reply.failure
            ? { ok: false, registrations: reply.registrations, ...reply.failure }
            : { ok: true, registrations: reply.registrations },
        );
    });
    this.worker.once('error', (err: Error & { code?: string }) =>
      this.finish(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { ok: false, registrations: [], reason: 'out_of_memory', detail: `more than ${this.memoryMb} MiB of heap` }
          : { ok: false, registrations: [], reason: 'crashed', detail: err.message },
      ),
    );
    this.worker.once('exit', (code) =>
      this.finish({
        ok: false,
        registrations: [],
        reason: 'crashed',
        detail: `the scan worker exited with code ${code}`,
      }),
    );
  }

  /** Scans `code` (named `filename` in stack traces) and resolves with what it registered. */
  run(code: string, filename: string, timeoutMs: number): Promise<ScanOutcome> {
    this.post({ code, filename, timeoutMs, globals: SCAN_GLOBALS_SOURCE }, timeoutMs);
    return this.settled;
  }

  /** Bundles with esbuild (`options.outfile` is the bundle), then scans the bundle. */
  buildAndRun(esbuildPath: string, options: { outfile?: string }, filename: string, timeoutMs: number): BuildJob {
    const built = new Promise<Awaited<BuildJob['built']>>((resolve) => {
      this.onBuilt = (reply) => {
        if (reply.ok) this.armKill(timeoutMs);
        else
          this.finish({ ok: false, registrations: [], reason: 'crashed', detail: 'nothing to scan: the build failed' });
        resolve(reply);
      };
      void this.settled.then((outcome) => {
        if (!outcome.ok) resolve({ type: 'failed', outcome });
      });
    });
    this.post({
      build: { esbuildPath, options, outfile: options.outfile ?? '' },
      filename,
      timeoutMs,
      globals: SCAN_GLOBALS_SOURCE,
    });
    return { built, scanned: this.settled };
  }

  /** Whether this worker keeps the process alive (a prewarmed one does not until it is used). */
  ref(on: boolean): void {
    if (on) this.worker.ref();
    else this.worker.unref();
  }

  /** Ends the worker (a no-op once its job is done). */
  dispose(): void {
    this.finish({ ok: false, registrations: [], reason: 'crashed', detail: 'disposed' });
  }

  private post(req: WorkerRequest, killAfterMs?: number): void {
    this.worker.postMessage(req);
    if (killAfterMs !== undefined) this.armKill(killAfterMs);
  }

  // The vm timeout covers the bundle's own code; this wall-clock kill covers the
  // rest (a getter that never returns while the worker reads a thrown value).
  private armKill(timeoutMs: number): void {
    this.kill = setTimeout(
      () => this.finish({ ok: false, registrations: [], reason: 'timeout', detail: '' }),
      timeoutMs + 1000,
    );
  }

  private finish(outcome: ScanOutcome): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.kill);
    this.resolve(outcome);
    void this.worker.terminate();
  }
}

let prewarmed: ScanWorker | undefined;

/**
 * Starts the build worker ahead of `build()`, which takes it: a CLI calls this first
 * so that the worker's start-up and esbuild's loading overlap its own module loading.
 * An unused prewarmed worker does not keep the process alive.
 */
export function prewarmBuildWorker(esbuildPath: string, memoryMb?: number): void {
  if (prewarmed) return;
  prewarmed = new ScanWorker(memoryMb, esbuildPath);
  prewarmed.ref(false);
}

/** The prewarmed worker when it has the wanted heap limit, else a new one. */
export function takeBuildWorker(memoryMb = 128): ScanWorker {
  const worker = prewarmed;
  prewarmed = undefined;
  if (worker && worker.memoryMb === memoryMb) {
    worker.ref(true);
    return worker;
  }
  worker?.dispose();
  return new ScanWorker(memoryMb);
}

import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { SCAN_CHILD_SOURCE, type ChildConfig, type ChildReply } from './child.js';
import { SCAN_GLOBALS_SOURCE } from './globals.js';
import type { BuiltReply, BundlePosition, LocatedReply, ScanReply, SourcePosition, WorkerRequest } from './worker.js';

/** Where the scan process loads @jridgewell/trace-mapping from. */
const MAPPER_PATH = createRequire(import.meta.url).resolve('@jridgewell/trace-mapping');

/** How a scan run ended, as the host sees it. */
export type ScanOutcome =
  | { ok: true; registrations: Array<[string, string]> }
  | {
      ok: false;
      registrations: Array<[string, string]>;
      reason: 'threw' | 'timeout' | 'rejected' | 'out_of_memory' | 'crashed';
      detail: string;
      /** The first bundle positions the failure's stack names (at most MAX_MAPPED_POSITIONS). */
      positions?: BundlePosition[];
      /** Their sources through the bundle's source map, one for each, when the map placed them. */
      sources?: Array<SourcePosition | null>;
    };

/** What a build-then-scan job gives: esbuild's answer first, the scan's later. */
export interface BuildJob {
  built: Promise<BuiltReply | { type: 'failed'; outcome: Extract<ScanOutcome, { ok: false }> }>;
  scanned: Promise<ScanOutcome>;
}

/**
 * The scan worker's environment: nothing of the user's, since the extension's code runs
 * there, except where esbuild's binary is when the user has set it (the build loads esbuild
 * in the same worker, and some platforms need the binary elsewhere).
 */
export function workerEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return env.ESBUILD_BINARY_PATH ? { ESBUILD_BINARY_PATH: env.ESBUILD_BINARY_PATH } : {};
}

/**
 * One scan process (child.ts, with the worker of worker.ts in it) that runs one job: a
 * scan of some code, or an esbuild build followed by the scan of its bundle. The build
 * runs off the main thread so that the caller can validate the manifest meanwhile; the
 * scan's time limit starts when the bundle is ready, and the scan's memory (ArrayBuffers
 * included) is held to a limit by a thread the bundle cannot block.
 */
export class ScanWorker {
  private readonly child: ChildProcess;
  private readonly settled: Promise<ScanOutcome>;
  private resolve!: (o: ScanOutcome) => void;
  private onBuilt: (reply: BuiltReply) => void = () => {};
  private done = false;
  private kill: NodeJS.Timeout | undefined;
  /** A failed run waiting for its positions through the source map. */
  private locating: Extract<ScanOutcome, { ok: false }> | undefined;
  /** Why the process will end, when the scan ended it. */
  private ending: ScanOutcome | undefined;

  constructor(
    readonly memoryMb = 128,
    preloadEsbuild?: string,
  ) {
    this.settled = new Promise((resolve) => (this.resolve = resolve));
    const config: ChildConfig = { memoryMb, ...(preloadEsbuild ? { esbuildPath: preloadEsbuild } : {}) };
    this.child = spawn(process.execPath, ['-e', SCAN_CHILD_SOURCE, JSON.stringify(config)], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
      env: workerEnv(),
      windowsHide: true,
    });
    this.child.on('message', (reply: BuiltReply | ScanReply | LocatedReply | ChildReply) => this.receive(reply));
    this.child.once('error', (err) =>
      this.finish({ ok: false, registrations: [], reason: 'crashed', detail: err.message }),
    );
    // 'close' comes after every message the process sent has been read.
    this.child.once('close', (code, signal) =>
      this.finish(
        this.ending ??
          this.locating ?? {
            ok: false,
            registrations: [],
            reason: 'crashed',
            detail: `the scan process exited with ${signal ?? `code ${code}`}`,
          },
      ),
    );
  }

  private receive(reply: BuiltReply | ScanReply | LocatedReply | ChildReply): void {
    switch (reply.type) {
      case 'built':
        return this.onBuilt(reply);
      case 'scanned': {
        if (!reply.failure) return this.finish({ ok: true, registrations: reply.registrations });
        const { reason, detail, positions } = reply.failure;
        const outcome = { ok: false as const, registrations: reply.registrations, reason, detail, positions };
        if (reply.locating) this.locating = outcome;
        else this.finish(outcome);
        return;
      }
      case 'located':
        if (this.locating)
          this.finish({ ...this.locating, sources: reply.sources.slice(0, this.locating.positions?.length ?? 0) });
        return;
      case 'memory':
        // Over the limit while placing a failure: the map's cost, not the bundle's; the run's answer stands.
        this.ending = this.locating ?? {
          ok: false,
          registrations: [],
          reason: 'out_of_memory',
          detail: `more than ${reply.limitMb} MiB of memory (heap, ArrayBuffers and the rest)`,
        };
        this.stop();
        return;
      case 'worker-error':
        this.finish(
          this.locating ??
            (reply.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? {
                  ok: false,
                  registrations: [],
                  reason: 'out_of_memory',
                  detail: `more than ${this.memoryMb} MiB of heap`,
                }
              : { ok: false, registrations: [], reason: 'crashed', detail: reply.message }),
        );
        return;
      case 'worker-exit':
        this.finish(
          this.locating ?? {
            ok: false,
            registrations: [],
            reason: 'crashed',
            detail: `the scan worker exited with code ${reply.code}`,
          },
        );
    }
  }

  /** Scans `code` (named `filename` in stack traces) and resolves with what it registered; `map` places a failure in the source. */
  run(code: string, filename: string, timeoutMs: number, map?: string): Promise<ScanOutcome> {
    this.post(
      {
        code,
        ...(map !== undefined ? { map } : {}),
        mapperPath: MAPPER_PATH,
        filename,
        timeoutMs,
        globals: SCAN_GLOBALS_SOURCE,
      },
      timeoutMs,
    );
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
      mapperPath: MAPPER_PATH,
      filename,
      timeoutMs,
      globals: SCAN_GLOBALS_SOURCE,
    });
    return { built, scanned: this.settled };
  }

  /** Whether this scan keeps the process alive (a prewarmed one does not until it is used). */
  ref(on: boolean): void {
    const channel = this.child.channel as { ref(): void; unref(): void } | null | undefined;
    if (on) {
      this.child.ref();
      channel?.ref();
    } else {
      this.child.unref();
      channel?.unref();
    }
  }

  /** Ends the scan process (a no-op once its job is done). */
  dispose(): void {
    this.finish({ ok: false, registrations: [], reason: 'crashed', detail: 'disposed' });
  }

  private post(req: WorkerRequest, killAfterMs?: number): void {
    this.child.send(req, (err) => {
      if (err) this.finish({ ok: false, registrations: [], reason: 'crashed', detail: err.message });
    });
    if (killAfterMs !== undefined) this.armKill(killAfterMs);
  }

  // The vm timeout covers the bundle's own code; this wall-clock kill covers the
  // rest (a getter that never returns while the worker reads a thrown value, the
  // source map of a failure).
  private armKill(timeoutMs: number): void {
    this.kill = setTimeout(() => {
      this.ending = this.locating ?? { ok: false, registrations: [], reason: 'timeout', detail: '' };
      this.finish(this.ending);
    }, timeoutMs + 1000);
  }

  private stop(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  private finish(outcome: ScanOutcome): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.kill);
    this.resolve(outcome);
    this.stop();
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

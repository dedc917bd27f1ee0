// The run's emulator in a process of its own (setup.ts forks it). vitest's main thread serves its
// test workers while they start (each module a worker loads through vitest is a request to it), and
// PGlite's start holds a thread for a few hundred milliseconds at a time: here it holds this one.
// The process runs with V8's --liftoff-only: PGlite's WebAssembly (8.7 MB of Postgres) stays on V8's
// baseline compiler, where V8 would otherwise recompile its hot functions with its optimizing one in
// the background, more CPU than the whole start takes and never repaid in a test run.
import type { Emulator } from '@extkit/emulator';
import { warm } from './warm.js';

/** What setup.ts gives the thread: the project's @extkit/emulator (a file URL) and the port it listens on. */
export interface HostData {
  entry: string;
  port: number;
}

/** What the thread tells setup.ts: its start failed (at the import or the start), or it closed. */
export type HostMessage =
  { type: 'failed'; stage: 'import' | 'start'; message: string; code?: string } | { type: 'closed' };

const { entry, port } = JSON.parse(process.env['EXTKIT_EMULATOR_HOST'] ?? '{}') as HostData;
const tell = (m: HostMessage): void => void process.send?.(m);

const running = (async (): Promise<Emulator | undefined> => {
  let startEmulator: typeof import('@extkit/emulator').startEmulator;
  try {
    ({ startEmulator } = (await import(entry)) as typeof import('@extkit/emulator'));
  } catch (err) {
    tell({ type: 'failed', stage: 'import', message: String((err as Error)?.message ?? err) });
    return undefined;
  }
  try {
    const emu = await startEmulator({ seed: 'none', port });
    // One organization's first requests while the test workers start (warm.ts).
    await warm(emu);
    return emu;
  } catch (err) {
    const e = err as { message?: string; code?: string; stack?: string };
    console.error(`@extkit/testing/emulator: the emulator did not start on 127.0.0.1:${port}:`, err);
    tell({ type: 'failed', stage: 'start', message: e?.message ?? String(err), ...(e?.code ? { code: e.code } : {}) });
    return undefined;
  }
})();

process.once('message', () => {
  void running
    .then((emu) => emu?.close())
    .catch((err: unknown) => console.error('@extkit/testing/emulator: the emulator did not close cleanly:', err))
    .finally(() => {
      tell({ type: 'closed' });
      process.disconnect?.();
    });
});
// The run ended without a teardown (vitest killed, the parent gone): nothing is left behind.
process.once('disconnect', () => void running.then((emu) => emu?.close()).finally(() => process.exit(0)));

// `extkit emulate` run as a process, as a user runs it: started with --json, read from its one line.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { extkitBin, repoRoot } from './cli.js';

export interface EmulateProcess {
  child: ChildProcess;
  baseUrl: string;
  apiKey: string;
  adminUrl: string;
  engine: string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Ctrl-C, then waits for the exit. */
  stop(): Promise<number | null>;
  /** What it wrote to stderr so far. */
  stderr(): string;
}

/** Starts `extkit emulate --port 0 --json <args>` and waits until it prints where it listens. */
export async function startEmulateProcess(args: string[], env: Record<string, string> = {}): Promise<EmulateProcess> {
  const child = spawn(extkitBin, ['emulate', '--port', '0', '--json', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code, signal) =>
      reject(new Error(`extkit emulate exited (${code ?? signal}) before printing where it listens:\n${stderr}`)),
    );
  });
  const info = JSON.parse(line) as { baseUrl: string; apiKey: string; adminUrl: string; engine: string };
  return {
    child,
    ...info,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      return exited;
    },
    stderr: () => stderr,
  };
}

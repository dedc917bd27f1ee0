// Runs the real `extkit dev` and waits for the URL it prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

// A path join, not new URL(): a jsdom test file's URL is jsdom's, which fileURLToPath refuses.
const BIN = join(import.meta.dirname, '../../packages/cli/bin/extkit.js');

export interface DevProcess {
  url: string;
  origin: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts `extkit dev <args>` and resolves with the URL it prints (rejects after `ms`). */
export function startDev(args: string[], ms = 15_000): Promise<DevProcess> {
  const child: ChildProcess = spawn(process.execPath, [BIN, 'dev', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => (child.kill(), reject(new Error(`extkit dev printed no URL in ${ms} ms:\n${out}`))),
      ms,
    );
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      const url = m[1]!;
      resolve({
        url,
        origin: url.slice(0, -1),
        output: () => out,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGINT');
          }),
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`extkit dev exited ${code}:\n${out}`))));
  });
}

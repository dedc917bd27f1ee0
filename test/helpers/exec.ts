// Runs a command without blocking the test process (so tests can overlap), with a bounded time.
import { spawn } from 'node:child_process';

export interface ExecResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `replaceEnv`: run with exactly `env` instead of this process's environment plus `env`. */
export function exec(
  cmd: string,
  args: string[],
  opts: { cwd: string; timeoutMs?: number; env?: Record<string, string>; replaceEnv?: boolean },
): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: opts.replaceEnv ? opts.env : { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 120_000);
    child.once('error', (err) => (clearTimeout(timer), reject(err)));
    child.once('close', (status) => (clearTimeout(timer), resolve({ status, stdout, stderr })));
  });
}

// Running commands as a user outside the repository would: a clean environment
// (none of pnpm's or vitest's variables, no node_modules/.bin of this checkout on
// PATH), a home and an npm configuration of their own, pointed at one registry.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { repoRoot } from './cli.js';
import { exec, type ExecResult } from './exec.js';

export interface User {
  env: Record<string, string>;
  run(cmd: string, args: string[], cwd: string, timeoutMs?: number): Promise<ExecResult>;
  /** Starts a long-running command (e.g. `npm run dev`) in its own process group; resolves once `ready` matches its output. */
  start(
    cmd: string,
    args: string[],
    cwd: string,
    ready: RegExp,
    timeoutMs?: number,
  ): Promise<{ match: RegExpExecArray; output(): string; stop(): Promise<void> }>;
}

/** Signals a process group; one that has already exited is fine. */
function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

const LEAKY = /^(npm_|pnpm_|PNPM_|VITEST|TEST$|NODE_ENV$|NODE_OPTIONS$|NODE_PATH$|INIT_CWD$|XDG_|CI$|COREPACK_)/;

/** A user whose home, npm cache and pnpm store live under `dir` and whose registry is `registry`. */
export function userAt(dir: string, registry: string): User {
  const home = join(dir, 'home');
  mkdirSync(home, { recursive: true });
  const npmrc = join(home, '.npmrc');
  writeFileSync(
    npmrc,
    `registry=${registry}\ncache=${join(dir, 'npm-cache')}\nstore-dir=${join(dir, 'pnpm-store')}\nfund=false\naudit=false\nupdate-notifier=false\n`,
  );
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !LEAKY.test(key)) env[key] = value;
  env['PATH'] = (process.env['PATH'] ?? '')
    .split(delimiter)
    .filter((p) => p !== '' && !p.startsWith(repoRoot))
    .join(delimiter);
  Object.assign(env, { HOME: home, npm_config_userconfig: npmrc, NO_COLOR: '1', FORCE_COLOR: '0' });
  return {
    env,
    run: (cmd, args, cwd, timeoutMs = 240_000) => exec(cmd, args, { cwd, timeoutMs, env, replaceEnv: true }),
    start: (cmd, args, cwd, ready, timeoutMs = 60_000) =>
      new Promise((resolve, reject) => {
        const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        const stop = (): Promise<void> =>
          new Promise((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            killGroup(child.pid!, 'SIGINT');
            const hard = setTimeout(() => killGroup(child.pid!, 'SIGKILL'), 5_000);
            child.once('exit', () => clearTimeout(hard));
          });
        const timer = setTimeout(
          () =>
            void stop().then(() =>
              reject(new Error(`${cmd} ${args.join(' ')}: nothing matched ${ready} in ${timeoutMs} ms:\n${out}`)),
            ),
          timeoutMs,
        );
        const onData = (chunk: Buffer): void => {
          out += chunk.toString();
          const match = ready.exec(out);
          if (!match) return;
          clearTimeout(timer);
          child.stdout.off('data', onData);
          child.stdout.on('data', (c: Buffer) => (out += c.toString()));
          resolve({ match, output: () => out, stop });
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', (c: Buffer) => (out += c.toString()));
        child.once(
          'exit',
          (code) => (clearTimeout(timer), reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out}`))),
        );
      }),
  };
}

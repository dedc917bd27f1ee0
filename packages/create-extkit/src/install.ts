// `--install`: the created project's dependencies, installed with the package
// manager that ran create. A failed install (registry down, a 404, no network)
// never touches the project: it is reported with the command to run by hand.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PackageManager } from './format.js';
import type { CreateDiagnostic } from './types.js';

/** What `installDependencies` did. */
export interface InstallResult {
  ok: boolean;
  /** The command as a person would type it in the project folder, e.g. "npm install". */
  command: string;
  /** The package manager's exit code; null when it could not be started or was killed. */
  exitCode: number | null;
  errors: CreateDiagnostic[];
}

/** The install command of each package manager. */
export const INSTALL_ARGS: Record<PackageManager, string[]> = {
  npm: ['install'],
  pnpm: ['install'],
  yarn: ['install'],
};

/**
 * Runs `<pm> install` in `dir`, its output streamed to `output` (progress for a person, never stdout's JSON).
 * @example await installDependencies('/work/my-card', 'npm', process.stderr)
 */
export function installDependencies(
  dir: string,
  pm: PackageManager,
  output: NodeJS.WritableStream = process.stderr,
): Promise<InstallResult> {
  const args = INSTALL_ARGS[pm];
  const command = [pm, ...args].join(' ');
  const failed = (exitCode: number | null, why: string): InstallResult => ({
    ok: false,
    command,
    exitCode,
    errors: [
      {
        code: 'create.install_failed',
        message: `${command} ${why}. The project is in place in ${dir}; install it yourself once that is fixed: cd ${quote(dir)} && ${command}`,
      },
    ],
  });
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(pm, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      resolve(failed(null, `could not start (${(err as Error).message})`));
      return;
    }
    child.stdout.on('data', (chunk: Buffer) => output.write(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.write(chunk));
    child.once('error', (err: NodeJS.ErrnoException) =>
      resolve(
        failed(
          null,
          err.code === 'ENOENT' ? `could not start: ${pm} is not on PATH` : `could not start (${err.message})`,
        ),
      ),
    );
    child.once('close', (code, signal) => {
      if (code === 0) resolve({ ok: true, command, exitCode: 0, errors: [] });
      else
        resolve(
          failed(
            code,
            signal
              ? `was stopped by ${signal}`
              : `failed (exit ${code}): is the registry reachable? Its own messages are above`,
          ),
        );
    });
  });
}

const quote = (path: string): string => (/^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`);

/** The project's runtime dependencies other than the kit's own (e.g. react, react-dom): its code needs them installed to build. */
export function registryImports(dir: string): string[] {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@extkit/'));
}

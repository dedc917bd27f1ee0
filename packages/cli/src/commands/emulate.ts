import type { Command } from 'commander';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { Emulator, EngineMissingError } from '@extkit/emulator';
import { UsageError } from '../errors.js';
import { registerEmulateState } from './emulate-state.js';

interface EmulateFlags {
  port: string;
  data?: string;
  memory?: boolean;
  database?: string;
  seed: string;
  json?: boolean;
  export?: string;
  import?: string;
}

/** Maps the flags to startEmulator's options, or a usage error for a combination that cannot work. */
function options(flags: EmulateFlags): {
  port: number;
  data?: string;
  database?: string;
  seed: string;
  import?: string;
} {
  if (!/^\d+$/.test(flags.port) || Number(flags.port) > 65535)
    throw new UsageError(
      'flag.invalid',
      `--port must be a port number from 0 to 65535 (0: any free port), got ${JSON.stringify(flags.port)}`,
    );
  const stores = [
    flags.data !== undefined && '--data',
    flags.memory && '--memory',
    flags.database !== undefined && '--database',
  ].filter(Boolean);
  if (stores.length > 1)
    throw new UsageError('flag.conflict', `${stores.join(' and ')} each choose where the state lives; give one`);
  if (flags.database !== undefined && !/^postgres(ql)?:\/\//.test(flags.database))
    throw new UsageError(
      'flag.invalid',
      `--database must be a PostgreSQL URL, e.g. postgres://user@127.0.0.1:5432/emulator`,
    );
  if (!['demo', 'none'].includes(flags.seed) && !existsSync(flags.seed))
    throw new UsageError('path.not_found', `--seed is demo, none, or a seed file; no such file: ${flags.seed}`);
  const data = flags.memory || flags.database !== undefined ? undefined : resolve(flags.data ?? '.extkit/emulator');
  return {
    port: Number(flags.port),
    ...(data ? { data } : {}),
    ...(flags.database ? { database: flags.database } : {}),
    seed: flags.seed,
    ...(flags.import !== undefined ? { import: resolve(flags.import) } : {}),
  };
}

/** The usage error for an engine not installed: what is missing, and the one command that adds it to this project. */
export async function engineMissing(err: EngineMissingError): Promise<UsageError> {
  const { addDevCommand, installSpec, projectPackageManager } = await import('../package-manager.js');
  const install = addDevCommand(await projectPackageManager(), installSpec(err.packageName, err.range));
  const what =
    err.engine === 'pglite'
      ? `extkit emulate keeps its state in PGlite (embedded PostgreSQL, about 25 MB), which is installed only when a project asks for it, and ${err.packageName} is not installed here`
      : `extkit emulate --database talks to PostgreSQL through the pg driver, which is installed only when a project asks for it, and it is not installed here`;
  return new UsageError(err.code, `${what}.\nAdd it to the project, then run the command again:\n  ${install}`, {
    package: err.packageName,
    range: err.range,
    install,
  });
}

/** Runs until the first SIGINT or SIGTERM; with `exportDir`, exports first (a second signal quits without it). */
function untilStopped(emu: Emulator, exportDir: string | undefined, json: boolean): Promise<void> {
  return new Promise<void>((done) => {
    let stopping = false;
    const close = (): void => void emu.close().then(done);
    const stop = (): void => {
      if (stopping) {
        process.stderr.write('extkit emulate: stopped before the export finished; nothing was written to it\n');
        // The temporary folder beside the target is what an unfinished export leaves: remove it, then quit now.
        if (exportDir) removeUnfinished(exportDir);
        process.exit(130);
      }
      stopping = true;
      if (!exportDir) return close();
      process.stderr.write(`extkit emulate: exporting the state to ${exportDir} (Ctrl-C again to quit without it)\n`);
      emu
        .exportState(exportDir)
        .then((r) => {
          if (json) process.stdout.write(`${JSON.stringify({ exported: r })}\n`);
          else process.stderr.write(`extkit emulate: exported ${r.rows.objects ?? 0} objects to ${r.dir}\n`);
        })
        .catch((error: unknown) => {
          process.stderr.write(`extkit emulate: the export failed: ${(error as Error).message}\n`);
          process.exitCode = 1;
        })
        .finally(close);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

function removeUnfinished(target: string): void {
  const prefix = `.${basename(target)}.export-${process.pid}-`;
  try {
    for (const name of readdirSync(dirname(target)))
      if (name.startsWith(prefix)) rmSync(join(dirname(target), name), { recursive: true, force: true });
  } catch {
    // Nothing to clean, or a folder we cannot read: the target itself was never touched.
  }
}

export function registerEmulate(program: Command): void {
  const emulate = program
    .command('emulate')
    .description('Run a local, stateful emulator of the platform REST API (docs/emulator.md).')
    .option('--port <n>', 'port on 127.0.0.1 (0: any free port)', '8787')
    .option('--data <dir>', 'keep the state in this folder (embedded PGlite)', '.extkit/emulator')
    .option('--memory', 'keep the state in memory only; it is gone when the emulator stops')
    .option('--database <url>', 'keep the state in PostgreSQL; several emulators on one database share it')
    .option(
      '--seed <demo|file|none>',
      'data for a fresh store: the demo organization, a seed file (JSON), or nothing',
      'demo',
    )
    .option('--json', 'print where it listens as one JSON line, for scripts')
    .option(
      '--export <dir>',
      'write the whole state to this folder when stopped (Ctrl-C; a second Ctrl-C quits without it)',
    )
    .option(
      '--import <dir>',
      'start from the state an export wrote (it replaces what the store holds; reset returns to it)',
    )
    .addHelpText(
      'after',
      '\nIt listens on 127.0.0.1 only and prints the base URL (ending in /v1), an API key with every\nscope, and the admin URL. Stop it with Ctrl-C.\n\nThe engines are installed beside the kit, in the project: @electric-sql/pglite for the\nembedded store, pg for --database (e.g. npm install -D @electric-sql/pglite). Without one,\nemulate stops with emulator.engine_missing and the exact command to run.\n\nExamples:\n  $ extkit emulate\n  $ extkit emulate --memory --seed none --port 0 --json\n  $ extkit emulate --database postgres://postgres@127.0.0.1:5432/emu\n  $ extkit emulate --export ./emulator-state   (written on Ctrl-C)\n  $ extkit emulate --import ./emulator-state\n  $ extkit emulate export ./emulator-state     (from a running one)',
    )
    .action(async (flags: EmulateFlags, command: Command) => {
      // commander fills --data's default even beside --memory or --database: only an explicit one conflicts.
      const explicitData = command.getOptionValueSource('data') === 'cli' ? flags.data : undefined;
      const opts = options({ ...flags, ...(explicitData === undefined ? { data: undefined } : {}) });
      // PGlite's WebAssembly (8.7 MB of Postgres) stays on V8's baseline compiler: V8 would otherwise
      // recompile its hot functions with its optimizing one in the background, more CPU than the whole
      // start takes (the first answer came about 40% later) and not repaid by an emulator's requests.
      // This process is the emulator's alone; set before PGlite compiles its module.
      setFlagsFromString('--liftoff-only');
      const { startEmulator, EngineMissingError, StateError, checkExportTarget } = await import('@extkit/emulator');
      // Refused now, not after a session's work: the folder an export on exit would replace.
      const exportDir =
        flags.export === undefined
          ? undefined
          : (() => {
              try {
                return checkExportTarget(flags.export, {
                  cwd: [process.cwd()],
                  ...(opts.data ? { data: opts.data } : {}),
                });
              } catch (err) {
                if (err instanceof StateError) throw new UsageError(err.code, err.message);
                throw err;
              }
            })();
      const emu = await startEmulator(opts).catch(async (err: unknown) => {
        if (err instanceof EngineMissingError) throw await engineMissing(err);
        const e = err as { code?: string; message?: string };
        if (e.code === 'EADDRINUSE')
          throw new UsageError(
            'port.in_use',
            `port ${opts.port} on 127.0.0.1 is in use; pick another with --port, or --port 0 for any free one`,
          );
        if (
          opts.database &&
          (e.code === 'ECONNREFUSED' || e.code === '28P01' || e.code === '3D000' || e.code === 'ENOTFOUND')
        ) {
          throw new UsageError('database.unreachable', `cannot use the database at --database: ${e.message ?? e.code}`);
        }
        if (err instanceof StateError) throw new UsageError(err.code, err.message);
        if (err instanceof TypeError) throw new UsageError('seed.invalid', err.message);
        throw err;
      });
      // Signals are handled before the line that says it is ready: a Ctrl-C right after it must not kill it half-way.
      const stopped = untilStopped(emu, exportDir, flags.json === true);
      const where = opts.database ? 'PostgreSQL' : opts.data ? opts.data : 'memory';
      if (flags.json) {
        process.stdout.write(
          `${JSON.stringify({ baseUrl: emu.baseUrl, apiKey: emu.apiKey, adminUrl: emu.adminUrl, engine: emu.engine, data: opts.data ?? null })}\n`,
        );
      } else {
        process.stdout.write(
          `extkit emulate: the platform API at ${emu.baseUrl}\n  API key (every scope): ${emu.apiKey}\n  admin: ${emu.adminUrl}\n  state: ${where} (${emu.engine})\n\n  new ServiceClient({ baseUrl: '${emu.baseUrl}', apiKey: '${emu.apiKey}' })\n`,
        );
      }
      await stopped;
    });
  registerEmulateState(emulate);
}

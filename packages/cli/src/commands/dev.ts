import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { positiveInt, requireDir, requirePublisher } from '../flags.js';

interface DevFlags {
  port?: string;
  hostAbi?: string;
  publisher?: string;
}

function port(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new UsageError('flag.invalid', `--port must be a port number from 0 to 65535 (0: any free port), got ${JSON.stringify(value)}`);
  return Number(value);
}

export function registerDev(program: Command): void {
  program
    .command('dev')
    .description('Preview the extension live in sandboxed frames, as the platform loads it (docs/preview.md).')
    .argument('[dir]', 'the extension folder (holds manifest.json)', '.')
    .option('--port <n>', 'port on 127.0.0.1 (default: any free port)')
    .option('--host-abi <n>', 'the host ABI generation to emulate (default: the kit\'s current one)')
    .option('--publisher <handle>', 'publisher handle for component namespaces (default: "extkit.publisher" in package.json)')
    .addHelpText('after', '\nThe preview listens on 127.0.0.1 only. Stop it with Ctrl-C.\n\nExamples:\n  $ extkit dev\n  $ extkit dev path/to/extension --port 5180 --host-abi 2')
    .action(async (dir: string, flags: DevFlags) => {
      requireDir(dir, 'extension folder');
      await requirePublisher(flags.publisher); // a usage error (exit 2), as in validate and build
      const options = {
        dir,
        port: port(flags.port),
        hostAbi: positiveInt('--host-abi', flags.hostAbi),
        ...(flags.publisher !== undefined ? { publisher: flags.publisher } : {}),
      };
      // The project's types follow its manifest while the preview runs (docs/create.md).
      const stopTypes = (await import('@extkit/manifest')).watchTypes(dir);
      const { startDevServer } = await import('@extkit/preview');
      const server = await startDevServer(options).catch((err: unknown) => {
        stopTypes();
        if ((err as { code?: string }).code === 'EADDRINUSE') throw new UsageError('port.in_use', `port ${options.port} on 127.0.0.1 is in use; pick another with --port, or --port 0 for any free one`);
        throw err;
      });
      const { paint, useColor } = await import('@extkit/manifest/terminal');
      const p = paint(useColor());
      const describe = (): string => {
        const s = server.state();
        const errors = s.diagnostics.filter((d) => d.severity === 'error').length;
        const warnings = s.diagnostics.length - errors;
        const build = s.build ? (s.build.ok ? p.green(`built in ${s.build.ms} ms`) : p.red('build failed')) : '';
        const counts = [errors ? p.red(`${errors} error${errors > 1 ? 's' : ''}`) : '', warnings ? p.yellow(`${warnings} warning${warnings > 1 ? 's' : ''}`) : ''].filter(Boolean).join(', ');
        const blocked = s.blocked ? `\n  ${p.yellow('nothing loads:')} ${s.blocked.message}` : '';
        return `${build}${counts ? ` · ${counts} (see the Diagnostics tab)` : ''}${blocked}`;
      };
      const name = server.state().extension?.name ?? dir;
      process.stdout.write(`extkit dev: ${p.bold(name)} at ${p.bold(server.url)}\n  ${describe()}\n`);
      const follow = (): void => {
        void server.nextUpdate().then(() => {
          process.stdout.write(`${p.dim(new Date().toTimeString().slice(0, 8))} ${describe()}\n`);
          follow();
        });
      };
      follow();
      await new Promise<void>((resolve) => {
        const stop = (): void => (stopTypes(), void server.close().then(resolve));
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}

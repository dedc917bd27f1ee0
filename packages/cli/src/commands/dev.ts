import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { join } from 'node:path';
import { positiveInt, requireDir, requirePublisher } from '../flags.js';
import { orgKey } from './marketplace.js';
import { marketplaceFlag } from './publish.js';

interface DevFlags {
  port?: string;
  hostAbi?: string;
  publisher?: string;
  installed?: string;
  marketplace?: string;
  key?: string;
  site?: string;
  emulator?: string | true;
}

function port(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) > 65535)
    throw new UsageError(
      'flag.invalid',
      `--port must be a port number from 0 to 65535 (0: any free port), got ${JSON.stringify(value)}`,
    );
  return Number(value);
}

/** `extkit dev --installed <listing>`: the pinned version, fetched, judged by the loader policy and previewed as the host would run it. */
async function devInstalled(dir: string, flags: DevFlags): Promise<void> {
  const listing = flags.installed!;
  if (!/^[a-z0-9-]+\.[a-z0-9-]+$/.test(listing))
    throw new UsageError(
      'flag.invalid',
      `--installed takes a listing, <publisher>.<id> (e.g. acme.hello-card), got ${JSON.stringify(listing)}`,
    );
  const hostAbi = positiveInt('--host-abi', flags.hostAbi);
  const marketplace = marketplaceFlag(flags.marketplace);
  const key = await orgKey(flags.key, marketplace);
  const { fetchInstalled } = await import('@extkit/emulator/marketplace');
  const fetched = key.ok
    ? await fetchInstalled(listing, {
        key: key.key,
        cache: join(dir, '.extkit', 'installed'),
        root: dir,
        ...(marketplace !== undefined ? { marketplace } : {}),
        ...(flags.site ? { site: flags.site } : {}),
        ...(hostAbi !== undefined ? { hostAbi } : {}),
      })
    : null;
  const { paint, printable, useColor } = await import('@extkit/manifest/terminal');
  const p = paint(useColor());
  if (!fetched?.ok || !fetched.install || !fetched.dir || !fetched.decision) {
    const { formatDiagnostics } = await import('@extkit/bundler');
    process.stdout.write(
      formatDiagnostics({ errors: fetched?.errors ?? key.errors, warnings: [] }, { color: useColor() }),
    );
    process.exitCode = 1;
    return;
  }
  const { install, decision } = fetched;
  const { startDevServer } = await import('@extkit/preview');
  const server = await startDevServer({
    port: port(flags.port),
    ...(hostAbi !== undefined ? { hostAbi } : {}),
    installed: {
      dir: fetched.dir,
      listing,
      version: install.version,
      integrity: install.integrity,
      decision,
      config: install.config ?? {},
    },
  }).catch((err: unknown) => {
    if ((err as { code?: string }).code === 'EADDRINUSE')
      throw new UsageError(
        'port.in_use',
        `port ${flags.port} on 127.0.0.1 is in use; pick another with --port, or --port 0 for any free one`,
      );
    throw err;
  });
  const realm = decision.loads ? p.green(`loads into the ${decision.realm} realm`) : p.red('never loads');
  process.stdout.write(
    // The pin and the reasons (a revocation's) are the marketplace's words: nothing in them acts on the terminal.
    `extkit dev: installed ${p.bold(`${listing}@${install.version}`)} (pinned ${printable(install.integrity)}) at ${p.bold(server.url)}\n  ${realm}: ${printable(decision.reasons.map((r) => `${r.message} [${r.code}]`).join(' '))}\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = (): void => void server.close().then(resolve);
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

export function registerDev(program: Command): void {
  program
    .command('dev')
    .description('Preview the extension live in sandboxed frames, as the platform loads it (docs/preview.md).')
    .argument('[dir]', 'the extension folder (holds manifest.json)', '.')
    .option('--port <n>', 'port on 127.0.0.1 (default: any free port)')
    .option('--host-abi <n>', "the host ABI generation to emulate (default: the kit's current one)")
    .option(
      '--publisher <handle>',
      'publisher handle for component namespaces (default: "extkit.publisher" in package.json)',
    )
    .option(
      '--installed <listing>',
      'preview the version an organization installed from a marketplace (<publisher>.<id>), loaded through the loader policy',
    )
    .option(
      '--marketplace <url>',
      'with --installed: the marketplace (default: EXTKIT_MARKETPLACE, else http://127.0.0.1:8787)',
    )
    .option(
      '--key <key>',
      "with --installed: the organization's API key (default: EXTKIT_API_KEY; a local emulator gives one)",
    )
    .option('--site <id>', "with --installed: the site whose install to preview (default: the organization's)")
    .option(
      '--emulator [url]',
      'route the frames\' calls to the API ("extkit.api" in package.json) to an emulator: one started in this process, or the running extkit emulate at <url>',
    )
    .addHelpText(
      'after',
      '\nThe preview listens on 127.0.0.1 only. Stop it with Ctrl-C.\n\nWith --emulator, every request a frame makes under the project\'s API base ("extkit": { "api":\n"https://api.example.com/v1" } in package.json) goes to the emulator instead, and nothing else does:\nthe code and the manifest are the ones you publish (docs/api.md). Without a URL the emulator runs in\nthis process (its state in .extkit/emulator, the demo seed; it needs @electric-sql/pglite).\n\nExamples:\n  $ extkit dev\n  $ extkit dev --emulator\n  $ extkit dev --emulator http://127.0.0.1:8787/v1\n  $ extkit dev path/to/extension --port 5180 --host-abi 2\n  $ extkit dev --installed acme.hello-card',
    )
    .action(async (dir: string, flags: DevFlags) => {
      if (flags.installed !== undefined && flags.emulator !== undefined)
        throw new UsageError(
          'flag.conflict',
          '--installed previews a published version as an installer runs it, which no emulator routes; give one of --installed and --emulator',
        );
      if (flags.installed !== undefined) return devInstalled(dir, flags);
      requireDir(dir, 'extension folder');
      await requirePublisher(flags.publisher); // a usage error (exit 2), as in validate and build
      const emulator =
        flags.emulator === undefined
          ? undefined
          : await (await import('./dev-emulator.js')).devEmulator(flags.emulator, dir);
      const options = {
        dir,
        port: port(flags.port),
        hostAbi: positiveInt('--host-abi', flags.hostAbi),
        ...(flags.publisher !== undefined ? { publisher: flags.publisher } : {}),
        ...(emulator ? { emulator: emulator.link } : {}),
      };
      // The project's types follow its manifest while the preview runs (docs/create.md).
      const stopTypes = (await import('@extkit/manifest')).watchTypes(dir);
      const { startDevServer } = await import('@extkit/preview');
      const server = await startDevServer(options).catch(async (err: unknown) => {
        stopTypes();
        await emulator?.close();
        if ((err as { code?: string }).code === 'EADDRINUSE')
          throw new UsageError(
            'port.in_use',
            `port ${options.port} on 127.0.0.1 is in use; pick another with --port, or --port 0 for any free one`,
          );
        throw err;
      });
      const { paint, useColor } = await import('@extkit/manifest/terminal');
      const p = paint(useColor());
      const describe = (): string => {
        const s = server.state();
        const errors = s.diagnostics.filter((d) => d.severity === 'error').length;
        const warnings = s.diagnostics.length - errors;
        const build = s.build ? (s.build.ok ? p.green(`built in ${s.build.ms} ms`) : p.red('build failed')) : '';
        const counts = [
          errors ? p.red(`${errors} error${errors > 1 ? 's' : ''}`) : '',
          warnings ? p.yellow(`${warnings} warning${warnings > 1 ? 's' : ''}`) : '',
        ]
          .filter(Boolean)
          .join(', ');
        const blocked = s.blocked ? `\n  ${p.yellow('nothing loads:')} ${s.blocked.message}` : '';
        return `${build}${counts ? ` · ${counts} (see the Diagnostics tab)` : ''}${blocked}`;
      };
      const name = server.state().extension?.name ?? dir;
      const routing = server.state().routing;
      const emulated = emulator
        ? `${emulator.lines.map((line) => `  ${line}\n`).join('')}  ${routing ? `routing ${routing.api} to the emulator` : p.yellow('routing is off: package.json names no "extkit.api" (docs/api.md)')}\n`
        : '';
      process.stdout.write(`extkit dev: ${p.bold(name)} at ${p.bold(server.url)}\n${emulated}  ${describe()}\n`);
      const follow = (): void => {
        void server.nextUpdate().then(() => {
          process.stdout.write(`${p.dim(new Date().toTimeString().slice(0, 8))} ${describe()}\n`);
          follow();
        });
      };
      follow();
      await new Promise<void>((resolve) => {
        const stop = (): void => (
          stopTypes(),
          void server
            .close()
            .then(() => emulator?.close())
            .then(resolve)
        );
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });
}

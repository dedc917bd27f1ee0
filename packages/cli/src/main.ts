import { Command, CommanderError } from 'commander';
import { commands } from './commands/index.js';
import { printUsageJson, reportFailure, UsageError } from './errors.js';
import { readOwnVersion } from './version.js';

// A reader that stops early (`extkit validate --format sarif | head`) closes the pipe: the output
// ends there, quietly, as it does for other command-line tools, not with a stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    process.exit(process.exitCode ?? 0);
  });
}

const program = new Command('extkit')
  .description('Scaffold, validate, build, verify and preview platform extensions.')
  .version(readOwnVersion(), '-v, --version')
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();

for (const register of commands) register(program);

const args = process.argv.slice(2);
const json = args.slice(0, args.includes('--') ? args.indexOf('--') : undefined).includes('--json');

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // Help and --version are successful exits; every other commander error is a usage error.
    const success =
      err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help';
    process.exitCode = success ? 0 : 2;
    if (!success)
      await printUsageError(
        `usage.${err.code.replace(/^commander\./, '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`,
        err.message.replace(/^error: /, ''),
      );
  } else {
    process.exitCode = reportFailure(err);
    if (err instanceof UsageError) await printUsageError(err.code, err.message, err.details);
  }
}

/**
 * Under --json a usage error is a JSON document on stdout too; `extkit validate` also speaks
 * --format json, sarif and github, and answers a usage error in the format it was asked for.
 */
async function printUsageError(code: string, message: string, details?: Record<string, unknown>): Promise<void> {
  const { machineFormat, renderUsageError } = await import('./format/usage-error.js');
  const format = args[0] === 'validate' ? machineFormat(args) : json ? 'json' : undefined;
  if (format === 'json') printUsageJson(code, message, details);
  else if (format) process.stdout.write(await renderUsageError(format, code, message));
}

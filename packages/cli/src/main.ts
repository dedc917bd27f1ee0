import { Command, CommanderError } from 'commander';
import { commands } from './commands/index.js';
import { printUsageJson, reportFailure } from './errors.js';
import { readOwnVersion } from './version.js';

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
    const success = err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help';
    process.exitCode = success ? 0 : 2;
    if (!success && json) printUsageJson(`usage.${err.code.replace(/^commander\./, '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`, err.message.replace(/^error: /, ''));
  } else {
    process.exitCode = reportFailure(err, json);
  }
}

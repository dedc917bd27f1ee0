import { Command, CommanderError } from 'commander';
import { commands } from './commands/index.js';
import { reportFailure } from './errors.js';
import { readOwnVersion } from './version.js';

const program = new Command('extkit')
  .description('Scaffold, validate, build, verify and preview platform extensions.')
  .version(readOwnVersion(), '-v, --version')
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride();

for (const register of commands) register(program);

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) {
    // Help and --version are successful exits; every other commander error is a usage error.
    process.exitCode = err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help' ? 0 : 2;
  } else {
    process.exitCode = reportFailure(err);
  }
}

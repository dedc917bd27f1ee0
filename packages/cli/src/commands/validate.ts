import type { Command } from 'commander';
import { UsageError } from '../errors.js';

interface ValidateFlags {
  json?: boolean;
  publisher?: string;
}

export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('Check manifest.json against every platform rule and kit policy (docs/rules.md).')
    .argument('[path]', 'manifest file, or a folder holding manifest.json', '.')
    .option('--json', 'print one JSON document { valid, errors, warnings, manifest } on stdout')
    .option('--publisher <handle>', 'publisher handle for component namespaces (default: "extkit.publisher" in package.json)')
    .addHelpText(
      'after',
      `
Exit codes: 0 valid (warnings allowed), 1 invalid, 2 usage error (no such file, bad flag).

Examples:
  $ extkit validate
  $ extkit validate path/to/manifest.json --publisher acme
  $ extkit validate --json > report.json`,
    )
    .action(async (path: string, flags: ValidateFlags) => {
      const { runValidate } = await import('../actions/validate.js');
      process.exitCode = await runValidate(path, flags);
    });
}


import type { Command } from 'commander';
import { UsageError } from '../errors.js';

interface ValidateFlags {
  json?: boolean;
  publisher?: string;
  bundle?: string;
}

export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('Check manifest.json against every platform rule and kit policy (docs/rules.md).')
    .argument('[path]', 'manifest file, or a folder holding manifest.json', '.')
    .option('--json', 'print one JSON document { valid, errors, warnings, manifest } on stdout')
    .option('--publisher <handle>', 'publisher handle for component namespaces (default: "extkit.publisher" in package.json)')
    .option('--bundle <file>', 'also scan a built bundle: every registration must be declared in contributes')
    .addHelpText(
      'after',
      `
Exit codes: 0 valid (warnings allowed), 1 invalid, 2 usage error (no such file, bad flag).

To silence a warning for the project, list its code in package.json:
  "extkit": { "ignore": ["entry.not_javascript"] }   (warnings only; errors cannot be silenced)

Examples:
  $ extkit validate
  $ extkit validate path/to/manifest.json --publisher acme
  $ extkit validate --json > report.json
  $ extkit validate --bundle artifacts/weather-widget/1.2.0/dist/index.js`,
    )
    .action(async (path: string, flags: ValidateFlags) => {
      const { runValidate } = await import('../actions/validate.js');
      process.exitCode = await runValidate(path, flags);
    });
}


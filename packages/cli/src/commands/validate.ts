import type { Command } from 'commander';

interface ValidateFlags {
  json?: boolean;
  format?: string;
  maxWarnings?: string;
  publisher?: string;
  bundle?: string;
  fix?: boolean;
  fixDryRun?: boolean;
}

export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('Check manifest.json against every platform rule and kit policy (docs/rules.md).')
    .argument('[paths...]', 'manifest files, folders holding manifest.json, or - for standard input (default: .)')
    .option(
      '--format <format>',
      'text (default), json, sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations)',
    )
    .option(
      '--json',
      'the same as --format json: one JSON document { ok, valid, errors, warnings, manifest } on stdout',
    )
    .option('--max-warnings <n>', 'fail (exit 1) when there are more than n warnings in all; 0 fails on any')
    .option(
      '--publisher <handle>',
      'publisher handle for component namespaces (default: "extkit.publisher" in package.json)',
    )
    .option('--bundle <file>', 'also scan a built bundle: every registration must be declared in contributes')
    .option(
      '--fix',
      'fix what has exactly one right answer (canonical origins, repeated entries) in manifest.json, keeping its formatting; list what needs your decision',
    )
    .option('--fix-dry-run', 'show what --fix would change, as a diff, and write nothing')
    .addHelpText(
      'after',
      `
Exit codes: 0 valid (and no more warnings than --max-warnings), 1 invalid or too many
warnings, 2 usage error (no such file, bad flag). Under --json or --format json|sarif|github
a usage error is machine output on stdout too.

Every diagnostic carries its code, JSON Pointer, file, line, column and the URL of its row in
docs/rules.md. Text and github output show the first 20 of each code and count the rest;
json and sarif list every one. With several paths, --json prints { ok, valid, results: [...] }.
"ok" is the verdict every command's JSON uses; "valid" is its alias, kept for a release.

--fix writes back the fixes the rule table marks "fixes" (docs/rules.md, the --fix column):
each printed with its code; the file keeps its own key order, indentation, line breaks (CRLF
too) and byte order mark, and is written whole (a temporary file renamed over it; a symbolic
link is followed and kept). What needs a decision ("suggests": a kebab-case id, a namespace)
is listed with a suggestion and never changed. --fix-dry-run prints the diff instead. The exit
code is the verdict on the manifest as --fix leaves it.

To silence a warning for the project, list its code in package.json:
  "extkit": { "ignore": ["entry.not_javascript"] }   (warnings only; errors cannot be silenced)

Examples:
  $ extkit validate
  $ extkit validate path/to/manifest.json --publisher acme
  $ extkit validate --json > report.json
  $ extkit validate extensions/* --format sarif > extkit.sarif
  $ extkit validate --format github --max-warnings 0
  $ cat manifest.json | extkit validate -
  $ extkit validate --bundle artifacts/weather-widget/1.2.0/dist/index.js
  $ extkit validate --fix-dry-run && extkit validate --fix`,
    )
    .action(async (paths: string[], flags: ValidateFlags) => {
      const { runValidate } = await import('../actions/validate.js');
      process.exitCode = await runValidate(paths.length > 0 ? paths : ['.'], flags);
    });
}

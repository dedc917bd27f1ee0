import type { Command } from 'commander';

interface CreateFlags {
  template?: string;
  id?: string;
  name?: string;
  publisher?: string;
  yes?: boolean;
  install?: boolean;
  list?: boolean;
  json?: boolean;
}

export function registerCreate(program: Command): void {
  program
    .command('create')
    .description('Create an extension project from a template (docs/create.md).')
    .argument('[dir]', 'the folder to create (new or empty)')
    .option('-t, --template <name>', 'the template (see --list)')
    .option('--id <id>', 'the extension id, kebab-case (default: the folder name)')
    .option('--name <name>', 'the display name (default: from the id)')
    .option('--publisher <handle>', 'your publisher handle, kebab-case; prefixes component ids')
    .option('-y, --yes', 'accept the defaults (template site-component) instead of asking')
    .option(
      '--install',
      "install the project's dependencies with the package manager that ran create (default on a terminal)",
    )
    .option('--no-install', 'do not install (the default without a terminal and in CI)')
    .option('--list', 'list the templates, one line each')
    .option('--json', 'print one JSON document: the result and the next steps (never asks)')
    .addHelpText(
      'after',
      `
On a terminal, what the flags leave out is asked for; without one (CI), a missing
value is a usage error. Exit codes: 0 created, 1 failed while writing (nothing left
behind) or installing (the project is in place; the message says what to run), 2 refused
(a missing or bad value, a folder that is not empty).

Examples:
  $ extkit create --list
  $ extkit create promo-card --template site-component-react --publisher acme
  $ extkit create promo-card -t console-route --publisher acme --id promo --name "Promo" --json`,
    )
    .action(async (dir: string | undefined, flags: CreateFlags) => {
      const { run } = await import('create-extkit');
      const { list, json, install, ...input } = flags;
      process.exitCode = await run(
        { ...input, ...(dir !== undefined ? { dir } : {}) },
        { list: Boolean(list), json: Boolean(json), ...(install !== undefined ? { install } : {}) },
      );
    });
}

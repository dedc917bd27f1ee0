// `npm create extkit@latest [dir] [flags]` / `pnpm create extkit`: the same flags as `extkit create`.
import { parseArgs } from 'node:util';
import { run } from './cli.js';

const USAGE = `Usage: create-extkit [dir] [--template <name>] [--id <id>] [--name <name>] [--publisher <handle>] [--yes] [--[no-]install] [--list] [--json]

Creates an extension project from a template (see --list). Missing values are asked for
on a terminal; without one (CI), give them as flags. --install runs the install of the
package manager that ran create (npm, pnpm or yarn); it is on by default on a terminal,
off with --no-install and in CI. Exit codes: 0 created, 1 failed (writing, or the install:
the project is then in place), 2 refused.
`;

/** Parses argv (without node and the script) and runs; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      allowNegative: true,
      options: {
        template: { type: 'string', short: 't' },
        id: { type: 'string' },
        name: { type: 'string' },
        publisher: { type: 'string' },
        yes: { type: 'boolean', short: 'y' },
        install: { type: 'boolean' },
        list: { type: 'boolean' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    process.stderr.write(`create-extkit: ${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (positionals.length > 1) {
    process.stderr.write(
      `create-extkit: one folder at most, got ${positionals.length}: ${positionals.join(' ')}\n\n${USAGE}`,
    );
    return 2;
  }
  const { list, json, install, help: _help, ...input } = values;
  return run(
    { ...input, ...(positionals[0] !== undefined ? { dir: positionals[0] } : {}) },
    { list: Boolean(list), json: Boolean(json), ...(install !== undefined ? { install } : {}) },
  );
}

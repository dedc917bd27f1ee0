// The command-line flow shared by `extkit create` and `npm create extkit`: each
// maps its own flags to `run`, which lists, prompts, creates, installs and prints.
import { create, exitCodeOf } from './create.js';
import { formatCreated, formatNextSteps, formatTemplateList, nextSteps, packageManager } from './format.js';
import { installDependencies, registryImports, type InstallResult } from './install.js';
import { terminalPrompter } from './prompt.js';
import { listTemplates } from './templates.js';
import type { CreateInput } from './types.js';

export interface RunOptions {
  /** Print the templates, one line each, and create nothing. */
  list?: boolean;
  /** Print one JSON document on stdout (and never prompt). */
  json?: boolean;
  /** Ask for what is missing; default: stdin and stdout are terminals and CI is not set. */
  interactive?: boolean;
  /** Install the project's dependencies with the package manager that ran create; default: when interactive. */
  install?: boolean;
  /** Runs the install; default `installDependencies` (tests give their own). */
  installer?: typeof installDependencies;
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
}

/** Runs one create command line; returns its exit code (0 created, 1 failed writing or installing, 2 refused). */
export async function run(input: CreateInput, options: RunOptions = {}): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  if (options.list) {
    const templates = listTemplates();
    stdout.write(
      options.json
        ? `${JSON.stringify({ templates: templates.map(({ name, description }) => ({ name, description })) }, null, 2)}\n`
        : formatTemplateList(templates),
    );
    return 0;
  }
  const interactive =
    !options.json &&
    (options.interactive ?? (Boolean(process.stdin.isTTY && process.stdout.isTTY) && !process.env['CI']));
  const prompter = interactive ? terminalPrompter(options.stdin ?? process.stdin, stderr) : undefined;
  let result;
  try {
    result = await create(input, prompter ? { prompter } : {});
  } finally {
    prompter?.close();
  }
  if (!options.json) (result.ok ? stdout : stderr).write(formatCreated(result));
  if (!result.ok || result.dir === null) {
    if (options.json) stdout.write(`${JSON.stringify({ ...result, install: null, nextSteps: [] }, null, 2)}\n`);
    return exitCodeOf(result);
  }
  const pm = packageManager();
  let install: InstallResult | null = null;
  if (options.install ?? interactive) {
    if (!options.json) stderr.write(`\nInstalling the dependencies: ${pm} install\n`);
    install = await (options.installer ?? installDependencies)(result.dir, pm, stderr);
  }
  const installed = install?.ok === true;
  const steps = nextSteps(result, pm, process.cwd(), { installed });
  if (options.json) {
    const errors = [...result.errors, ...(install?.errors ?? [])];
    stdout.write(
      `${JSON.stringify({ ...result, ok: errors.length === 0, errors, install, nextSteps: steps }, null, 2)}\n`,
    );
  } else {
    if (install && !install.ok)
      stderr.write(`\n${install.errors.map((e) => `✗ ${e.message} [${e.code}]`).join('\n')}\n`);
    stdout.write(formatNextSteps(steps, { installed, registryImports: registryImports(result.dir) }));
  }
  return install && !install.ok ? 1 : 0;
}

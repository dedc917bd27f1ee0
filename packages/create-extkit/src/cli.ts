// The command-line flow shared by `extkit create` and `npm create extkit`: each
// maps its own flags to `run`, which lists, prompts, creates and prints.
import { create, exitCodeOf } from './create.js';
import { formatCreateResult, formatTemplateList, nextSteps, packageManager } from './format.js';
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
  stdin?: NodeJS.ReadableStream;
  stdout?: NodeJS.WritableStream;
  stderr?: NodeJS.WritableStream;
}

/** Runs one create command line; returns its exit code (0 created, 1 failed writing, 2 refused). */
export async function run(input: CreateInput, options: RunOptions = {}): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  if (options.list) {
    const templates = listTemplates();
    stdout.write(options.json ? `${JSON.stringify({ templates: templates.map(({ name, description }) => ({ name, description })) }, null, 2)}\n` : formatTemplateList(templates));
    return 0;
  }
  const interactive = !options.json && (options.interactive ?? (Boolean(process.stdin.isTTY && process.stdout.isTTY) && !process.env['CI']));
  const prompter = interactive ? terminalPrompter(options.stdin ?? process.stdin, stderr) : undefined;
  let result;
  try {
    result = await create(input, prompter ? { prompter } : {});
  } finally {
    prompter?.close();
  }
  const steps = nextSteps(result, packageManager());
  if (options.json) stdout.write(`${JSON.stringify({ ...result, nextSteps: steps }, null, 2)}\n`);
  else (result.ok ? stdout : stderr).write(formatCreateResult(result, steps));
  return exitCodeOf(result);
}

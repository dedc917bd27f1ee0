/**
 * The CLI's two kinds of failure (after Shopify's cli-kit): a UsageError is the
 * user's to fix and exits 2 with a plain message; anything else is ours to fix
 * and is shown with its stack as a bug.
 */
export class UsageError extends Error {
  readonly code: string;
  /** Members a script needs beside the message (the command that fixes it), added to the error under --json. */
  readonly details: Record<string, unknown>;
  constructor(code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'UsageError';
    this.code = code;
    this.details = details;
  }
}

/** Under --json a usage error is a JSON document on stdout too, in the shape of the command's own: CI parses it either way. */
export function printUsageJson(code: string, message: string, details: Record<string, unknown> = {}): void {
  process.stdout.write(
    `${JSON.stringify({ ok: false, usage: true, errors: [{ code, message, ...details }], warnings: [] }, null, 2)}\n`,
  );
}

/** Prints a failure that escaped a command and returns the exit code to use; `json`: the command was run with --json. */
export function reportFailure(err: unknown, json = false): number {
  if (err instanceof UsageError) {
    process.stderr.write(`extkit: ${err.message}\n`);
    if (json) printUsageJson(err.code, err.message, err.details);
    return 2;
  }
  const stack = err instanceof Error ? (err.stack ?? err.message) : String(err);
  process.stderr.write(`extkit: internal error (a bug in extkit, please report it):\n${stack}\n`);
  return 70;
}

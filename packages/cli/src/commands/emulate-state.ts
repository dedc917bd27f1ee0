// `extkit emulate export <dir>` and `extkit emulate import <dir>`: the state of a running
// emulator, through its admin surface (loopback only), written to or read from a folder.
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { UsageError } from '../errors.js';

interface StateFlags {
  url: string;
  json?: boolean;
}

/** The admin URL of the emulator `--url` names (its admin URL, base URL or origin). */
export function adminUrlOf(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(
      'flag.invalid',
      `--url must be the running emulator's URL, e.g. http://127.0.0.1:8787, got ${JSON.stringify(url)}`,
    );
  }
  if (parsed.protocol !== 'http:')
    throw new UsageError('flag.invalid', `--url must be an http URL on this machine, got ${JSON.stringify(url)}`);
  return `${parsed.origin}/__emulator`;
}

async function ask(flags: StateFlags, path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const admin = adminUrlOf(flags.url);
  let res: Response;
  try {
    res = await fetch(`${admin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new UsageError(
      'emulator.unreachable',
      `no emulator answers at ${admin}; start one with extkit emulate, or name it with --url`,
    );
  }
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown> & {
    error?: { code?: string; message?: string };
  };
  if (!res.ok)
    throw new UsageError(
      answer.error?.code ?? 'emulator.refused',
      answer.error?.message ?? `the emulator answered ${res.status}`,
    );
  return answer;
}

function print(flags: StateFlags, verb: string, r: Record<string, unknown>): void {
  if (flags.json) {
    process.stdout.write(`${JSON.stringify({ ok: true, ...r })}\n`);
    return;
  }
  const rows = (r.rows ?? {}) as Record<string, number>;
  const objects = rows.objects ?? 0;
  process.stdout.write(
    `extkit emulate: ${verb} ${String(r.dir)} (format ${String(r.formatVersion)}, ${objects} objects, exported ${String(r.exportedAt)})\n`,
  );
  if (typeof r.apiKey === 'string') process.stdout.write(`  API key (every scope): ${r.apiKey}\n`);
}

export function registerEmulateState(emulate: Command): void {
  emulate
    .command('export')
    .description("Write a running emulator's whole state to a folder (docs/emulator.md, State you can keep).")
    .argument('<dir>', 'the folder to write (new, empty, or an earlier export, which is replaced)')
    .option('--url <url>', "the running emulator's URL", 'http://127.0.0.1:8787')
    .option('--json', 'print the result as one JSON line')
    .addHelpText(
      'after',
      "\nThe export is written beside <dir> and swapped in when whole, so a half export is never taken for one.\nThe working folder, its parents and the emulator's data folder are refused.\n\nExample:\n  $ extkit emulate export ./emulator-state\n  $ extkit emulate --import ./emulator-state",
    )
    .action(async (dir: string, _flags: StateFlags, command: Command) => {
      // --json is also the parent's option: commander gives it to `emulate` when both declare it.
      const flags = command.optsWithGlobals<StateFlags>();
      print(flags, 'exported to', await ask(flags, '/export', { dir: resolve(dir), cwd: process.cwd() }));
    });
  emulate
    .command('import')
    .description("Replace a running emulator's state with an export's.")
    .argument('<dir>', 'a folder an export wrote')
    .option('--url <url>', "the running emulator's URL", 'http://127.0.0.1:8787')
    .option('--json', 'print the result as one JSON line')
    .action(async (dir: string, _flags: StateFlags, command: Command) => {
      const flags = command.optsWithGlobals<StateFlags>();
      print(flags, 'imported', await ask(flags, '/import', { dir: resolve(dir) }));
    });
}

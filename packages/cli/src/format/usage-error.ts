// A usage error (exit 2) as machine output, for `extkit validate` under --json or a machine
// --format: CI that parses stdout gets one document whatever went wrong.
import type { Format } from '../actions/validate.js';

/** The machine format the command line asks for, read from the raw arguments (commander may not have parsed them). */
export function machineFormat(argv: readonly string[]): Exclude<Format, 'text'> | undefined {
  let format: string | undefined;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') json = true;
    else if (a === '--format') format = argv[i + 1];
    else if (a.startsWith('--format=')) format = a.slice('--format='.length);
  }
  if (format === 'json' || format === 'sarif' || format === 'github') return format;
  return json ? 'json' : undefined;
}

/** The usage error in a format other than json (errors.ts prints the JSON every command shares), for stdout. */
export async function renderUsageError(format: 'sarif' | 'github', code: string, message: string): Promise<string> {
  switch (format) {
    case 'github':
      return (await import('./github.js')).renderUsageErrorGithub(code, message);
    case 'sarif': {
      const { sarifTool } = await import('../actions/validate.js');
      return (await import('./sarif.js')).renderUsageErrorSarif(code, message, await sarifTool());
    }
  }
}

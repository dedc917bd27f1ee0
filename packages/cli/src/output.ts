// How the commands end. Colour and code frames come from @extkit/manifest/terminal
// (shared with the build and the preview), loaded only when a command runs, so that
// `extkit --help` loads no package.
import type { Paint } from '@extkit/manifest/terminal';

/**
 * Ends a command that reports `{ ok, ... }`: sets the exit code (0 or 1), and under
 * --json prints the result as one JSON document and returns undefined; otherwise
 * returns the paint for the human rendering.
 */
export async function settle(
  result: { ok: boolean },
  json: boolean | undefined,
): Promise<{ p: Paint; color: boolean } | undefined> {
  process.exitCode = result.ok ? 0 : 1;
  if (json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return undefined;
  }
  const { paint, useColor } = await import('@extkit/manifest/terminal');
  const color = useColor();
  return { p: paint(color), color };
}

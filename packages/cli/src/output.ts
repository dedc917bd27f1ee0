// Terminal output shared by the commands: colour, diagnostics, code frames.

/** Colour only on a TTY, and never when NO_COLOR is set (no-color.org). */
export function useColor(stream: NodeJS.WriteStream = process.stdout): boolean {
  return Boolean(stream.isTTY) && !process.env.NO_COLOR;
}

export interface Paint {
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

export function paint(color: boolean): Paint {
  const wrap = (open: number, close: number) => (s: string) => (color ? `\u001b[${open}m${s}\u001b[${close}m` : s);
  return { red: wrap(31, 39), yellow: wrap(33, 39), green: wrap(32, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
}

/** A few lines of source around a 1-based line and column, with a caret under the column. */
export function codeFrame(text: string, line: number, column: number, p: Paint, context = 2): string {
  const lines = text.split(/\r?\n/);
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const src = (lines[n - 1] ?? '').replace(/\t/g, ' ');
    const shown = src.length > 160 ? src.slice(Math.max(0, column - 80), Math.max(0, column - 80) + 160) : src;
    const gutter = `${n === line ? p.red('>') : ' '} ${String(n).padStart(width)} | `;
    out.push(gutter + shown);
    if (n === line) {
      const caretAt = src.length > 160 ? Math.min(column - 1, 80) : column - 1;
      out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, caretAt))}${p.red('^')}`);
    }
  }
  return out.join('\n');
}

/**
 * Ends a command that reports `{ ok, ... }`: sets the exit code (0 or 1), and under
 * --json prints the result as one JSON document and returns undefined; otherwise
 * returns the paint for the human rendering.
 */
export function settle(result: { ok: boolean }, json: boolean | undefined): { p: Paint; color: boolean } | undefined {
  process.exitCode = result.ok ? 0 : 1;
  if (json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return undefined;
  }
  const color = useColor();
  return { p: paint(color), color };
}

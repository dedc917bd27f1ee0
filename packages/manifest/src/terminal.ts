// Terminal rendering shared by the CLI, the build's diagnostics and the preview:
// `@extkit/manifest/terminal`, an entry of its own so that loading it loads nothing else.

/** Colour only on a TTY, and never when NO_COLOR is set (no-color.org). */
export function useColor(stream: NodeJS.WriteStream = process.stdout): boolean {
  return Boolean(stream.isTTY) && !process.env.NO_COLOR;
}

export interface Paint {
  red: (s: string) => string;
  yellow: (s: string) => string;
  green: (s: string) => string;
  dim: (s: string) => string;
  bold: (s: string) => string;
}

/** ANSI styles when `color`, plain text otherwise. */
export function paint(color: boolean): Paint {
  const wrap = (open: number, close: number) => (s: string) => (color ? `\u001b[${open}m${s}\u001b[${close}m` : s);
  return { red: wrap(31, 39), yellow: wrap(33, 39), green: wrap(32, 39), dim: wrap(2, 22), bold: wrap(1, 22) };
}

export interface CodeFrameOptions {
  /** Lines shown either side of the marked one (default 2). */
  context?: number;
  /** `text` is the marked line alone (as esbuild gives it), not the whole file. */
  lineOnly?: boolean;
  /** How to style the marker and caret (default: plain). */
  mark?: (s: string) => string;
}

/**
 * What a terminal acts on instead of showing: C0 and C1 controls and DEL (an escape sequence moves
 * the cursor, erases lines, sets the title; a carriage return writes over the line), and what
 * reorders or breaks a line around it (bidirectional controls, U+2028 and U+2029).
 */
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text that came from a file (a manifest's keys in a pointer, its lines in a frame, a bundle's file
 * names), safe to print on a terminal: each character it would act on becomes one visible one, so
 * columns stay where they were: a C0 control or DEL its Control Picture (ESC is ␛), the rest �.
 */
export const printable = (s: string): string =>
  s.replace(UNPRINTABLE, (c) => {
    const code = c.charCodeAt(0);
    return code < 32 ? String.fromCharCode(0x2400 + code) : code === 127 ? '\u2421' : '\ufffd';
  });

/** Longer lines (a minified bundle's can be megabytes) are shown as a window around the column. */
const WINDOW = 160;

/**
 * Numbered source lines around a 1-based `line`, the marked one prefixed with `>` and a
 * caret under its 0-based `column`: `> 3 | const x = ;` then `  | ^` aligned under it.
 */
export function codeFrame(text: string, line: number, column: number, options: CodeFrameOptions = {}): string {
  const { context = 2, lineOnly = false, mark = (s: string) => s } = options;
  const lines = lineOnly ? [] : text.split(/\r?\n/);
  const lineAt = (n: number) => (lineOnly ? (n === line ? text : '') : (lines[n - 1] ?? ''));
  const first = lineOnly ? line : Math.max(1, line - context);
  const last = lineOnly ? line : Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const src = lineAt(n);
    const from = src.length > WINDOW ? Math.max(0, column - WINDOW / 2) : 0;
    out.push(
      `${n === line ? mark('>') : ' '} ${String(n).padStart(width)} | ${printable(src.slice(from, from + WINDOW).replace(/\t/g, ' '))}`,
    );
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - from))}${mark('^')}`);
  }
  return out.join('\n');
}

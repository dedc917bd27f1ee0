import type { Diagnostic } from './types.js';

/** How to format diagnostics for a terminal. */
export interface FormatOptions {
  /** ANSI colours; the CLI passes true only on a TTY without NO_COLOR. */
  color: boolean;
}

const paint = (on: boolean, open: number, close: number) => (s: string) => (on ? `\u001b[${open}m${s}\u001b[${close}m` : s);

/**
 * One diagnostic for a person, in the shape `extkit validate` prints:
 * `where  severity  code  pointer` then the message, and under a file position a
 * code frame with a caret at the column (esbuild's columns are 0-based).
 */
export function formatDiagnostic(d: Diagnostic, severity: 'error' | 'warning', options: FormatOptions): string {
  const red = paint(options.color, 31, 39);
  const yellow = paint(options.color, 33, 39);
  const bold = paint(options.color, 1, 22);
  const dim = paint(options.color, 2, 22);
  const loc = d.location;
  const where = loc ? `${loc.file}:${loc.line}:${loc.column + 1}  ` : d.path !== undefined ? 'manifest.json  ' : '';
  const pointer = d.path !== undefined ? `  ${dim(d.path === '' ? '(document)' : d.path)}` : '';
  let out = `${where}${severity === 'error' ? red('error') : yellow('warning')}  ${bold(d.code)}${pointer}\n  ${d.message.replace(/\n/g, '\n  ')}\n`;
  if (loc && loc.lineText) {
    // A minified line can be megabytes long: show a window around the column.
    const from = loc.lineText.length > 160 ? Math.max(0, loc.column - 80) : 0;
    const n = String(loc.line);
    out += `${red('>')} ${n} | ${loc.lineText.slice(from, from + 160).replace(/\t/g, ' ')}\n  ${' '.repeat(n.length)} | ${' '.repeat(loc.column - from)}${red('^')}\n`;
  }
  return out;
}

/** Every error, then every warning, formatted. */
export function formatDiagnostics(report: { errors: Diagnostic[]; warnings: Diagnostic[] }, options: FormatOptions): string {
  return [...report.errors.map((e) => formatDiagnostic(e, 'error', options)), ...report.warnings.map((w) => formatDiagnostic(w, 'warning', options))].join('');
}

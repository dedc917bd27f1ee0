import { codeFrame, paint, printable } from '@extkit/manifest/terminal';
import type { Diagnostic } from './types.js';

/** How to format diagnostics for a terminal. */
export interface FormatOptions {
  /** ANSI colours; the CLI passes true only on a TTY without NO_COLOR. */
  color: boolean;
}

/**
 * One diagnostic for a person, in the shape `extkit validate` prints:
 * `where  severity  code  pointer` then the message, and under a file position a
 * code frame with a caret at the column (esbuild's columns are 0-based).
 */
export function formatDiagnostic(d: Diagnostic, severity: 'error' | 'warning', options: FormatOptions): string {
  const { red, yellow, bold, dim } = paint(options.color);
  const loc = d.location;
  const where = loc
    ? `${printable(loc.file)}:${loc.line}:${loc.column + 1}  `
    : d.path !== undefined
      ? 'manifest.json  '
      : '';
  const pointer = d.path !== undefined ? `  ${dim(d.path === '' ? '(document)' : printable(d.path))}` : '';
  // A message can quote what a file or a marketplace holds: nothing in it may act on the terminal.
  const message = d.message.split('\n').map(printable).join('\n  ');
  let out = `${where}${severity === 'error' ? red('error') : yellow('warning')}  ${bold(d.code)}${pointer}\n  ${message}\n`;
  if (loc && loc.lineText) out += `${codeFrame(loc.lineText, loc.line, loc.column, { lineOnly: true, mark: red })}\n`;
  return out;
}

/** Every error, then every warning, formatted. */
export function formatDiagnostics(
  report: { errors: Diagnostic[]; warnings: Diagnostic[] },
  options: FormatOptions,
): string {
  return [
    ...report.errors.map((e) => formatDiagnostic(e, 'error', options)),
    ...report.warnings.map((w) => formatDiagnostic(w, 'warning', options)),
  ].join('');
}

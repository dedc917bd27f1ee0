import type { Diagnostic } from './types.js';

/** How to format diagnostics for a terminal. */
export interface FormatOptions {
  /** ANSI colours; the CLI passes true only on a TTY without NO_COLOR. */
  color: boolean;
}

const paint = (on: boolean, code: string) => (s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s);

/**
 * One diagnostic for a person, after esbuild's format: `file:line:column: error [code] message`
 * and, with a file position, a code frame with a caret under the column.
 */
export function formatDiagnostic(d: Diagnostic, severity: 'error' | 'warning', options: FormatOptions): string {
  const red = paint(options.color, '31;1');
  const yellow = paint(options.color, '33;1');
  const dim = paint(options.color, '2');
  const green = paint(options.color, '32');
  const label = severity === 'error' ? red('error') : yellow('warning');
  const where = d.location ? `${d.location.file}:${d.location.line}:${d.location.column}: ` : d.path !== undefined ? `${d.path || '(manifest)'}: ` : '';
  let out = `${where}${label} ${dim(`[${d.code}]`)} ${d.message}\n`;
  if (d.location) {
    const gutter = `${d.location.line} │ `;
    out += `${dim(gutter)}${d.location.lineText}\n${' '.repeat(gutter.length - 2)}${dim('╵')} ${' '.repeat(d.location.column)}${green('^')}\n`;
  }
  return out;
}

/** Every error, then every warning, formatted. */
export function formatDiagnostics(report: { errors: Diagnostic[]; warnings: Diagnostic[] }, options: FormatOptions): string {
  return [...report.errors.map((e) => formatDiagnostic(e, 'error', options)), ...report.warnings.map((w) => formatDiagnostic(w, 'warning', options))].join('');
}

import type { FileLocation } from '../types.js';

/**
 * Two lines of context either side of a position, numbered, with a caret
 * under the column, e.g. `> 3 | const x = ;` / `    |           ^`.
 */
export function codeFrame(source: string, loc: Pick<FileLocation, 'line' | 'column'>): string {
  const lines = source.split(/\r?\n/);
  const first = Math.max(1, loc.line - 2);
  const last = Math.min(lines.length, loc.line + 2);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const mark = n === loc.line ? '>' : ' ';
    out.push(`${mark} ${String(n).padStart(width)} | ${lines[n - 1] ?? ''}`);
    if (n === loc.line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, loc.column))}^`);
  }
  return out.join('\n');
}

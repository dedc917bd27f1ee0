import { describe, expect, it } from 'vitest';
import { codeFrame, paint } from './terminal.js';

/** The character the caret points at, read back from a rendered frame. */
function underCaret(frame: string): string {
  const rows = frame.split('\n');
  const caretRow = rows.findIndex((r) => r.trimEnd().endsWith('^') && r.includes('|'));
  const source = rows[caretRow - 1]!;
  return source[rows[caretRow]!.indexOf('^')]!;
}

describe('codeFrame', () => {
  it('numbers the lines around the marked one and puts the caret under the column', () => {
    const frame = codeFrame('{\n  "id": "x",\n}\n', 3, 0);
    expect(frame).toBe('  1 | {\n  2 |   "id": "x",\n> 3 | }\n    | ^\n  4 | ');
  });

  it('shows a window of a long line with the caret still under the right character', () => {
    const line = 'a'.repeat(500) + 'X' + 'b'.repeat(500);
    for (const [text, n, opts] of [[line, 1, {}], [line, 7, { lineOnly: true }]] as const) {
      const frame = codeFrame(text, n, 500, opts);
      expect(underCaret(frame)).toBe('X');
      expect(frame.split('\n')[0]!.length).toBeLessThan(200);
    }
  });

  it('numbers a lone line (as esbuild gives it) by its own line number', () => {
    expect(codeFrame('const x = ;', 12, 10, { lineOnly: true })).toBe('> 12 | const x = ;\n     |           ^');
  });

  it('styles only when colour is on', () => {
    expect(paint(false).red('x')).toBe('x');
    expect(paint(true).red('x')).toBe('\u001b[31mx\u001b[39m');
  });
});

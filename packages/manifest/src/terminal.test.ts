import { describe, expect, it } from 'vitest';
import { codeFrame, paint, printable } from './terminal.js';

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
    for (const [text, n, opts] of [
      [line, 1, {}],
      [line, 7, { lineOnly: true }],
    ] as const) {
      const frame = codeFrame(text, n, 500, opts);
      expect(underCaret(frame)).toBe('X');
      expect(frame.split('\n')[0]!.length).toBeLessThan(200);
    }
  });

  it('numbers a lone line (as esbuild gives it) by its own line number', () => {
    expect(codeFrame('const x = ;', 12, 10, { lineOnly: true })).toBe('> 12 | const x = ;\n     |           ^');
  });

  it('shows the control characters of a line as visible ones, one each, the caret still under its character', () => {
    // A raw escape in a string is a syntax error, and the frame shows the line it is on.
    const frame = codeFrame('{"a": "\u001b[2J\u001b[1A\r\u202eX"}', 1, 17);
    expect(frame).toBe('> 1 | {"a": "␛[2J␛[1A␍\ufffdX"}\n    |                  ^');
    expect(underCaret(frame)).toBe('X');
  });

  it('styles only when colour is on', () => {
    expect(paint(false).red('x')).toBe('x');
    expect(paint(true).red('x')).toBe('\u001b[31mx\u001b[39m');
  });
});

describe('printable', () => {
  it('turns every character a terminal acts on into one it shows, and leaves the rest', () => {
    const acted = '\u0000\u0007\b\t\n\r\u001b\u007f\u0085\u009b\u2028\u2029\u202a\u202e\u2066\u2069';
    expect(printable(acted)).toBe('␀␇␈␉␊␍␛␡\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd');
    expect(printable(acted)).toHaveLength(acted.length);
    const shown = '/contributes/site/components/0 "é😀 שלום" ~ \u00a0\u200b';
    expect(printable(shown)).toBe(shown);
  });
});

import type { Position } from '../diagnostics.js';

/**
 * The line starts of a text, found in one pass, as far as the offsets asked about need: findings
 * placed near the start of 12 MB do not pay for its other 775,000 lines. A lookup on the line of
 * the previous one, or the next, takes two comparisons (diagnostics asked in the text's order are
 * mostly so); any other, a binary search. Lines end at LF.
 */
export class LineIndex {
  private readonly starts: number[] = [0];
  private last = 0;
  /** Where the search for the next line break goes on; -1 once every line start is known. */
  private from = 0;

  constructor(private readonly text: string) {}

  at(offset: number): Position {
    const { starts } = this;
    // Known: every line start up to `offset`, and the first after it (if there is one).
    while (this.from !== -1 && starts[starts.length - 1]! <= offset) {
      const i = this.text.indexOf('\n', this.from);
      if (i === -1) this.from = -1;
      else starts.push((this.from = i + 1));
    }
    let line = this.last;
    if (!this.on(line, offset)) line = this.on(line + 1, offset) ? line + 1 : this.search(offset);
    this.last = line;
    return { line: line + 1, column: offset - starts[line]! + 1 };
  }

  /** Whether `offset` is on the 0-based `line`. */
  private on(line: number, offset: number): boolean {
    const { starts } = this;
    return (
      line < starts.length && starts[line]! <= offset && (line + 1 === starts.length || starts[line + 1]! > offset)
    );
  }

  private search(offset: number): number {
    const { starts } = this;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

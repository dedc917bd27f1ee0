// `--fix-dry-run`'s output: a unified diff of the text before and after the fixes, made from
// the edits themselves (each edit knows the lines it touches), in one pass over the text.
import type { Edit } from 'jsonc-parser';
import { applyEdits } from './edits.js';

const CONTEXT = 3;

/** Line starts of `text`: offsets just past each '\n', the first line at 0. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 0-based line holding `offset`. */
function lineOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const lines = (chunk: string): string[] => {
  const out = chunk.split('\n');
  if (out.at(-1) === '') out.pop();
  return out.map((l) => l.replace(/\r$/, ''));
};

/**
 * A unified diff (`--- a/<name>`, `+++ b/<name>`, hunks with three lines of context) of `text`
 * and the text `edits` make of it; empty when there are no edits.
 * @example unifiedDiff(text, result.edits, 'manifest.json')
 */
export function unifiedDiff(text: string, edits: readonly Edit[], name: string): string {
  if (edits.length === 0) return '';
  const starts = lineStarts(text);
  const last = text.endsWith('\n') && starts.length > 1 ? starts.length - 2 : starts.length - 1;
  // Each edit's lines [first, end]; edits on touching lines are one group.
  const groups: Array<{ first: number; end: number; edits: Edit[] }> = [];
  for (const e of [...edits].sort((a, b) => a.offset - b.offset)) {
    const first = lineOf(starts, e.offset);
    const end = e.length === 0 ? first : lineOf(starts, e.offset + e.length - 1);
    const g = groups.at(-1);
    if (g && first <= g.end + 1) {
      g.end = Math.max(g.end, end);
      g.edits.push(e);
    } else groups.push({ first, end, edits: [e] });
  }
  const oldLine = (i: number) => text.slice(starts[i], i < last ? starts[i + 1] : text.length);
  let out = `--- a/${name}\n+++ b/${name}\n`;
  let delta = 0; // new line number minus old, before the current hunk
  for (let h = 0; h < groups.length;) {
    // A hunk: groups whose context overlaps.
    let k = h;
    while (k + 1 < groups.length && groups[k + 1]!.first - groups[k]!.end <= 2 * CONTEXT + 1) k++;
    const from = Math.max(0, groups[h]!.first - CONTEXT);
    const to = Math.min(last, groups[k]!.end + CONTEXT);
    const body: string[] = [];
    let oldCount = 0;
    let newCount = 0;
    let at = from;
    for (let g = h; g <= k; g++) {
      const group = groups[g]!;
      for (; at < group.first; at++, oldCount++, newCount++) body.push(` ${lines(oldLine(at))[0] ?? ''}`);
      const start = starts[group.first]!;
      const stop = group.end < last ? starts[group.end + 1]! : text.length;
      const before = text.slice(start, stop);
      const after = applyEdits(
        before,
        group.edits.map((e) => ({ ...e, offset: e.offset - start })),
      );
      for (const l of lines(before)) {
        body.push(`-${l}`);
        oldCount++;
      }
      for (const l of lines(after)) {
        body.push(`+${l}`);
        newCount++;
      }
      at = group.end + 1;
    }
    for (; at <= to; at++, oldCount++, newCount++) body.push(` ${lines(oldLine(at))[0] ?? ''}`);
    out += `@@ -${from + 1},${oldCount} +${from + 1 + delta},${newCount} @@\n${body.join('\n')}\n`;
    delta += newCount - oldCount;
    h = k + 1;
  }
  return out;
}

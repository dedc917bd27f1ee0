// Edits of a manifest's text that keep everything else as it was written: comments, key order,
// indentation, line breaks (CRLF too). Values are found in jsonc-parser's tree; where a key is
// written twice, the occurrence JSON.parse keeps (the last) is the one edited.
import { createScanner, parseTree, type Edit, type Node } from 'jsonc-parser';

// jsonc-parser's SyntaxKind is a const enum, which isolated modules cannot read: its values, as the library declares them.
const COMMA = 5;
const TRIVIA = new Set([12, 13, 14, 15]); // line comment, block comment, line break, whitespace
const EOF = 17;

/** The node a JSON Pointer names, by the last occurrence of each key; undefined when there is none. */
export function nodeAt(root: Node | undefined, pointer: string): Node | undefined {
  if (pointer === '') return root;
  let node = root;
  for (const raw of pointer.slice(1).split('/')) {
    if (!node) return undefined;
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node.type === 'object') {
      let found: Node | undefined;
      for (const prop of node.children ?? []) if (prop.children?.[0]?.value === part) found = prop.children[1];
      node = found;
    } else if (node.type === 'array') {
      node = /^(0|[1-9]\d*)$/.test(part) ? node.children?.[Number(part)] : undefined;
    } else return undefined;
  }
  return node;
}

export const tree = (text: string): Node | undefined => parseTree(text, [], { allowTrailingComma: false }) ?? undefined;

const isBlank = (c: string | undefined) => c === ' ' || c === '\t';

/** The offset just past the first comma token from `from` to `to`, skipping whitespace and comments; -1 when none. */
function commaBetween(text: string, from: number, to: number): number {
  const scanner = createScanner(text, false);
  scanner.setPosition(from);
  for (let kind: number = scanner.scan(); kind !== EOF && scanner.getTokenOffset() < to; kind = scanner.scan()) {
    if (kind === COMMA) return scanner.getTokenOffset();
    if (!TRIVIA.has(kind)) return -1;
  }
  return -1;
}

/** [start, end) grown to the whole line when the line holds nothing else (its indentation and its line break). */
function wholeLine(text: string, start: number, end: number): [number, number] {
  let a = start;
  while (a > 0 && isBlank(text[a - 1])) a--;
  let b = end;
  while (isBlank(text[b])) b++;
  const lineStart = a === 0 || text[a - 1] === '\n';
  const lineEnd = text[b] === '\n' || (text[b] === '\r' && text[b + 1] === '\n');
  if (lineStart && lineEnd) return [a, b + (text[b] === '\r' ? 2 : 1)];
  return [start, end];
}

/** A replacement of a value by another, written as JSON writes it. */
export const replaceValue = (node: Node, value: unknown): Edit => ({
  offset: node.offset,
  length: node.length,
  content: JSON.stringify(value),
});

/**
 * Removes the elements `indexes` of the array `array` (never all of them): each with the comma
 * after it, or, for the last element, the comma after the last element kept; an element alone
 * on its line takes the line with it. Comments outside the removed elements stay.
 */
export function removeElements(text: string, array: Node, indexes: ReadonlySet<number>): Edit[] {
  const items = array.children ?? [];
  const edits: Edit[] = [];
  const last = items.length - 1;
  for (const i of [...indexes].sort((x, y) => x - y)) {
    const el = items[i]!;
    const end = el.offset + el.length;
    if (i < last) {
      const comma = commaBetween(text, end, items[i + 1]!.offset);
      if (comma === -1) continue;
      let [a, b] = wholeLine(text, el.offset, comma + 1);
      if (a === el.offset) {
        // Inline: the space after the comma goes too; at the end of its line, the space before it instead.
        while (isBlank(text[b])) b++;
        if ((text[b] === '\n' || text[b] === '\r') && !indexes.has(i - 1)) while (isBlank(text[a - 1])) a--;
      }
      edits.push({ offset: a, length: b - a, content: '' });
      continue;
    }
    // The last element: the comma after the last element kept goes, and the element.
    let kept = i - 1;
    while (kept >= 0 && indexes.has(kept)) kept--;
    if (kept < 0) continue;
    const k = items[kept]!;
    const comma = commaBetween(text, k.offset + k.length, items[kept + 1]!.offset);
    if (comma === -1) continue;
    // Inline (`["a", "b", "b"]`), the space after that comma goes too; on lines of their own, the comma only.
    let after = comma + 1;
    while (isBlank(text[after])) after++;
    const inline = text[after] !== '\n' && text[after] !== '\r';
    edits.push({ offset: comma, length: (inline ? after : comma + 1) - comma, content: '' });
    const [a, b] = wholeLine(text, el.offset, end);
    edits.push({ offset: a, length: b - a, content: '' });
  }
  return edits;
}

/**
 * Applies non-overlapping edits in one pass (jsonc-parser's applyEdits copies the text once per
 * edit: a manifest with 100,000 repeats to drop is a quadratic walk there). Throws on an overlap.
 */
export function applyEdits(text: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset || a.length - b.length);
  const parts: string[] = [];
  let at = 0;
  for (const e of sorted) {
    if (e.offset < at) throw new Error(`overlapping edits at offset ${e.offset}`);
    parts.push(text.slice(at, e.offset), e.content);
    at = e.offset + e.length;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

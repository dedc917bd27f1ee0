// Where things are in manifest.json's text: line and column of an offset, and of the value a
// JSON Pointer names. Each is found in one pass over the text, so that reporting n diagnostics
// costs one scan and n lookups rather than a scan of the file per diagnostic.
import { createRequire } from 'node:module';
import { tokens } from './pointer.js';

export interface Position {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (what editors and SARIF count by default). */
  column: number;
}

/** The line starts of a text, found in one pass; each lookup is then a binary search. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  at(offset: number): Position {
    const { starts } = this;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  }
}

const require = createRequire(import.meta.url);
/** jsonc-parser, loaded only when a position is asked for: a valid manifest never pays for it. */
export const jsoncParser = (): typeof import('jsonc-parser') => require('jsonc-parser') as typeof import('jsonc-parser');

/** The pointers asked for, as a tree of their tokens; each node gets the offset where its value (or its key) is. */
interface Wanted {
  children: Map<string, Wanted>;
  offset: number;
}

/**
 * Finds where the values some JSON Pointers name are, or their nearest existing ancestors (a
 * missing property points at its parent object), in one pass over the text that builds no tree:
 * only the positions of what was asked for are kept. A property is placed at its key, where
 * people look; of repeated keys the last wins, as in JSON.parse.
 */
export function pointerLocator(text: string, pointers: Iterable<string>): (pointer: string) => Position | undefined {
  const root: Wanted = { children: new Map(), offset: -1 };
  for (const pointer of pointers) {
    let node = root;
    for (const token of tokens(pointer)) {
      let next = node.children.get(token);
      if (!next) node.children.set(token, (next = { children: new Map(), offset: -1 }));
      node = next;
    }
  }
  // One frame per open object or array: the wanted node it is, its next index, the wanted child its last key named.
  const frames: Array<{ node: Wanted | undefined; index: number; array: boolean; property: Wanted | undefined }> = [];
  const valueAt = (offset: number): Wanted | undefined => {
    const frame = frames[frames.length - 1];
    if (!frame) return root.offset === -1 ? ((root.offset = offset), root) : root;
    if (!frame.array) return frame.property; // placed at its key already
    const node = frame.node?.children.get(String(frame.index++));
    if (node) node.offset = offset;
    return node;
  };
  let parsed = true;
  try {
    jsoncParser().visit(
      text,
      {
        onObjectBegin: (offset) => void frames.push({ node: valueAt(offset), index: 0, array: false, property: undefined }),
        onArrayBegin: (offset) => void frames.push({ node: valueAt(offset), index: 0, array: true, property: undefined }),
        onObjectEnd: () => void frames.pop(),
        onArrayEnd: () => void frames.pop(),
        onLiteralValue: (_value, offset) => void valueAt(offset),
        onObjectProperty: (key, offset) => {
          const frame = frames[frames.length - 1]!;
          const node = frame.node?.children.get(key);
          if (node) node.offset = offset;
          frame.property = node;
        },
      },
      { disallowComments: true },
    );
  } catch {
    parsed = false; // a document too deep for jsonc-parser's recursion: no positions
  }
  const lines = new LineIndex(text);
  return (pointer) => {
    if (!parsed || root.offset === -1) return undefined;
    let node = root;
    let at = root.offset;
    for (const token of tokens(pointer)) {
      const next = node.children.get(token);
      if (!next || next.offset === -1) break;
      at = next.offset;
      node = next;
    }
    return lines.at(at);
  };
}

/** The 1-based line and column in `text` of the value a JSON Pointer names, or of its nearest existing ancestor. */
export const locatePointer = (text: string, pointer: string): Position | undefined => pointerLocator(text, [pointer])(pointer);

/**
 * The line and column of each diagnostic: its own when it has them (syntax errors, repeated
 * keys), else those of the value its pointer names. The text is read for pointers only when
 * some diagnostic needs it, and then once.
 */
export function diagnosticPositions(text: string | undefined, diagnostics: ReadonlyArray<{ path: string; line?: number; column?: number }>): Array<Position | undefined> {
  const wanted = diagnostics.filter((d) => d.line === undefined).map((d) => d.path);
  const locate = text !== undefined && wanted.length > 0 ? pointerLocator(text, wanted) : undefined;
  return diagnostics.map((d) => (d.line !== undefined ? { line: d.line, column: d.column ?? 1 } : locate?.(d.path)));
}

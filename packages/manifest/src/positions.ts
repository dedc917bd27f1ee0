// Where things are in manifest.json's text: line and column of an offset, and of the value a
// JSON Pointer names. Each is built once per text, so that reporting n diagnostics costs
// O(n log n) rather than a scan of the file per diagnostic.
import { createRequire } from 'node:module';
import type { Node } from 'jsonc-parser';
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

/**
 * Finds the position of the value a JSON Pointer names, or of its nearest existing ancestor
 * (a missing property points at its parent object). The text is parsed once; each object's
 * keys are indexed the first time a pointer goes through it.
 */
export function pointerLocator(text: string): (pointer: string) => Position | undefined {
  let root: Node | undefined;
  try {
    root = jsoncParser().parseTree(text, [], { disallowComments: true });
  } catch {
    // A document too deep for jsonc-parser's recursion: no positions.
  }
  const lines = new LineIndex(text);
  const keyed = new WeakMap<Node, Map<string, Node>>();
  const child = (node: Node, token: string): Node | undefined => {
    if (node.type === 'array') return /^(0|[1-9]\d*)$/.test(token) ? node.children?.[Number(token)] : undefined;
    if (node.type !== 'object') return undefined;
    let byKey = keyed.get(node);
    if (!byKey) {
      byKey = new Map();
      // The last of repeated keys wins, as in JSON.parse.
      for (const prop of node.children ?? []) if (prop.children?.[0]) byKey.set(prop.children[0].value as string, prop);
      keyed.set(node, byKey);
    }
    return byKey.get(token);
  };
  return (pointer) => {
    if (!root) return undefined;
    let node = root;
    let at = root.offset;
    for (const token of tokens(pointer)) {
      const next = child(node, token);
      if (!next) break;
      if (next.type === 'property') {
        // A property's value: point at its key, where people look.
        at = next.offset;
        const value = next.children?.[1];
        if (!value) break;
        node = value;
      } else {
        at = next.offset;
        node = next;
      }
    }
    return lines.at(at);
  };
}

/** The 1-based line and column in `text` of the value a JSON Pointer names, or of its nearest existing ancestor. */
export const locatePointer = (text: string, pointer: string): Position | undefined => pointerLocator(text)(pointer);

/**
 * Each diagnostic with a line and column: its own when it has them (syntax errors, repeated
 * keys), else those of the value its pointer names. The text is parsed for pointers only when
 * some diagnostic needs it, and then once.
 */
export function locateDiagnostics<D extends { path: string; line?: number; column?: number }>(text: string | undefined, diagnostics: readonly D[]): Array<D & Partial<Position>> {
  let locate: ((pointer: string) => Position | undefined) | undefined;
  return diagnostics.map((d) => {
    if (d.line !== undefined || text === undefined) return d;
    locate ??= pointerLocator(text);
    const at = locate(d.path);
    return at ? { ...d, ...at } : d;
  });
}

// Where the values JSON Pointers name are in manifest.json's text, found in one walk of
// jsonc-parser's tokens (walk.ts) for every pointer at once, and only when a diagnostic asks.
import type { Position } from '../diagnostics.js';
import { tokens } from '../pointer.js';
import { LineIndex } from './lines.js';
import { walkJson } from './walk.js';

export type { Position } from '../diagnostics.js';

/**
 * A token some pointer names under its parent, and where the walk last found it: the offset of its
 * key (a property) or value (an element), and which occurrence it was (0: not found), under which
 * occurrence of its parent. A key written twice is found twice; JSON.parse keeps the last, and so
 * does a place: what was found under an earlier occurrence of the parent no longer counts.
 */
interface Wanted {
  parent: Wanted | undefined;
  kids: Map<string, Wanted> | undefined;
  offset: number;
  occurrence: number;
  under: number;
  /** After the walk, once asked: the offset it resolves to (its own, or its nearest found ancestor's); -1 before. */
  resolved: number;
  /** Whether it resolves to its own offset: it and every ancestor are in the values JSON.parse keeps. */
  kept: boolean;
}

const wanted = (parent: Wanted | undefined): Wanted => ({
  parent,
  kids: undefined,
  offset: 0,
  occurrence: 0,
  under: 0,
  resolved: -1,
  kept: false,
});

/** The pointers' tokens as a tree, and the walk down the text that finds every one in one pass. */
class WantedTree {
  readonly root = wanted(undefined);
  // Diagnostics come in runs under one parent (`/config/defaults/a`, `/config/defaults/b`): its node is kept.
  private lastParentPath: string | undefined;
  private lastParent = this.root;

  /** The node of a pointer, made with its ancestors where missing. */
  add(pointer: string): Wanted {
    const cut = pointer.lastIndexOf('/');
    if (cut === -1) return this.root;
    const parentPath = pointer.slice(0, cut);
    if (parentPath !== this.lastParentPath) {
      this.lastParentPath = parentPath;
      this.lastParent = tokens(parentPath).reduce((node, token) => kid(node, token), this.root);
    }
    const token = pointer.slice(cut + 1);
    return kid(this.lastParent, token.includes('~') ? token.replace(/~1/g, '/').replace(/~0/g, '~') : token);
  }

  /** Walks the text; false where it is not JSON. */
  find(text: string): boolean {
    // The wanted node of each open container (undefined: no pointer goes into it), and of the
    // value the last key or element starts.
    const open: Array<Wanted | undefined> = [];
    let next: Wanted | undefined = this.root;
    let occurrences = (this.root.occurrence = 1);
    const at = (token: string, offset: number): void => {
      const parent = open[open.length - 1];
      next = parent?.kids?.get(token);
      if (next === undefined) return;
      next.offset = offset;
      next.occurrence = ++occurrences;
      next.under = parent!.occurrence;
    };
    const offset = walkJson(text, {
      key: at,
      element: (index, offset) =>
        open[open.length - 1] === undefined ? (next = undefined) : at(String(index), offset),
      open: () => void open.push(next?.kids === undefined ? undefined : next),
      close: () => void open.pop(),
    });
    this.root.offset = offset;
    return offset !== -1;
  }

  /** The deepest node on a pointer's path. */
  lookup(pointer: string): Wanted {
    let node = this.root;
    for (const token of tokens(pointer)) {
      const next = node.kids?.get(token);
      if (next === undefined) break;
      node = next;
    }
    return node;
  }
}

function kid(node: Wanted, token: string): Wanted {
  const kids = (node.kids ??= new Map<string, Wanted>());
  let k = kids.get(token);
  if (k === undefined) kids.set(token, (k = wanted(node)));
  return k;
}

/**
 * The offset `node` resolves to after the walk: its own when it and every ancestor were found in
 * the occurrences JSON.parse keeps, else its nearest such ancestor's. Each node is resolved once,
 * so n diagnostics cost n steps however deep their pointers.
 */
function resolve(node: Wanted): number {
  const chain: Wanted[] = [];
  for (let n: Wanted | undefined = node; n !== undefined && n.resolved === -1; n = n.parent) chain.push(n);
  for (let k = chain.length - 1; k >= 0; k--) {
    const n = chain[k]!;
    const p = n.parent;
    n.kept = p === undefined || (p.kept && n.occurrence !== 0 && n.under === p.occurrence);
    n.resolved = n.kept ? n.offset : p!.resolved;
  }
  return node.resolved;
}

/**
 * Finds where the values some JSON Pointers name are, or their nearest existing ancestors (a
 * missing property points at its parent object), in one pass over the text. A property is placed
 * at its key, where people look; of repeated keys the last counts, as in JSON.parse. Undefined
 * for every pointer where the text is not JSON.
 */
export function pointerLocator(text: string, pointers: Iterable<string>): (pointer: string) => Position | undefined {
  const tree = new WantedTree();
  for (const pointer of pointers) tree.add(pointer);
  if (!tree.find(text)) return () => undefined;
  const lines = new LineIndex(text);
  return (pointer) => lines.at(resolve(tree.lookup(pointer)));
}

/** The 1-based line and column in `text` of the value a JSON Pointer names, or of its nearest existing ancestor. */
export const locatePointer = (text: string, pointer: string): Position | undefined =>
  pointerLocator(text, [pointer])(pointer);

/**
 * The line and column of each diagnostic: its own when it has them (syntax errors, repeated
 * keys), else those of the value its pointer names. The text is read only when some diagnostic
 * needs it, and then once for all.
 */
export function diagnosticPositions(
  text: string | undefined,
  diagnostics: ReadonlyArray<{ path: string; line?: number; column?: number }>,
): Array<Position | undefined> {
  const out = new Array<Position | undefined>(diagnostics.length);
  const tree = new WantedTree();
  const nodes = new Array<Wanted | undefined>(diagnostics.length);
  let wanted = false;
  diagnostics.forEach((d, k) => {
    if (d.line !== undefined) out[k] = { line: d.line, column: d.column ?? 1 };
    else if (text !== undefined) {
      nodes[k] = tree.add(d.path);
      wanted = true;
    }
  });
  if (!wanted || !tree.find(text!)) return out;
  const lines = new LineIndex(text!);
  nodes.forEach((node, k) => {
    if (node !== undefined) out[k] = lines.at(resolve(node));
  });
  return out;
}

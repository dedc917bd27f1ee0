// `extkit validate --fix`: the findings with exactly one right answer (`fix: 'fixes'` in the rule
// table: the form the normalized manifest already carries) are written into the text; the ones
// that need a person (`fix: 'suggests'`) are listed with a suggestion and never changed. A fix
// only ever writes what normalization does, so the fixed text must normalize to the very same
// manifest: that is checked before anything is returned, and a fix that would change what the
// manifest means is refused as a bug.
import type { Edit, Node } from 'jsonc-parser';
import { sameJson } from '../diff/collect.js';
import { diagnosticPositions } from '../text/positions.js';
import { validateTextListing } from '../parse.js';
import { RULES, type DiagnosticCode } from '../rules.js';
import type { Diagnostic } from '../diagnostics.js';
import type { ValidateOptions, ValidationReport } from '../validate.js';
import { applyEdits, nodeAt, removeElements, replaceValue, tree } from './edits.js';
import { suggestionFor } from './suggest.js';

/** One change `--fix` made (or, with a dry run, would make). */
export interface FixChange {
  code: DiagnosticCode;
  path: string;
  /** Where the finding was, in the text before the fix (1-based). */
  line?: number;
  column?: number;
  /** What was written there, and what replaced it (null: removed). */
  before: unknown;
  after: unknown;
  message: string;
}

/** A finding `--fix` leaves to a person, with what it would suggest. */
export interface FixSuggestion {
  code: DiagnosticCode;
  path: string;
  line?: number;
  column?: number;
  message: string;
  /** The change it suggests, when one can be named; null when only the message can say. */
  suggestion: string | null;
}

export interface FixResult {
  /** The text after the fixes (the input when nothing was fixed). */
  text: string;
  fixes: FixChange[];
  suggestions: FixSuggestion[];
  /** The validation of the fixed text. */
  report: ValidationReport;
  /** The edits of the input text that give `text` (offsets into the input). */
  edits: Edit[];
}

/** A fix would change what the manifest means: ours to fix, never written. */
export class UnsafeFixError extends Error {
  readonly code = 'fix.unsafe';
}

const fixes = (code: string): boolean => (RULES as Record<string, { fix?: string }>)[code]?.fix === 'fixes';
const suggests = (code: string): boolean => (RULES as Record<string, { fix?: string }>)[code]?.fix === 'suggests';

/** The parent array's pointer and the element's index of a pointer to an array element. */
function elementOf(path: string): { array: string; index: number } | null {
  const m = /^(.*)\/(0|[1-9]\d*)$/.exec(path);
  return m ? { array: m[1]!, index: Number(m[2]) } : null;
}

/** The edits of one pass over the fixable findings of `report`, with the changes they make. */
function plan(text: string, root: Node | undefined, found: Diagnostic[]): { edits: Edit[]; changes: FixChange[] } {
  const removals = new Map<string, Set<number>>();
  const replacements: Array<{ d: Diagnostic; node: Node; value: string }> = [];
  for (const d of found) {
    const at = elementOf(d.path);
    if (!at) continue;
    if (d.code.endsWith('.duplicate')) {
      let set = removals.get(at.array);
      if (!set) removals.set(at.array, (set = new Set()));
      set.add(at.index);
    } else if (d.code === 'capabilities.network.not_canonical') {
      const node = nodeAt(root, d.path);
      if (node?.type !== 'string' || typeof node.value !== 'string') continue;
      replacements.push({ d, node, value: new URL(node.value).origin });
    }
  }
  const edits: Edit[] = [];
  const changes: FixChange[] = [];
  for (const { d, node, value } of replacements) {
    const at = elementOf(d.path)!;
    if (removals.get(at.array)?.has(at.index)) continue; // dropped as a repeat: nothing to rewrite
    edits.push(replaceValue(node, value));
    changes.push({ code: d.code, path: d.path, before: node.value, after: value, message: `wrote "${value}"` });
  }
  for (const [pointer, indexes] of removals) {
    const array = nodeAt(root, pointer);
    if (array?.type !== 'array') continue;
    for (const e of removeElements(text, array, indexes)) edits.push(e); // not push(...): 100,000 arguments overflow the stack
    for (const d of found) {
      const at = elementOf(d.path);
      if (!at || at.array !== pointer || !indexes.has(at.index) || !d.code.endsWith('.duplicate')) continue;
      const before = (array.children?.[at.index]?.value as unknown) ?? null;
      changes.push({
        code: d.code,
        path: d.path,
        before,
        after: null,
        message: `removed the repeat ${JSON.stringify(before)}`,
      });
    }
  }
  return { edits, changes };
}

/**
 * Fixes what has exactly one right answer in a manifest's text (no byte order mark: the caller
 * keeps it) and lists what needs a decision. Never changes what the manifest means: throws
 * UnsafeFixError rather than return such a text.
 * @example const { text, fixes } = fixManifestText(source, { publisher: 'acme' })
 */
export function fixManifestText(text: string, options: ValidateOptions = {}): FixResult {
  const first = validateTextListing(text, options, Infinity);
  const found = [...first.report.errors, ...first.report.warnings];
  const at = diagnosticPositions(first.text ?? text, found);
  const index = new Map(found.map((d, i) => [d, i]));
  const place = (d: Diagnostic) => at[index.get(d)!] ?? {};
  const needs = found.filter((d) => suggests(d.code));
  let raw: unknown = null;
  try {
    raw = needs.length > 0 && first.text !== undefined ? JSON.parse(first.text) : null;
  } catch {
    raw = null;
  }
  const suggestions: FixSuggestion[] = needs.map((d) => ({
    code: d.code,
    path: d.path,
    ...place(d),
    message: d.message,
    suggestion: suggestionFor(d, raw, options),
  }));
  const fixable = found.filter((d) => fixes(d.code));
  if (fixable.length === 0 || first.text === undefined)
    return { text, fixes: [], suggestions, report: first.report, edits: [] };
  const { edits, changes } = plan(text, tree(text), fixable);
  if (edits.length === 0) return { text, fixes: [], suggestions, report: first.report, edits: [] };
  const fixed = applyEdits(text, edits);
  const after = validateTextListing(fixed, options, Infinity);
  // What the manifest means must not move: the same normalized manifest, no new error.
  if (
    !sameJson(after.report.manifest, first.report.manifest) ||
    after.report.errors.length > first.report.errors.length
  )
    throw new UnsafeFixError(
      'extkit validate --fix would change what the manifest means, so nothing was written (a bug in extkit: please report it with the manifest).',
    );
  const byPath = new Map(fixable.map((d) => [`${d.code} ${d.path}`, d]));
  for (const c of changes) Object.assign(c, place(byPath.get(`${c.code} ${c.path}`)!));
  changes.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  return { text: fixed, fixes: changes, suggestions, report: after.report, edits };
}

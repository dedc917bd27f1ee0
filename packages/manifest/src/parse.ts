// From bytes to a JSON value, or one diagnostic with the line and column of the problem.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ParseError } from 'jsonc-parser';
import type { Diagnostic } from './diagnostics.js';
import { validateManifest, type ValidateOptions, type ValidationReport } from './validate.js';

export type ParseResult = { ok: true; value: unknown; text: string } | { ok: false; diagnostic: Diagnostic; text: string };

/** Parses manifest.json's bytes (or text). Never throws: a problem comes back as a diagnostic. */
export function parseManifestText(input: string | Uint8Array): ParseResult {
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      text = new TextDecoder('utf-8').decode(input);
      const at = position(text, Math.max(0, text.indexOf('\uFFFD')));
      return fail(text, 'json.invalid_utf8', `the file is not valid UTF-8 (first bad byte at line ${at.line}, column ${at.column}); save it as UTF-8`, at);
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '') return fail(text, 'json.empty', 'the file is empty; a manifest is a JSON object such as {"id": "my-extension", ...}');
  try {
    return { ok: true, value: JSON.parse(text), text };
  } catch (err) {
    const { offset, reason } = locateSyntaxError(text, err);
    const at = position(text, offset);
    return fail(text, 'json.syntax', `not valid JSON: ${reason} at line ${at.line}, column ${at.column}`, at);
  }
}

export interface ReadManifestResult {
  report: ValidationReport;
  /** The file's text, for code frames; undefined when the file could not be decoded at all. */
  text: string | undefined;
}

/** Reads, parses and validates a manifest file. Throws only when the file cannot be read (the caller's to report). */
export function readManifest(file: string, options: ValidateOptions = {}): ReadManifestResult {
  const parsed = parseManifestText(readFileSync(file));
  if (!parsed.ok) return { report: { valid: false, errors: [parsed.diagnostic], warnings: [], manifest: null }, text: parsed.text };
  return { report: validateManifest(parsed.value, options), text: parsed.text };
}

function fail(text: string, code: Diagnostic['code'], message: string, at?: { line: number; column: number }): ParseResult {
  return { ok: false, text, diagnostic: { code, path: '', message, ...(at ?? {}) } };
}

/** 1-based line and column (in characters) of an offset. */
function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

const REASONS: Record<number, string> = {
  1: 'invalid symbol',
  2: 'invalid number format',
  3: 'expected a property name',
  4: 'expected a value',
  5: 'expected ":"',
  6: 'expected "," or "}"',
  7: 'expected "," or "]"',
  8: 'expected the end of the file',
  9: 'invalid comment token',
  10: 'unexpected end of comment',
  11: 'unexpected end of string',
  12: 'unexpected end of number',
  13: 'invalid unicode escape',
  14: 'invalid escape character',
  15: 'invalid character',
};

/**
 * V8's JSON.parse message does not always carry a position, so the error path
 * asks jsonc-parser (strict: no comments, no trailing commas) where it is.
 */
function locateSyntaxError(text: string, err: unknown): { offset: number; reason: string } {
  try {
    // Loaded only here: a valid manifest never pays for it.
    const { parse } = jsoncParser();
    const errors: ParseError[] = [];
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    if (first) return { offset: first.offset, reason: REASONS[first.error] ?? 'syntax error' };
  } catch {
    // Falls through to V8's own message (e.g. nesting too deep for a recursive parser).
  }
  const message = err instanceof Error ? err.message : String(err);
  const m = /position (\d+)/.exec(message);
  return { offset: m ? Number(m[1]) : 0, reason: message.replace(/\s*in JSON at position \d+.*$/, '') };
}

const require = createRequire(import.meta.url);
const jsoncParser = (): typeof import('jsonc-parser') => require('jsonc-parser') as typeof import('jsonc-parser');

/**
 * The 1-based line and column in `text` of the value a JSON Pointer names, or of
 * its nearest existing ancestor (a missing property points at its parent object).
 */
export function locatePointer(text: string, pointer: string): { line: number; column: number } | undefined {
  try {
    const { parseTree, findNodeAtLocation } = jsoncParser();
    const root = parseTree(text, [], { disallowComments: true });
    if (!root) return undefined;
    const path = pointer === '' ? [] : pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
    for (let n = path.length; n >= 0; n--) {
      const segs = path.slice(0, n).map((s) => (/^(0|[1-9]\d*)$/.test(s) ? Number(s) : s));
      const node = findNodeAtLocation(root, segs);
      if (!node) continue;
      // A property's value: point at its key, where people look.
      const at = node.parent?.type === 'property' && node.parent.children?.[0] ? node.parent.children[0].offset : node.offset;
      return position(text, at);
    }
  } catch {
    // A document too deep for jsonc-parser's recursion: no position.
  }
  return undefined;
}

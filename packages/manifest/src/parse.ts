// From bytes to a JSON value, or one diagnostic with the line and column of the problem.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { ParseError } from 'jsonc-parser';
import type { Diagnostic } from './diagnostics.js';
import { escapeToken } from './pointer.js';
import { silence, validateManifest, type ValidateOptions, type ValidationReport } from './validate.js';

/**
 * `warnings` are findings about the text that the parsed value no longer shows:
 * a key repeated in one object (`json.duplicate_key`), whose earlier values JSON.parse drops.
 */
export type ParseResult = { ok: true; value: unknown; text: string; warnings: Diagnostic[] } | { ok: false; diagnostic: Diagnostic; text: string };

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
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const { offset, reason } = locateSyntaxError(text, err);
    const at = position(text, offset);
    return fail(text, 'json.syntax', `not valid JSON: ${reason} at line ${at.line}, column ${at.column}`, at);
  }
  return { ok: true, value, text, warnings: duplicateKeys(text, value) };
}

/** Parses and validates manifest.json's bytes (or text): the report `extkit validate` gives, text-level findings included. */
export function validateManifestText(input: string | Uint8Array, options: ValidateOptions = {}): ReadManifestResult {
  const parsed = parseManifestText(input);
  if (!parsed.ok) return { report: { valid: false, errors: [parsed.diagnostic], warnings: [], manifest: null }, text: parsed.text };
  const { ignore, ...rest } = options;
  const report = validateManifest(parsed.value, rest);
  if (parsed.warnings.length > 0) report.warnings.unshift(...parsed.warnings);
  return { report: ignore === undefined ? report : silence(report, ignore), text: parsed.text };
}

/**
 * Keys repeated within one object. The common case costs two counts: the keys written in the
 * text, and the keys of the parsed value; each repeat makes the first larger. Only when they
 * differ does jsonc-parser walk the text to say where.
 */
function duplicateKeys(text: string, value: unknown): Diagnostic[] {
  if (textKeyCount(text) === valueKeyCount(value)) return [];
  const found: Diagnostic[] = [];
  try {
    const seen: Array<Map<string, number>> = [];
    jsoncParser().visit(text, {
      onObjectBegin: () => void seen.push(new Map()),
      onObjectEnd: () => void seen.pop(),
      onObjectProperty: (key, offset, _length, _line, _column, pathSupplier) => {
        const keys = seen[seen.length - 1]!;
        const earlier = keys.get(key);
        if (earlier === undefined) return void keys.set(key, offset);
        const path = '/' + [...pathSupplier(), key].map((t) => escapeToken(t)).join('/');
        const at = position(text, offset);
        const first = position(text, earlier);
        found.push({ code: 'json.duplicate_key', path, message: `"${key}" appears again in the same object (first at line ${first.line}, column ${first.column}); JSON parsers keep the last value, so the earlier one is ignored: keep one`, ...at });
        keys.set(key, offset);
      },
    });
  } catch {
    // Too deep for jsonc-parser's recursion: the value was parsed, so say nothing rather than guess.
  }
  return found;
}

// Every string in valid JSON, in order; group 1 is set when it is a property name (a colon follows).
// Unrolled ("normal* (special normal*)*") so that a long string is one loop, not one backtracking
// entry per character: the plain alternation overflows the regexp stack on a 10 MB string.
const STRING_TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"(\s*:)?/g;

/** How many property names the text writes; -1 when the count could not be made (the caller then walks the text). */
function textKeyCount(text: string): number {
  let count = 0;
  STRING_TOKEN.lastIndex = 0;
  try {
    for (let m = STRING_TOKEN.exec(text); m !== null; m = STRING_TOKEN.exec(text)) if (m[1] !== undefined) count++;
  } catch {
    return -1; // e.g. millions of escapes in one string
  }
  return count;
}

/** Own keys of every object in a parsed JSON value, walked without recursion (nesting can be deep). */
function valueKeyCount(value: unknown): number {
  let count = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push(v[i]);
      continue;
    }
    for (const key of Object.keys(v)) {
      count++;
      stack.push((v as Record<string, unknown>)[key]);
    }
  }
  return count;
}

export interface ReadManifestResult {
  report: ValidationReport;
  /** The file's text, for code frames; undefined when the file could not be decoded at all. */
  text: string | undefined;
}

/** Reads, parses and validates a manifest file. Throws only when the file cannot be read (the caller's to report). */
export function readManifest(file: string, options: ValidateOptions = {}): ReadManifestResult {
  return validateManifestText(readFileSync(file), options);
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

// From bytes to a JSON value, or one diagnostic with the line and column of the problem.
import { readFileSync } from 'node:fs';
import type { ParseError } from 'jsonc-parser';
import { Reporter, type Diagnostic } from './diagnostics.js';
import { duplicateKeys } from './text/duplicates.js';
import { jsoncParser } from './text/jsonc.js';
import { LineIndex } from './text/lines.js';
import { silence, validate, type ValidateOptions, type ValidationReport } from './validate.js';

/**
 * `warnings` are findings about the text that the parsed value no longer shows:
 * a key repeated in one object (`json.duplicate_key`), whose earlier values JSON.parse drops.
 */
export type ParseResult =
  | { ok: true; value: unknown; text: string; warnings: Diagnostic[] }
  | { ok: false; diagnostic: Diagnostic; text: string };

/** Parses manifest.json's bytes (or text). Never throws: a problem comes back as a diagnostic. */
export function parseManifestText(input: string | Uint8Array): ParseResult {
  const parsed = parseText(input);
  return parsed.ok ? { ...parsed, warnings: duplicateKeys(parsed.text, parsed.value) } : parsed;
}

const LONE_CRS = /\r(?!\n)/g;

/** The text decoded (a lone CR read as an LF) and parsed, without the duplicate-key check. */
function parseText(
  input: string | Uint8Array,
): { ok: true; value: unknown; text: string } | { ok: false; diagnostic: Diagnostic; text: string } {
  let text: string;
  if (typeof input === 'string') text = input;
  else {
    const utf16 = utf16Encoding(input);
    if (utf16)
      return fail(
        new TextDecoder(utf16.label).decode(input),
        'json.invalid_utf8',
        `the file is ${utf16.name}, not UTF-8; save it as UTF-8`,
      );
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(input);
    } catch {
      text = new TextDecoder('utf-8').decode(input);
      const at = new LineIndex(text).at(Math.max(0, text.indexOf('\uFFFD')));
      return fail(
        text,
        'json.invalid_utf8',
        `the file is not valid UTF-8 (first bad byte at line ${at.line}, column ${at.column}); save it as UTF-8`,
        at,
      );
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // A lone CR ends a line for editors and jsonc-parser, but every line count here counts LFs. JSON
  // has a raw CR only as space (in a string it is a syntax error, as an LF is), so an LF in its place
  // parses the same and leaves every offset and column where it was, and lines are counted as
  // editors count them. (A text without a CR pays one native search: 0.3 ms at 10 MB; a CRLF one
  // a native replace besides, which gives the text back as it was when it has no lone CR.)
  if (text.indexOf('\r') !== -1) text = text.replace(LONE_CRS, '\n');
  if (text.trim() === '')
    return fail(
      text,
      'json.empty',
      'the file is empty; a manifest is a JSON object such as {"id": "my-extension", ...}',
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const { offset, reason } = locateSyntaxError(text, err);
    const at = new LineIndex(text).at(offset);
    return fail(text, 'json.syntax', `not valid JSON: ${reason} at line ${at.line}, column ${at.column}`, at);
  }
  return { ok: true, value, text };
}

/** Parses and validates manifest.json's bytes (or text): the report `extkit validate` gives, text-level findings included. */
export function validateManifestText(input: string | Uint8Array, options: ValidateOptions = {}): ReadManifestResult {
  return validateTextListing(input, options);
}

/** validateManifestText, listing up to `listed` findings of one code (diagnostics.ts); `--fix` lists every one. */
export function validateTextListing(
  input: string | Uint8Array,
  options: ValidateOptions,
  listed?: number,
): ReadManifestResult {
  const parsed = parseText(input);
  if (!parsed.ok)
    return { report: { valid: false, errors: [parsed.diagnostic], warnings: [], manifest: null }, text: parsed.text };
  const { ignore, ...rest } = options;
  const reporter = new Reporter(listed);
  const report = validate(parsed.value, rest, reporter);
  const duplicates = duplicateKeys(parsed.text, parsed.value, reporter);
  // Not unshift(...duplicates): an argument per repeat, and 130,000 repeats overflow the stack.
  if (duplicates.length > 0) report.warnings = duplicates.concat(report.warnings);
  return {
    report: ignore === undefined ? report : silence(report, ignore),
    text: parsed.text,
    keysRepeat: duplicates.length > 0,
  };
}

export interface ReadManifestResult {
  report: ValidationReport;
  /** The file's text (a lone CR read as an LF), for code frames; undefined when the file could not be decoded at all. */
  text: string | undefined;
  /**
   * Whether some object in the text writes a key twice (each repeat is a `json.duplicate_key`, unless
   * silenced); undefined where the text is no JSON. Given to `diagnosticPositions`, it spares that walk a map of the keys.
   */
  keysRepeat?: boolean;
}

/** Reads, parses and validates a manifest file. Throws only when the file cannot be read (the caller's to report). */
export function readManifest(file: string, options: ValidateOptions = {}): ReadManifestResult {
  return validateManifestText(readFileSync(file), options);
}

/**
 * UTF-16 text, told by its byte order mark or, without one, by the zero bytes that ASCII
 * characters leave beside them: a manifest starts with "{" or whitespace, so its first two bytes
 * are one ASCII character. (Without a mark, UTF-16 ASCII is valid UTF-8 full of NULs.)
 */
function utf16Encoding(bytes: Uint8Array): { label: 'utf-16le' | 'utf-16be'; name: string } | undefined {
  if (bytes.length < 2) return undefined;
  const [a, b] = [bytes[0]!, bytes[1]!];
  if (a === 0xff && b === 0xfe) return { label: 'utf-16le', name: 'UTF-16 (little-endian, with a byte order mark)' };
  if (a === 0xfe && b === 0xff) return { label: 'utf-16be', name: 'UTF-16 (big-endian, with a byte order mark)' };
  if (a !== 0 && a < 0x80 && b === 0)
    return { label: 'utf-16le', name: 'UTF-16 (little-endian, without a byte order mark)' };
  if (a === 0 && b !== 0 && b < 0x80)
    return { label: 'utf-16be', name: 'UTF-16 (big-endian, without a byte order mark)' };
  return undefined;
}

function fail(
  text: string,
  code: Diagnostic['code'],
  message: string,
  at?: { line: number; column: number },
): ParseResult {
  return { ok: false, text, diagnostic: { code, path: '', message, ...(at ?? {}) } };
}

type ParseErrorName = ReturnType<typeof import('jsonc-parser').printParseErrorCode>;

/**
 * What each jsonc-parser error means, keyed by its name (not its number, so the table cannot
 * shift against the enum). Two never occur in strict mode: a number token jsonc-parser scanned is
 * always a number, and with comments disallowed any comment is reported as a comment first.
 */
export const SYNTAX_REASONS: Record<Exclude<ParseErrorName, '<unknown ParseErrorCode>'>, string> = {
  InvalidSymbol: 'unexpected character (JSON strings and property names use double quotes)',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes (a trailing comma before "}" is not allowed)',
  ValueExpected: 'expected a value (a string, number, object, array, true, false or null)',
  ColonExpected: 'expected ":" after the property name',
  CommaExpected: 'expected "," between two entries (or the "}" or "]" that closes them)',
  CloseBraceExpected: 'expected "," or "}" (an object that is never closed)',
  CloseBracketExpected: 'expected "," or "]" (an array that is never closed)',
  EndOfFileExpected: 'expected the end of the file after the manifest object (two values in one file)',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'a comment that is never closed (comments are not allowed in JSON)',
  UnexpectedEndOfString: 'a string that is never closed (missing ")',
  UnexpectedEndOfNumber: 'a number that ends too early (digits must follow "." and "e")',
  InvalidUnicode: 'invalid unicode escape (\\u is followed by four hex digits)',
  InvalidEscapeCharacter: 'invalid escape (after \\ comes one of " \\ / b f n r t u)',
  InvalidCharacter: 'a control character inside a string (write a tab as \\t, a line break as \\n)',
};

/**
 * V8's JSON.parse message does not always carry a position, so the error path
 * asks jsonc-parser (strict: no comments, no trailing commas) where it is.
 */
function locateSyntaxError(text: string, err: unknown): { offset: number; reason: string } {
  try {
    // Loaded only here: a valid manifest never pays for it.
    const { parse, printParseErrorCode } = jsoncParser();
    const errors: ParseError[] = [];
    parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    if (first) {
      const name = printParseErrorCode(first.error);
      return {
        offset: first.offset,
        reason: name === '<unknown ParseErrorCode>' ? 'syntax error' : SYNTAX_REASONS[name],
      };
    }
  } catch {
    // Falls through to V8's own message (e.g. nesting too deep for a recursive parser).
  }
  const message = err instanceof Error ? err.message : String(err);
  const m = /position (\d+)/.exec(message);
  return { offset: m ? Number(m[1]) : 0, reason: message.replace(/\s*in JSON at position \d+.*$/, '') };
}

import { RULES, type DiagnosticCode, type Severity } from './rules.js';

export interface Position {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (what editors and SARIF count by default). */
  column: number;
}

/** Where a rule that read the text found what it reports, and the text it read. */
export interface Place extends Position {
  text: string;
}

/** One finding about a manifest: a stable code, a JSON Pointer into the manifest, a message for a person. */
export interface Diagnostic {
  code: DiagnosticCode;
  path: string;
  message: string;
  /** Present when the finding is about the file's text (JSON syntax): 1-based. */
  line?: number;
  column?: number;
}

/**
 * A finding whose place in the text the rule that reported it found (component repeats), so that
 * `diagnosticPositions` need not walk the text to its pointer. The place is a private field: the
 * finding reads, prints, spreads and compares as a plain one.
 */
class PlacedDiagnostic implements Diagnostic {
  code: DiagnosticCode;
  path: string;
  message: string;
  readonly #place: Place;

  constructor(code: DiagnosticCode, path: string, message: string, place: Place) {
    this.code = code;
    this.path = path;
    this.message = message;
    this.#place = place;
  }

  static placeOf(d: object): Place | undefined {
    return #place in d ? d.#place : undefined;
  }
}

/**
 * Takes back places a rule gave as it reported, when it learns afterwards that the text it read was
 * not the one its values came from (a key written twice): `diagnosticPositions` then finds them.
 */
export function forget(places: Place[]): void {
  for (let i = 0; i < places.length; i++) places[i]!.text = '';
}

/** Where the rule that reported a diagnostic found it in the text it read, if it did. */
export const placeOf = (d: object): Place | undefined => PlacedDiagnostic.placeOf(d);

/** Collects diagnostics, splitting them by the severity their rule declares. */
export class Reporter {
  readonly errors: Diagnostic[] = [];
  readonly warnings: Diagnostic[] = [];
  // The structural check's pointers by code. It can map two of ajv's errors onto one code and
  // pointer (a keyword checked in two branches), and a rule may find again what it found; each rule
  // reports a pointer once by construction (a property test holds it), so rules add no key per report.
  private structural: Map<DiagnosticCode, Set<string>> | undefined;
  /** What `keysOf` listed, by object. */
  readonly enumerated = new Map<object, string[]>();
  /** For an object `keysOf` listed, the keys whose values may be objects, when its caller knows them. */
  readonly containers = new Map<object, readonly string[]>();

  /** Reports a rule's finding, unless the structural check reported the same code at the same pointer; `place` when the rule read the text. */
  report(code: DiagnosticCode, path: string, message: string, place?: Place): void {
    if (this.structural?.get(code)?.has(path)) return;
    (RULES[code].severity === 'error' ? this.errors : this.warnings).push(
      place === undefined ? { code, path, message } : new PlacedDiagnostic(code, path, message, place),
    );
  }

  /** Reports a finding the caller has told apart from every other already: no other finding has its code and pointer. */
  add(code: DiagnosticCode, path: string, message: string, place?: Place): void {
    (RULES[code].severity === 'error' ? this.errors : this.warnings).push(
      place === undefined ? { code, path, message } : new PlacedDiagnostic(code, path, message, place),
    );
  }

  /** Reports a finding of the structural check, once per code and pointer. */
  reportStructural(code: DiagnosticCode, path: string, message: string): void {
    this.structural ??= new Map();
    let paths = this.structural.get(code);
    if (paths === undefined) this.structural.set(code, (paths = new Set()));
    else if (paths.has(path)) return;
    paths.add(path);
    (RULES[code].severity === 'error' ? this.errors : this.warnings).push({ code, path, message });
  }

  /**
   * The keys of an object the rules enumerate in full (the top level, `config.defaults`,
   * function bindings), listed once per validation. They are kept so that the duplicate-key
   * check of the same text counts these objects' keys without enumerating them again: on an
   * object of tens of thousands of keys, each enumeration costs half a JSON.parse. `containers`
   * names the keys whose values may be objects (the manifest's own keys, at the top level): that
   * check reads those values only, not one per key, unless the text has objects it did not find.
   */
  keysOf(
    obj: Record<string, unknown>,
    containers: readonly string[] = [],
    read?: () => string[] | undefined,
  ): string[] {
    let keys = this.enumerated.get(obj);
    if (keys === undefined) {
      // `read`: the same keys from the text the object was parsed from, when it can tell them.
      this.enumerated.set(obj, (keys = read?.() ?? Object.keys(obj)));
      this.containers.set(obj, containers);
    }
    return keys;
  }

  severityOf(code: DiagnosticCode): Severity {
    return RULES[code].severity;
  }
}

// What JSON.stringify escapes in a string: '"', '\\', control characters and (lone) surrogates.
const ESCAPED = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A string in double quotes, as `JSON.stringify` writes it. Most strings in a message need no
 * escape, and one regular expression costs a quarter of the call to JSON.stringify: on lists of
 * tens of thousands of diagnostics, that call was the largest part of their messages.
 */
export const quote = (s: string): string => (ESCAPED.test(s) ? JSON.stringify(s) : '"' + s + '"');

/** A string for a message that may quote it once per finding: at most 60 characters, its end elided. */
export const shorten = (s: string): string => (s.length > 60 ? s.slice(0, 57) + '...' : s);

/** A short, readable rendering of a JSON value for messages: `the string "3"`, `an array`, `null`. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return `the string ${quote(shorten(value))}`;
    case 'number':
      return Number.isFinite(value) ? `the number ${value}` : 'a number JSON cannot hold (infinite, or not a number)';
    case 'boolean':
      return `${value}`;
    case 'object':
      return 'an object';
    case 'undefined':
      return 'no value';
    default:
      return `a ${typeof value}, which JSON cannot hold`;
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Sets an own, enumerable property even when the key is "__proto__" (no prototype pollution). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

import { RULES, type DiagnosticCode } from './rules.js';
import { LISTED_FINDINGS_POLICY, LISTED_UNKNOWN_KEYS, thousands } from './rules/listed.js';
import type { Severity } from './rules/rule.js';

// The codes whose checks bound their own floods, with messages of their own (unknown-keys.ts, duplicate keys).
const SELF_BOUNDED: ReadonlySet<DiagnosticCode> = new Set([
  'manifest.unknown_property',
  'config.defaults.unknown_key',
  'json.duplicate_key',
]);

export interface Position {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (what editors and SARIF count by default). */
  column: number;
}

/** One finding about a manifest: a stable code, a JSON Pointer into the manifest, a message for a person. */
export interface Diagnostic {
  code: DiagnosticCode;
  path: string;
  message: string;
  /** Present when the finding is about the file's text (JSON syntax): 1-based. */
  line?: number;
  column?: number;
  /** Past the kit's bound on one code's findings: how many more of them this one counts, beyond itself. */
  more?: number;
}

/** How many findings `list` stands for: each one, and those a bounded one counts. */
export const findingCount = (list: readonly { more?: number }[]): number =>
  list.reduce((n, d) => n + 1 + (d.more ?? 0), 0);

/** The key lists a validation has made, for its later passes over the same objects. */
export interface KeyLists {
  /** `Object.keys(obj)` where the validation listed it already, else undefined. */
  listed(obj: object): string[] | undefined;
}

/** Collects diagnostics, splitting them by the severity their rule declares. */
export class Reporter implements KeyLists {
  readonly errors: Diagnostic[] = [];
  readonly warnings: Diagnostic[] = [];
  // The structural check's pointers by code. It can map two of ajv's errors onto one code and
  // pointer (a keyword checked in two branches), and a rule may find again what it found; each rule
  // reports a pointer once by construction (a property test holds it), so rules add no key per report.
  private structural: Map<DiagnosticCode, Set<string>> | undefined;
  // Findings of each code so far, and of a code past LISTED_UNKNOWN_KEYS, the first unlisted and how many after it.
  private readonly counts = new Map<DiagnosticCode, number>();
  private readonly unlisted = new Map<DiagnosticCode, { first: Diagnostic; more: number }>();

  /** `listedPerCode`: how many findings of one code are listed; `validate --fix` plans its edits from every finding (Infinity). */
  constructor(private readonly listedPerCode = LISTED_UNKNOWN_KEYS) {}

  /** Reports a rule's finding, unless the structural check reported the same code at the same pointer. */
  report(code: DiagnosticCode, path: string, message: string): void {
    if (this.structural?.get(code)?.has(path)) return;
    this.add(code, path, message);
  }

  /** Reports a finding the caller has told apart from every other already: no other finding has its code and pointer. */
  add(code: DiagnosticCode, path: string, message: string): Diagnostic {
    const finding = { code, path, message };
    this.push(finding);
    return finding;
  }

  /**
   * Lists a finding, unless `listedPerCode` (LISTED_UNKNOWN_KEYS) of its code are listed already (kit policy: a flood of one code,
   * 1.5 million malformed ids in a 3 MB manifest, took seconds and gigabytes and no reader reads it); `finish` adds
   * the finding that counts the rest.
   */
  private push(finding: Diagnostic): void {
    const { code } = finding;
    if (!SELF_BOUNDED.has(code)) {
      const count = (this.counts.get(code) ?? 0) + 1;
      this.counts.set(code, count);
      if (count > this.listedPerCode) {
        const over = this.unlisted.get(code);
        if (over === undefined) this.unlisted.set(code, { first: finding, more: 0 });
        else over.more++;
        return;
      }
    }
    (RULES[code].severity === 'error' ? this.errors : this.warnings).push(finding);
  }

  /** Adds, for each code past the bound, its first unlisted finding, counting the others after it. Call once, at the end. */
  finish(): void {
    for (const [code, { first, more }] of this.unlisted) {
      (RULES[code].severity === 'error' ? this.errors : this.warnings).push(
        more === 0
          ? first
          : {
              ...first,
              more,
              message: `${first.message}; and ${thousands(more)} more ${code} ${more === 1 ? 'finding' : 'findings'} after it, not listed (${LISTED_FINDINGS_POLICY})`,
            },
      );
    }
    this.unlisted.clear();
  }

  /** Reports a finding of the structural check, once per code and pointer. */
  reportStructural(code: DiagnosticCode, path: string, message: string): void {
    this.structural ??= new Map();
    let paths = this.structural.get(code);
    if (paths === undefined) this.structural.set(code, (paths = new Set()));
    else if (paths.has(path)) return;
    paths.add(path);
    this.push({ code, path, message });
  }

  severityOf(code: DiagnosticCode): Severity {
    return RULES[code].severity;
  }

  // A parsed object of more than about a thousand keys is a dictionary, whose keys V8 sorts each
  // time they are listed (a quarter of a second at 775,000): the rules that list an object's keys
  // keep the list for the duplicate-key count, which lists every object's.
  private lists: WeakMap<object, string[]> | undefined;

  /** `Object.keys(obj)`, kept for `listed`: for the objects whose keys a rule lists. Read-only. */
  keysOf(obj: object): string[] {
    const keys = Object.keys(obj);
    (this.lists ??= new WeakMap()).set(obj, keys);
    return keys;
  }

  listed(obj: object): string[] | undefined {
    return this.lists?.get(obj);
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

// jsonc-parser's scanner read with a stack of open containers: its `visit` and `parseTree` recurse
// once per level and overflow the stack at a few thousand, while JSON.parse takes nesting tens of
// thousands deep, and a finding after such a value must still be placed.
import { jsoncParser } from './jsonc.js';

// jsonc-parser's SyntaxKind (a const enum its types declare, which isolated modules cannot read).
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const COMMA = 5;
const COLON = 6;
const STRING = 10;
const NUMBER = 11;
/** A word no literal spells. */
const UNKNOWN = 16;
// jsonc-parser's ScanError.
const UNEXPECTED_END_OF_STRING = 2;
const INVALID_CHARACTER = 6;
/** Not the scanner's: a string value with an escape it cannot decode, and a token that is no value at all. */
const BAD_STRING = 100;
const UNKNOWN_WITH_ERROR = 101;
/** Null, true, false, a string, a number (kinds 7 to 11), an unknown word, a string with a bad escape. */
const isScalar = (kind: number): boolean => (kind >= 7 && kind <= NUMBER) || kind === UNKNOWN || kind === BAD_STRING;

/** What the walk tells as it reads, in the text's order. */
export interface JsonEvents {
  /** An object's property: its key (escapes decoded) and the offset of its opening quote. `true` ends the walk there. */
  key?(key: string, offset: number): boolean | void;
  /** An array's element: its index and the offset where its value starts. */
  element?(index: number, offset: number): void;
  /** An object (`object`) or array opens, just after the key or element event of its value. */
  open?(object: boolean): void;
  close?(): void;
}

/**
 * Walks the value at the start of `text` (after a byte order mark; comments and trailing commas
 * are stepped over, what follows the value is not read). Returns the offset where the value
 * starts, or -1 where the text is not JSON, so that nothing is placed on a guess. A walk a `key`
 * event ends returns the value's start, the rest unread: that caller knows the text is JSON.
 */
export function walkJson(text: string, on: JsonEvents): number {
  const scanner = jsoncParser().createScanner(text, true);
  if (text.charCodeAt(0) === 0xfeff) scanner.setPosition(1);
  // What the text holds where a value should be is taken as one as far as it is told apart: a
  // word or a number cut short is a literal, a string with a bad escape or a raw control character
  // is a string; a string never closed is not (nor, as a key, one whose escapes cannot be decoded).
  const scan = (): number => {
    const kind: number = scanner.scan();
    const error: number = scanner.getTokenError();
    if (error === 0 || (kind === STRING && error === INVALID_CHARACTER)) return kind;
    if (kind === STRING && error !== UNEXPECTED_END_OF_STRING) return BAD_STRING;
    return kind === NUMBER ? NUMBER : UNKNOWN_WITH_ERROR;
  };
  const objects: boolean[] = [];
  const indexes: number[] = [];
  let token = scan();
  const root = scanner.getTokenOffset();
  let ended = false;
  /** Reads the start of the member `index` of the innermost container, up to its value's first token. */
  const member = (object: boolean, index: number): boolean => {
    if (!object) {
      on.element?.(index, scanner.getTokenOffset());
      return true;
    }
    if (token !== STRING) return false;
    if (on.key?.(scanner.getTokenValue(), scanner.getTokenOffset()) === true) return !(ended = true);
    if (scan() !== COLON) return false;
    token = scan();
    return true;
  };
  for (;;) {
    // `token` starts a value.
    if (token === OPEN_BRACE || token === OPEN_BRACKET) {
      const object = token === OPEN_BRACE;
      on.open?.(object);
      objects.push(object);
      indexes.push(0);
      token = scan();
      if (token !== (object ? CLOSE_BRACE : CLOSE_BRACKET)) {
        if (!member(object, 0)) return ended ? root : -1;
        continue;
      }
    } else if (isScalar(token)) {
      if (objects.length === 0) return root;
      token = scan();
    } else return -1;
    // Past a value: the containers that close here, then the next member.
    for (;;) {
      const depth = objects.length;
      const object = objects[depth - 1]!;
      const close = object ? CLOSE_BRACE : CLOSE_BRACKET;
      if (token === close) {
        objects.pop();
        indexes.pop();
        on.close?.();
        if (depth === 1) return root;
        token = scan();
        continue;
      }
      if (token !== COMMA) return -1;
      token = scan();
      if (token === close) continue; // a trailing comma
      if (!member(object, ++indexes[depth - 1]!)) return ended ? root : -1;
      break;
    }
  }
}

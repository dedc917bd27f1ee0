// JSON Pointers (RFC 6901) for diagnostic paths.
import { quote } from './diagnostics.js';

/** Escapes one reference token: `~` becomes `~0`, `/` becomes `~1`. */
export const escapeToken = (token: string | number): string => {
  const s = String(token);
  // Most tokens need no escape: two searches cost less than two replacements.
  return s.includes('~') || s.includes('/') ? s.replace(/~/g, '~0').replace(/\//g, '~1') : s;
};

/** Appends reference tokens to a pointer: `join('/config', 'fields', 0)` is `/config/fields/0`. */
export const join = (pointer: string, ...tokens: Array<string | number>): string => {
  let out = pointer;
  for (let i = 0; i < tokens.length; i++) out += '/' + escapeToken(tokens[i]!);
  return out;
};

/** Splits a pointer into its unescaped tokens. */
export const tokens = (pointer: string): string[] => {
  if (pointer === '') return [];
  const parts = pointer.slice(1).split('/');
  return pointer.includes('~') ? parts.map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~')) : parts;
};

/** A key written `.key` in a readable path: it needs neither quotes nor a pointer escape. */
export const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A pointer as a person reads it: `config.fields[3].key`, `config.defaults["a.b"]`. Array
 * indexes are `[n]`; keys are `.key` when they are identifiers and quoted otherwise, so a key
 * with dots or digits is never mistaken for a path or an index. `root` (the document) tells an
 * array index from an object key that is all digits; without it, digits read as an index.
 */
export function readable(pointer: string, root?: unknown): string {
  if (pointer === '') return 'the manifest';
  let out = '';
  let cur = root;
  for (const token of tokens(pointer)) {
    const isIndex = root === undefined ? /^(0|[1-9]\d*)$/.test(token) : Array.isArray(cur);
    out = isIndex ? `${out}[${token}]` : withKey(out, token);
    cur =
      typeof cur === 'object' && cur !== null && Object.hasOwn(cur, token)
        ? (cur as Record<string, unknown>)[token]
        : undefined;
  }
  return out;
}

/** A readable path (`readable` gives one; '' for the manifest itself) followed by an object key: `.key`, or `["a.b"]` when the key is no identifier. */
export const withKey = (path: string, key: string): string =>
  IDENTIFIER.test(key) ? (path === '' ? key : `${path}.${key}`) : `${path}[${quote(key)}]`;

// JSON Pointers (RFC 6901) for diagnostic paths.

/** Escapes one reference token: `~` becomes `~0`, `/` becomes `~1`. */
export const escapeToken = (token: string | number): string => String(token).replace(/~/g, '~0').replace(/\//g, '~1');

/** Appends reference tokens to a pointer: `join('/config', 'fields', 0)` is `/config/fields/0`. */
export const join = (pointer: string, ...tokens: Array<string | number>): string =>
  pointer + tokens.map((t) => '/' + escapeToken(t)).join('');

/** Splits a pointer into its unescaped tokens. */
export const tokens = (pointer: string): string[] => {
  if (pointer === '') return [];
  const parts = pointer.slice(1).split('/');
  return pointer.includes('~') ? parts.map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~')) : parts;
};

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

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
    if (isIndex) out += `[${token}]`;
    else if (IDENTIFIER.test(token)) out += out === '' ? token : `.${token}`;
    else out += `[${JSON.stringify(token)}]`;
    cur = typeof cur === 'object' && cur !== null && Object.hasOwn(cur, token) ? (cur as Record<string, unknown>)[token] : undefined;
  }
  return out;
}

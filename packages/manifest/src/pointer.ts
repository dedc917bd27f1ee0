// JSON Pointers (RFC 6901) for diagnostic paths.

/** Escapes one reference token: `~` becomes `~0`, `/` becomes `~1`. */
export const escapeToken = (token: string | number): string => String(token).replace(/~/g, '~0').replace(/\//g, '~1');

/** Appends reference tokens to a pointer: `join('/config', 'fields', 0)` is `/config/fields/0`. */
export const join = (pointer: string, ...tokens: Array<string | number>): string =>
  pointer + tokens.map((t) => '/' + escapeToken(t)).join('');

/** Splits a pointer into its unescaped tokens. */
export const tokens = (pointer: string): string[] =>
  pointer === '' ? [] : pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));

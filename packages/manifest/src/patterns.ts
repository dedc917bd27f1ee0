// Patterns and limits shared by the schema (build time) and the rules (run time).
// Kept free of zod so that the validator never loads it.

// The patterns of lists (words joined by hyphens, identifiers joined by dots) are written with
// lookarounds, not as a repeated group such as `[a-z0-9]+(?:-[a-z0-9]+)*`: the engine keeps a
// backtracking entry per repetition of a group, and a string of millions of them (a 9 MB id of
// "a-a-a-...") exhausted it, which threw. A class repeated alone keeps none. The languages are
// the same; patterns.test.ts holds each to the repeated-group form on generated strings.

/** Lower-case words of letters and digits joined by single hyphens. */
export const KEBAB_CASE = '^(?!-)(?!.*--)[a-z0-9-]+(?<!-)$';
/**
 * Strict Semantic Versioning 2.0.0: the language of the pattern semver.org publishes (numeric
 * identifiers without leading zeros, none empty), its groups the same (major, minor, patch,
 * pre-release, build). Kit policy bounds it: at most 128 characters and MAJOR, MINOR and PATCH
 * at most 15 digits each, so that npm's semver (which reads 256 characters and numbers to
 * 2^53 - 1) orders every version the validator takes, and a version names a store folder and
 * its `<version>.sig.json` within a file system's 255-byte name.
 */
export const SEMVER =
  '^(?=.{5,128}$)(0|[1-9]\\d{0,14})\\.(0|[1-9]\\d{0,14})\\.(0|[1-9]\\d{0,14})' +
  '(?:-(?![.+]|[^+]*\\.(?:\\.|\\+|$)|(?:[^+]*\\.)?0\\d+(?:[.+]|$))([0-9A-Za-z.-]+))?' +
  '(?:\\+(?!\\.|.*\\.(?:\\.|$))([0-9A-Za-z.-]+))?$';
/** One kebab-case part, unanchored (inside the component pass's expressions, which a failure to finish does not break). */
export const KEBAB_PART = '[a-z0-9]+(?:-[a-z0-9]+)*';
/** `<publisher handle>.<manifest id>.<role>`, each part kebab-case; a publisher or id given is that part exactly (both are kebab-case). */
export const componentIdPattern = (publisher?: string, id?: string): string =>
  `^(?!-)(?!.*(?:--|-\\.|\\.-))(?!.*-$)${publisher ?? '[a-z0-9-]+'}\\.${id ?? '[a-z0-9-]+'}\\.[a-z0-9-]+$`;
/** `<publisher handle>.<manifest id>.<role>`, each part kebab-case. */
export const COMPONENT_ID = componentIdPattern();
/** A plain prop name: an identifier, no dots or brackets. */
export const PROP_NAME = '^[A-Za-z_$][A-Za-z0-9_$]*$';
export const CONFIG_FIELD_TYPES = ['string', 'number', 'boolean', 'select'] as const;
/** The platform reads at most this many config fields; the rest are ignored. */
export const MAX_CONFIG_FIELDS = 50;

const kebabCase = new RegExp(KEBAB_CASE);
export const isKebabCase = (s: string): boolean => kebabCase.test(s);

// The patterns below are what the published JSON Schema (editors) checks; the rules in checks/
// say the same with their own codes and words, and property tests hold each pair to one verdict.

/** One artifact path segment of at most `1 + rest` characters: no device name, not `__proto__`, not ending in ".". */
const segment = (rest: number): string =>
  String.raw`(?!(?:[Cc][Oo][Nn]|[Pp][Rr][Nn]|[Aa][Uu][Xx]|[Nn][Uu][Ll]|[Cc][Oo][Mm][0-9]|[Ll][Pp][Tt][0-9])(?:[.\/]|$))(?!__proto__(?:\/|$))[A-Za-z0-9_@+][A-Za-z0-9_.@+\-]{0,${rest}}(?<!\.)`;

/**
 * A usable `entry`: one optional leading "./", then an artifact path (artifact-path.ts) whose
 * source map (`<entry>.map`) is one too: segments of ASCII letters, digits and `_ @ + . -`
 * starting with a letter, digit, `_`, `@` or `+` and not ending in ".", no Windows device
 * name or `__proto__`, at most 255 characters a segment (251 the last, for ".map") and 1,020
 * in all. So: relative, no "..", backslash, "?", "#", "%", space, "~" or control character.
 */
export const ENTRY = String.raw`^(?:\.\/)?(?=.{1,1020}$)(?:${segment(254)}\/)*${segment(250)}$`;

/**
 * A network origin, as far as a pattern can tell: http, https, ws or wss in any case, then
 * "://", a host (a name without the characters URLs forbid there, or an IPv6 address in
 * brackets) and an optional port up to 65535 (an empty one is the default), and nothing more.
 */
export const ORIGIN = String.raw`^(?:[hH][tT][tT][pP][sS]?|[wW][sS][sS]?):\/\/(?:[^\/?#@*\\\s:<>^|\[\]%]+|\[[0-9A-Fa-f:.]+\])(?::(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])?)?$`;

/** A console route: "/" then a path, without "//" at its start, "." or ".." segments, whitespace, "?", "#" or "\". */
export const ROUTE = String.raw`^\/(?!\/)(?!(?:[\s\S]*\/)?\.\.?(?:\/|$))[^\s?#\\\u0000-\u001f\u007f]*$`;

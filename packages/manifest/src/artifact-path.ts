// The one rule for a path inside an artifact, read wherever a path is: the manifest's
// `entry`, the build, the store, verify, the marketplace's upload and the kit's download
// and install. A path is plain ASCII that no file system, shell or terminal treats
// specially, so that a name can never forge part of a listing, move a cursor, become an
// option, or name two files.

/** The longest path taken, in characters (ASCII, so in bytes too). */
export const MAX_PATH = 1024;
/** The longest segment taken: most file systems' limit for one name. */
const MAX_SEGMENT = 255;

/** Letters, digits and `_ @ +` first; then those, `.` and `-`. No space, quote, `~`, `$`, `%`, `\`, control or non-ASCII character. */
const SEGMENT = /^[A-Za-z0-9_@+][A-Za-z0-9_.@+-]*$/;

/** Names Windows gives to devices whatever their extension (`nul.js` is the null device). */
const DEVICE = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\.|$)/i;

/**
 * Why `path` cannot name a file of an artifact, or null when it can: relative,
 * `/`-separated segments of letters, digits, `_ @ + . -` that start with a letter, digit,
 * `_`, `@` or `+` (never `.` or `-`: no `..`, hidden file or option; no `~` anywhere: a home
 * folder to a shell, a short name such as `PROGRA~1` to Windows), do
 * not end in `.`, and are no Windows device name nor `__proto__`.
 */
export function artifactPathProblem(path: unknown): string | null {
  if (typeof path !== 'string') return 'it is not a string';
  if (path === '') return 'it is empty';
  if (path.length > MAX_PATH) return `it is longer than ${MAX_PATH} characters`;
  for (const segment of path.split('/')) {
    if (segment === '') return 'it has an empty segment (a leading, trailing or doubled "/")';
    if (segment.length > MAX_SEGMENT) return `a segment is longer than ${MAX_SEGMENT} characters`;
    if (!SEGMENT.test(segment)) {
      const bad = [...segment].find((c) => !/[A-Za-z0-9_.@+-]/.test(c));
      return bad !== undefined
        ? `it holds ${describeChar(bad)}, which a file system, a shell or a terminal treats specially`
        : `a segment starts with "${segment[0]}" (".", "..", a hidden file, an option or a home folder)`;
    }
    if (segment.endsWith('.')) return 'a segment ends in "." (Windows drops it, so two names would be one file)';
    if (DEVICE.test(segment)) return `"${segment}" is a Windows device name`;
    if (segment === '__proto__') return '"__proto__" sets an object\'s prototype where a path is a key';
  }
  return null;
}

/** True when `path` can name a file of an artifact (see artifactPathProblem). */
export const isArtifactPath = (path: unknown): boolean => artifactPathProblem(path) === null;

/**
 * Why a set of artifact paths cannot be one artifact's, or null: each must pass the path
 * rule, none may be there twice, and no two may differ only by case (one file on macOS and Windows).
 */
export function artifactPathsProblem(paths: Iterable<string>): { path: string; problem: string } | null {
  const folded = new Map<string, string>();
  for (const path of paths) {
    const problem = artifactPathProblem(path);
    if (problem) return { path, problem };
    const key = path.toLowerCase();
    const other = folded.get(key);
    if (other === path) return { path, problem: 'it is there twice' };
    if (other !== undefined)
      return { path, problem: `it differs from ${other} only by case (one file where case is ignored)` };
    folded.set(key, path);
  }
  return null;
}

function describeChar(c: string): string {
  const code = c.codePointAt(0)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return code > 0x20 && code < 0x7f ? `"${c}" (${hex})` : `the character ${hex}`;
}

/**
 * A path as a message may show it: itself when it passes the rule, otherwise quoted with
 * every character outside printable ASCII escaped (`"a\u000a..."`), so a crafted name
 * can neither act on a terminal nor pass for another path.
 */
export function shownPath(path: string): string {
  if (isArtifactPath(path)) return path;
  let out = '"';
  for (const c of path) {
    const code = c.codePointAt(0)!;
    if (c === '"' || c === '\\') out += `\\${c}`;
    else if (code >= 0x20 && code < 0x7f) out += c;
    else if (code <= 0xffff) out += `\\u${code.toString(16).padStart(4, '0')}`;
    else out += `\\u{${code.toString(16)}}`;
  }
  return `${out}"`;
}

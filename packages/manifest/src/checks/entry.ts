// `entry`: a relative bundle path inside the artifact.
import { artifactPathProblem } from '../artifact-path.js';
import type { Reporter } from '../diagnostics.js';

/** Checks a string `entry`; returns whether it is a usable path. */
export function checkEntry(entry: string, reporter: Reporter): boolean {
  return isPlainScriptPath(entry) || analyseEntry(entry, reporter);
}

/**
 * Why the bundle's path and its source map's (`<entry>.map`), the entry without one leading
 * `./`, break the artifact path rule (artifact-path.ts), or null: the build writes both into
 * the artifact and would refuse them.
 */
function entryPathProblem(entry: string): string | null {
  const path = entry.startsWith('./') ? entry.slice(2) : entry;
  const problem = artifactPathProblem(path);
  if (problem) return problem;
  const map = artifactPathProblem(`${path}.map`);
  return map ? `its source map, ${path}.map, would break the rule: ${map}` : null;
}

/** The full analysis of `entry`, for what the plain form does not cover; reports what is wrong. */
export function analyseEntry(entry: string, reporter: Reporter): boolean {
  const at = '/entry';
  const shown = JSON.stringify(entry);
  if (entry === '') return false; // reported by the structural check
  if (/^[a-zA-Z]:[\\/]/.test(entry) || entry.startsWith('\\\\')) {
    reporter.report(
      'entry.absolute_path',
      at,
      `entry ${shown} is a Windows absolute path; give the bundle's path relative to the artifact root, e.g. "dist/index.js"`,
    );
    return false;
  }
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(entry) || entry.startsWith('//')) {
    reporter.report(
      'entry.absolute_url',
      at,
      `entry ${shown} is a URL; entry is the bundle's path inside the artifact, e.g. "dist/index.js" (the platform serves it, never a remote URL)`,
    );
    return false;
  }
  if (entry.startsWith('/') || entry.startsWith('\\')) {
    reporter.report(
      'entry.absolute_path',
      at,
      `entry ${shown} is an absolute path; make it relative to the artifact root, e.g. ${JSON.stringify(entry.replace(/^[\\/]+/, ''))}`,
    );
    return false;
  }
  const bad = /[\\?#]|[\u0000-\u001f\u007f]/.exec(entry);
  if (bad || entry.endsWith('/')) {
    const what = !bad
      ? 'ends with "/" (a folder)'
      : bad[0] === '\\'
        ? 'contains a backslash (use "/")'
        : bad[0] === '?' || bad[0] === '#'
          ? `contains "${bad[0]}" (a query or fragment)`
          : 'contains a control character';
    reporter.report(
      'entry.not_a_file',
      at,
      `entry ${shown} ${what}; it must be a plain relative file path such as "dist/index.js"`,
    );
    return false;
  }
  if (entry.includes('%')) {
    reporter.report(
      'entry.percent_encoded',
      at,
      `entry ${shown} contains "%"; write the path plainly (for example "dist/my file.js", not "dist/my%20file.js"): the host decodes the URL it serves the bundle at, so an encoded "..", "/" or NUL would name another file`,
    );
    return false;
  }
  const segments = entry.split('/');
  if (segments.includes('..')) {
    reporter.report(
      'entry.escapes_root',
      at,
      `entry ${shown} has a ".." segment; the bundle's path stays inside the artifact and goes straight to it, e.g. "dist/index.js"`,
    );
    return false;
  }
  if (segments.every((s) => s === '.' || s === '')) {
    reporter.report(
      'entry.not_a_file',
      at,
      `entry ${shown} names the artifact's root, not a file; use a path such as "dist/index.js"`,
    );
    return false;
  }
  const unsafe = entryPathProblem(entry);
  if (unsafe) {
    reporter.report(
      'entry.unsafe_path',
      at,
      `entry ${shown}: ${unsafe}. The bundle's path is an artifact path: plain ASCII (letters, digits, "_ @ + . -", "/" between segments, each starting with a letter, a digit, "_", "@" or "+"), as extkit build requires, e.g. "dist/index.js"`,
    );
    return false;
  }
  if (!/\.m?js$/.test(entry)) {
    reporter.report(
      'entry.not_javascript',
      at,
      `entry ${shown} does not end in .js or .mjs; extkit build writes a JavaScript bundle there`,
    );
  }
  return true;
}

// The common case: an optional "./", then segments of plain characters that never start with
// "." (so no ".." and no hidden file), the last ending in .js or .mjs. Anything else takes the
// full analysis. Each segment is matched greedily up to the next "/", so the pattern never backtracks.
const PLAIN_PATH = /^(?:\.\/)?[\w@+-][\w.@+-]*(?:\/[\w@+-][\w.@+-]*)*$/;

/** Whether `entry` is in the plain form that breaks no entry rule (false says only: take the full analysis). */
export const isPlainScriptPath = (entry: string): boolean =>
  entry.length <= PLAIN_MAX && endsInScript(entry) && PLAIN_PATH.test(entry) && entryPathProblem(entry) === null;

/**
 * Longer entries take the full analysis: the pattern's repeated segment group keeps a backtracking
 * entry per segment, and millions of them (a 9 MB path of "a/a/a/...") exhausted the engine.
 */
const PLAIN_MAX = 4096;

// ".js" or ".mjs", read from the end (past the start, charCodeAt gives NaN, which equals nothing).
function endsInScript(s: string): boolean {
  const n = s.length;
  return (
    s.charCodeAt(n - 1) === 115 &&
    s.charCodeAt(n - 2) === 106 &&
    (s.charCodeAt(n - 3) === 46 || (s.charCodeAt(n - 3) === 109 && s.charCodeAt(n - 4) === 46))
  );
}

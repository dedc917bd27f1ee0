// Whose request is this: the extension's (held to the sandbox's rules) or the
// test's own (setup and assertions: a fetch to the test emulator, a client call),
// which goes out as in plain vitest. Told from the call's stack, at the call:
// a request is the test's own when the test file made it and no extension code
// is under way: no frame of the project's source (its non-test files), none of
// the harness running the mount or its listeners, none of jsdom dispatching an
// event to a handler. Anything else, or a stack that says nothing (a callback
// after the chain was lost), is the extension's: the sandbox's rules hold.
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

const HERE = dirname(fileURLToPath(import.meta.url));
// The harness's files as a stack names them: dist/ as run, or src/ where vitest maps dist/ through its source maps
// (the published maps name ../src/*.ts, whether or not those files are installed).
const HARNESS = [HERE, join(dirname(HERE), basename(HERE) === 'dist' ? 'src' : 'dist')];
/** A harness file's path inside the harness, without its extension (`sandbox/storage`); undefined for other files. */
const inHarness = (file: string): string | undefined => {
  const dir = HARNESS.find((d) => file.startsWith(d + sep));
  return dir === undefined ? undefined : relative(dir, file).replace(/\.[cm]?[jt]s$/, '');
};
/** The harness's own network and sandbox code (these files, and the sandbox/ folder), always on the stack of a guarded call: not extension code. */
const GUARD_FILES = new Set(['network', 'guards', 'channels', 'intercept', 'owner', 'sandbox']);
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
const TEST_FOLDER = /(^|[\\/])(tests?|__tests__)[\\/]/;

/** A test file, or a helper beside the tests: a file in the project's test/, tests/ or __tests__/ folders. */
const isTestFile = (file: string, testPath: string, projectDir: string | undefined): boolean =>
  file === testPath ||
  TEST_FILE.test(file) ||
  (projectDir !== undefined && file.startsWith(projectDir + sep) && TEST_FOLDER.test(relative(projectDir, file)));

/** The file a stack line names, as a path (no file://, no line and column, no query). */
function fileOf(line: string): string | undefined {
  const m = /\(?((?:file:\/\/)?\/[^():]+?)(?:\?[^:)]*)?:\d+:\d+\)?\s*$/.exec(line);
  if (!m) return undefined;
  const file = m[1]!;
  return file.startsWith('file://') ? fileURLToPath(file) : file;
}

/** True when the request being made now is the test's own, not the extension's (`projectDir`: the extension's folder). */
export function requestedByTest(projectDir: string | undefined): boolean {
  let testPath: string | undefined;
  try {
    testPath = expect.getState().testPath;
  } catch {
    return false;
  }
  if (!testPath) return false;
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 80;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  let test = false;
  for (const line of stack.split('\n').slice(1)) {
    const file = fileOf(line);
    if (!file) continue;
    if (isTestFile(file, testPath, projectDir)) {
      test = true;
      continue;
    }
    const harness = inHarness(file);
    if (harness !== undefined) {
      if (!GUARD_FILES.has(harness.split(sep)[0]!)) return false;
      continue;
    }
    if (file.includes(`${sep}jsdom${sep}`)) return false;
    if (projectDir !== undefined && file.startsWith(projectDir + sep) && !file.includes(`${sep}node_modules${sep}`))
      return false;
  }
  return test;
}

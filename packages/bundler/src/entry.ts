import { posix } from 'node:path';
import { artifactPathProblem } from './artifact/path.js';
import type { Diagnostic } from './types.js';

const RESERVED = new Set(['manifest.json', 'artifact.json']);

/** The entry's path inside the artifact, `/`-separated and without `./`. */
export function artifactPath(entry: string): string {
  return posix.normalize(entry);
}

/** Checks that the manifest's `entry` names a file inside the artifact that no other artifact file takes. */
export function checkEntry(entry: string): Diagnostic | null {
  const normal = posix.normalize(entry);
  if (
    /^[a-z][a-z0-9+.-]*:/i.test(entry) ||
    entry.startsWith('/') ||
    entry.includes('\\') ||
    normal.startsWith('../') ||
    normal === '..' ||
    normal === '.' ||
    entry.endsWith('/')
  ) {
    return {
      code: 'build.entry_outside_artifact',
      path: '/entry',
      message: `"entry" is ${JSON.stringify(entry)}, which would write outside the artifact folder. Use a relative path inside it, e.g. "dist/index.js".`,
    };
  }
  if (RESERVED.has(normal) || (normal.endsWith('.map') && RESERVED.has(normal.slice(0, -4)))) {
    return {
      code: 'build.entry_reserved',
      path: '/entry',
      message: `"entry" is ${JSON.stringify(entry)}, a name the artifact keeps for itself (manifest.json, artifact.json). Use e.g. "dist/index.js".`,
    };
  }
  const problem = artifactPathProblem(normal) ?? artifactPathProblem(`${normal}.map`);
  if (problem) {
    return {
      code: 'build.entry_unsafe',
      path: '/entry',
      message: `"entry" is ${JSON.stringify(entry)}: ${problem}. The artifact's paths are plain ASCII (letters, digits, "_ @ + . -", "/" between segments), so that no name can forge what its integrity covers. Use e.g. "dist/index.js".`,
    };
  }
  return null;
}

// What a marketplace sends is written only where the kit says: every path held to the
// artifact path rule of extkit verify, every write below the folder the caller names and
// never through a symbolic link, whatever the answer holds (a remote or plain-http
// marketplace, or someone between it and us).
import { join } from 'node:path';
import {
  artifactPathsProblem,
  folderInside,
  LinkRefusal,
  OutsideRefusal,
  removeNoFollow,
  shownPath,
  writeNoFollow,
} from '@extkit/bundler';
import type { MarketplaceDiagnostic } from '../refusals.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const unsafe = (message: string): MarketplaceDiagnostic => ({ code: 'install.artifact_unsafe', message });

/**
 * Writes the served `files` (`{ <path>: <base64> }`) into `dir`, which lies below `root`;
 * answers why nothing (or nothing more) was written, or null.
 */
export async function writeServedFiles(
  root: string,
  dir: string,
  files: unknown,
): Promise<MarketplaceDiagnostic | null> {
  if (!files || typeof files !== 'object' || Array.isArray(files))
    return unsafe('The marketplace sent no { "<path>": "<base64>" } object of files; nothing was written.');
  const entries = Object.entries(files as Record<string, unknown>);
  const bad = artifactPathsProblem(entries.map(([path]) => path));
  if (bad)
    return unsafe(
      `The marketplace sent a file named ${shownPath(bad.path)}: ${bad.problem}. Nothing was written for the artifact.`,
    );
  for (const [path, b64] of entries)
    if (typeof b64 !== 'string' || !BASE64.test(b64))
      return unsafe(`The marketplace sent ${path} as something other than base64 text; nothing was written.`);
  return writeInside(
    root,
    entries.map(([path, b64]) => [join(dir, path), Buffer.from(b64 as string, 'base64')]),
  );
}

/**
 * Writes each `[file, bytes]` below `root`, never through a link (and first checks that no
 * folder from `root` down to `folder`, when given, is one); a refusal comes back as a diagnostic.
 */
export async function writeInside(
  root: string,
  writes: Array<[string, string | Uint8Array]>,
  folder?: string,
): Promise<MarketplaceDiagnostic | null> {
  try {
    if (folder !== undefined) await folderInside(root, join(folder, '_'), false);
    for (const [file, data] of writes) await writeNoFollow(root, file, data);
    return null;
  } catch (err) {
    if (err instanceof LinkRefusal || err instanceof OutsideRefusal) return unsafe(err.message);
    throw err;
  }
}

/** Removes `folder` (below `root`) and all it holds, never through a link; a refusal comes back as a diagnostic. */
export async function removeInside(root: string, folder: string): Promise<MarketplaceDiagnostic | null> {
  try {
    await removeNoFollow(root, folder);
    return null;
  } catch (err) {
    if (err instanceof LinkRefusal || err instanceof OutsideRefusal) return unsafe(err.message);
    throw err;
  }
}

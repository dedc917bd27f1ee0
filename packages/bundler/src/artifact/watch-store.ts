// `build --watch`'s artifact: one folder per id beside the store's versions, replaced by renames.
import { mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ArtifactRecord } from '../types.js';
import { linkedStore, stage, unsafePaths, writeRefused, type PutOutcome } from './store.js';

/** Where `build --watch` writes: `<out>/.watch/<id>`, beside the store's immutable versions and never one of them. */
export function watchPath(out: string, id: string): string {
  return join(out, '.watch', id);
}

/**
 * Writes the artifact to `<out>/.watch/<id>`, replacing what an earlier watch build
 * wrote there: a finished artifact is swapped in by renames, never written in place.
 */
export async function replaceWatchArtifact(
  out: string,
  record: ArtifactRecord,
  contents: ReadonlyMap<string, Uint8Array>,
): Promise<PutOutcome & { dir?: string }> {
  const linked = await linkedStore(out, record.id, ['.watch', record.id]);
  if (linked) return { kind: 'refused', errors: [linked] };
  const unsafe = unsafePaths(contents);
  if (unsafe) return { kind: 'refused', errors: [unsafe] };
  const dir = watchPath(out, record.id);
  try {
    await mkdir(dirname(dir), { recursive: true });
    const tmp = await mkdtemp(join(out, '.tmp-'));
    await stage(tmp, record, contents);
    const old = `${tmp}-old`;
    await rename(dir, old).catch(() => {});
    await rename(tmp, dir);
    await rm(old, { recursive: true, force: true });
    return { kind: 'written', dir };
  } catch (err) {
    return writeRefused(err, `the watch build into ${dir}`);
  }
}

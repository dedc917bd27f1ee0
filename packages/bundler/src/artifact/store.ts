import { chmod, lstat, mkdir, mkdtemp, readdir, realpath, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ArtifactRecord, Diagnostic } from '../types.js';
import { withStoreLock } from './lock.js';
import { LinkRefusal, writeNoFollow } from './no-follow.js';
import { artifactPathsProblem, shownPath } from './path.js';
import { RECORD_FILE, serializeRecord } from './record.js';
import { inspectStore } from './inspect.js';

/**
 * Writes the artifact into a temporary folder inside `out` and renames it to
 * `<out>/<id>/<version>` in one step, so the store never holds half an artifact.
 */
export async function writeArtifact(
  out: string,
  record: ArtifactRecord,
  contents: ReadonlyMap<string, Uint8Array>,
): Promise<void> {
  await mkdir(out, { recursive: true });
  await sweepStale(out);
  const tmp = await mkdtemp(join(out, '.tmp-'));
  const idDir = join(out, record.id);
  let createdIdDir = false;
  try {
    await stage(tmp, record, contents);
    createdIdDir = (await mkdir(idDir, { recursive: true })) !== undefined;
    await rename(tmp, join(idDir, record.version));
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    if (createdIdDir) await rmdir(idDir).catch(() => {});
    throw err;
  }
}

/** Writes the artifact's files and artifact.json into the temporary folder `tmp`. */
export async function stage(
  tmp: string,
  record: ArtifactRecord,
  contents: ReadonlyMap<string, Uint8Array>,
): Promise<void> {
  for (const [path, bytes] of contents) await writeNoFollow(tmp, join(tmp, path), bytes, { exclusive: true });
  await writeNoFollow(tmp, join(tmp, RECORD_FILE), serializeRecord(record), { exclusive: true });
  // mkdtemp makes the folder private (0700); the artifact is read like any other
  // build output (a static server, a CI upload running as another user).
  await chmod(tmp, 0o755);
}

/** A temporary folder this old was left by a build that was killed mid-write: writing one takes well under a second. */
export const STALE_TMP_MS = 10 * 60_000;

/** Removes temporary folders that killed builds left in the store; best effort, never in the way of the build. */
async function sweepStale(out: string, now = Date.now()): Promise<void> {
  let names: string[];
  try {
    names = (await readdir(out)).filter((n) => n.startsWith('.tmp-'));
  } catch {
    return;
  }
  await Promise.all(
    names.map(async (name) => {
      const dir = join(out, name);
      const st = await stat(dir).catch(() => null);
      if (st?.isDirectory() && now - st.mtimeMs > STALE_TMP_MS)
        await rm(dir, { recursive: true, force: true }).catch(() => {});
    }),
  );
}

/** Refuses an artifact whose paths break the path rule (artifact/path.ts): nothing is written for it. */
export function unsafePaths(contents: ReadonlyMap<string, Uint8Array>): Diagnostic | null {
  const bad = artifactPathsProblem(contents.keys());
  return bad
    ? {
        code: 'artifact.path_unsafe',
        message: `The artifact would hold ${shownPath(bad.path)}: ${bad.problem}. An artifact's paths are plain ASCII (letters, digits, "_ @ + . -", "/" between segments); rename the file (for the bundle, "entry" in manifest.json).`,
      }
    : null;
}

/** What putting an artifact into the store did; `replaced`: an unpublished draft of the version, whose integrity was `previous`. */
export type PutOutcome =
  | { kind: 'written' }
  | { kind: 'replaced'; previous: string | null }
  | { kind: 'unchanged' }
  | { kind: 'refused'; errors: Diagnostic[] };

/**
 * Swaps a draft for the new artifact: staged whole, then the draft renamed aside and the new
 * folder renamed into its place, then the draft removed (a `.tmp-` folder, swept if a kill
 * leaves it). The store's lock is held by the caller.
 */
async function replaceArtifact(
  out: string,
  record: ArtifactRecord,
  contents: ReadonlyMap<string, Uint8Array>,
): Promise<void> {
  const tmp = await mkdtemp(join(out, '.tmp-'));
  const target = join(out, record.id, record.version);
  try {
    await stage(tmp, record, contents);
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
  const old = `${tmp}-draft`;
  await rename(target, old);
  try {
    await rename(tmp, target);
  } catch (err) {
    await rename(old, target).catch(() => {});
    await rm(tmp, { recursive: true, force: true });
    throw err;
  }
  await rm(old, { recursive: true, force: true });
}

/** Refuses a store, or a store's id folder, that is a symbolic link: an artifact is written where the user points, never elsewhere. */
export async function linkedStore(out: string, id: string, within: string[] = [id]): Promise<Diagnostic | null> {
  for (const dir of [out, ...within.map((_, k) => join(out, ...within.slice(0, k + 1)))]) {
    const st = await lstat(dir).catch(() => null);
    if (st?.isSymbolicLink()) {
      const target = await realpath(dir).catch(() => '(a missing target)');
      return {
        code: 'artifact.store_symlink',
        message: `${dir} is a symbolic link to ${target}; the build never writes an artifact through a link. Build into the real folder with --out ${dir === out ? target : dirname(dir)}${dir === out ? '' : ' after replacing the link by a folder'}.`,
      };
    }
  }
  return null;
}

/**
 * Holds the artifact against the store and writes it, as one step under the
 * store's lock (artifact/lock.ts): version order, the rename check and the write
 * cannot interleave with another build's.
 */
export async function putArtifact(
  out: string,
  record: ArtifactRecord,
  contents: ReadonlyMap<string, Uint8Array>,
  ownStore: boolean,
): Promise<PutOutcome> {
  const linked = await linkedStore(out, record.id);
  if (linked) return { kind: 'refused', errors: [linked] };
  const unsafe = unsafePaths(contents);
  if (unsafe) return { kind: 'refused', errors: [unsafe] };
  try {
    await mkdir(out, { recursive: true });
    const locked = await withStoreLock(out, async (): Promise<PutOutcome> => {
      const verdict = await inspectStore(out, record, ownStore);
      if (verdict.kind === 'replace') {
        await replaceArtifact(out, record, contents);
        return { kind: 'replaced', previous: verdict.previous };
      }
      if (verdict.kind !== 'new') return verdict;
      await writeArtifact(out, record, contents);
      return { kind: 'written' };
    });
    if ('value' in locked) return locked.value;
    const { holder, ageMs, file } = locked.busy;
    const who = holder ? `process ${holder.pid} on ${holder.host}` : 'an unknown process';
    return {
      kind: 'refused',
      errors: [
        {
          code: 'artifact.store_locked',
          message: `The store ${out} is locked by ${who} for ${(ageMs / 1000).toFixed(1)} s (${file}); another build is writing into it. Wait for it and build again; if no build is running, remove ${file}.`,
        },
      ],
    };
  } catch (err) {
    return writeRefused(err, `the artifact into ${out}`);
  }
}

/** A write into the store that failed: a linked folder on the way, or one that cannot be written. */
export function writeRefused(err: unknown, what: string): PutOutcome {
  if (err instanceof LinkRefusal)
    return { kind: 'refused', errors: [{ code: 'artifact.store_symlink', message: err.message }] };
  return {
    kind: 'refused',
    errors: [
      {
        code: 'artifact.out_unwritable',
        message: `Cannot write ${what}: ${(err as Error).message}. Choose a writable folder with --out.`,
      },
    ],
  };
}

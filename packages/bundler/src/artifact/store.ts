import { chmod, lstat, mkdir, mkdtemp, readFile, readdir, realpath, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ArtifactRecord, Diagnostic } from '../types.js';
import { checkArtifact } from './check.js';
import { withStoreLock } from './lock.js';
import { LinkRefusal, writeNoFollow } from './no-follow.js';
import { artifactPathsProblem, shownPath } from './path.js';
import { RECORD_FILE, isRecord, parseRecord, serializeRecord } from './record.js';
import { publishedMark } from './published.js';

/** How the store stands towards a new artifact; `replace`: a draft (never published from here) of that version is there. */
export type StoreVerdict =
  | { kind: 'new' }
  | { kind: 'unchanged' }
  | { kind: 'replace'; previous: string | null }
  | { kind: 'refused'; errors: Diagnostic[] };

async function subdirs(dir: string): Promise<string[]> {
  try {
    // A version folder that is a symbolic link counts too (and is refused when it is the one asked for).
    return (await readdir(dir, { withFileTypes: true }))
      .filter((e) => (e.isDirectory() || e.isSymbolicLink()) && !e.name.startsWith('.'))
      .map((e) => e.name);
  } catch {
    return [];
  }
}

async function readRecordAt(dir: string): Promise<ArtifactRecord | null> {
  try {
    const r = parseRecord(await readFile(join(dir, RECORD_FILE), 'utf8'));
    return isRecord(r) ? r : null;
  } catch {
    return null;
  }
}

/**
 * Holds a new artifact against the store `out` (`<out>/<id>/<version>/`): the same version
 * with another integrity replaces it when that version was never published from this store
 * (a draft), and is refused when it was; a version that is not greater
 * than every version of the id already there, and so is another id of the same
 * extension (a rename). "Same extension": the same package.json name recorded in
 * artifact.json, or any artifact in the extension's own default store.
 */
export async function inspectStore(out: string, record: ArtifactRecord, ownStore: boolean): Promise<StoreVerdict> {
  const { id, version, integrity } = record;
  const existing = join(out, id, version);
  const versions = await subdirs(join(out, id));
  if (versions.includes(version)) {
    const there = await readRecordAt(existing);
    if (there?.integrity === integrity) {
      // The record alone proves nothing: the stored files are hashed again before "identical".
      const checked = await checkArtifact(existing);
      if (checked.errors.length === 0 && checked.integrity === integrity) return { kind: 'unchanged' };
      return {
        kind: 'refused',
        errors: [
          {
            code: 'artifact.stored_tampered',
            path: '/version',
            message: `${id}@${version} is in the store (${existing}) but its files no longer match its artifact.json: ${checked.errors.map((e) => e.message).join(' ')} The build does not overwrite it (artifacts are immutable): find out what changed it, remove the folder, and build again.`,
          },
        ],
      };
    }
    const published = await publishedMark(out, id, version);
    // A draft is replaced; a folder that is no artifact of ours (no readable record) is left alone.
    if (!published && there) return { kind: 'replace', previous: there.integrity };
    const { default: inc } = await import('semver/functions/inc.js');
    return {
      kind: 'refused',
      errors: [
        {
          code: 'artifact.version_exists',
          path: '/version',
          message: published
            ? `${id}@${version} was published (to ${published.listing} at ${published.marketplace}) with integrity ${published.integrity}, and this build's integrity is ${integrity}. A published version never changes: bump "version" in manifest.json to ${inc(version, 'patch') ?? 'a greater version'} (or above) and build again.`
            : `${id}@${version} is already in the store (${existing}) with no readable artifact.json, and this build's integrity is ${integrity}. The build does not overwrite what it cannot read: remove the folder, or bump "version" in manifest.json.`,
        },
      ],
    };
  }
  const errors: Diagnostic[] = [];
  // The comparison is loaded only when the store holds other versions (and after the
  // build has loaded the validator), so a first build starts its worker sooner.
  let notLower: string[] = [];
  if (versions.length > 0) {
    const [{ isStrictSemver }, { default: compare }] = await Promise.all([
      import('@extkit/manifest'),
      import('semver/functions/compare.js'),
    ]);
    notLower = versions.filter((v) => isStrictSemver(v) && compare(v, version) >= 0).sort((a, b) => compare(b, a));
  }
  if (notLower.length > 0) {
    errors.push({
      code: 'artifact.version_not_greater',
      path: '/version',
      message: `Version ${version} is not greater than ${id}@${notLower[0]} already in the store; every new version must be greater (semver precedence) than every earlier one. Set "version" in manifest.json above ${notLower[0]}.`,
    });
  }
  for (const other of await subdirs(out)) {
    if (other === id) continue;
    const versions = await subdirs(join(out, other));
    // In the extension's own store any other id is this extension renamed; only a shared store needs the records.
    const same = ownStore
      ? versions.length > 0
      : record.source.package !== null &&
        (await Promise.all(versions.map((v) => readRecordAt(join(out, other, v))))).some(
          (o) => o?.source.package === record.source.package,
        );
    if (same) {
      errors.push({
        code: 'artifact.id_renamed',
        path: '/id',
        message: `The store ${out} already holds this extension under the id "${other}"${record.source.package ? ` (package ${record.source.package})` : ''}; the id is "${id}" now. An extension's id is stable and never renamed: set "id" back to "${other}".`,
      });
    }
  }
  return errors.length > 0 ? { kind: 'refused', errors } : { kind: 'new' };
}

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
async function stage(tmp: string, record: ArtifactRecord, contents: ReadonlyMap<string, Uint8Array>): Promise<void> {
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
function unsafePaths(contents: ReadonlyMap<string, Uint8Array>): Diagnostic | null {
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
    if (err instanceof LinkRefusal)
      return { kind: 'refused', errors: [{ code: 'artifact.store_symlink', message: err.message }] };
    return {
      kind: 'refused',
      errors: [
        {
          code: 'artifact.out_unwritable',
          message: `Cannot write the artifact into ${out}: ${(err as Error).message}. Choose a writable folder with --out.`,
        },
      ],
    };
  }
}

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
    if (err instanceof LinkRefusal)
      return { kind: 'refused', errors: [{ code: 'artifact.store_symlink', message: err.message }] };
    return {
      kind: 'refused',
      errors: [
        {
          code: 'artifact.out_unwritable',
          message: `Cannot write the watch build into ${dir}: ${(err as Error).message}. Choose a writable folder with --out.`,
        },
      ],
    };
  }
}

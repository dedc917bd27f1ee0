import { chmod, mkdir, mkdtemp, readFile, readdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ArtifactRecord, Diagnostic } from '../types.js';
import { RECORD_FILE, parseRecord, serializeRecord } from './record.js';

/** How the store stands towards a new artifact. */
export type StoreVerdict = { kind: 'new' } | { kind: 'unchanged' } | { kind: 'refused'; errors: Diagnostic[] };

async function subdirs(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name);
  } catch {
    return [];
  }
}

async function readRecordAt(dir: string): Promise<ArtifactRecord | null> {
  try {
    const r = parseRecord(await readFile(join(dir, RECORD_FILE), 'utf8'));
    return typeof r === 'string' ? null : r;
  } catch {
    return null;
  }
}

/**
 * Holds a new artifact against the store `out` (`<out>/<id>/<version>/`): the same
 * version with another integrity is refused, so is a version that is not greater
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
    if (there?.integrity === integrity) return { kind: 'unchanged' };
    return {
      kind: 'refused',
      errors: [{
        code: 'artifact.version_exists',
        path: '/version',
        message: `${id}@${version} is already in the store (${existing}) with ${there ? `integrity ${there.integrity}` : 'no readable artifact.json'}, and this build's integrity is ${integrity}. Artifacts are immutable: bump "version" in manifest.json to publish a change.`,
      }],
    };
  }
  const errors: Diagnostic[] = [];
  // The comparison is loaded only when the store holds other versions (and after the
  // build has loaded the validator), so a first build starts its worker sooner.
  let notLower: string[] = [];
  if (versions.length > 0) {
    const [{ isStrictSemver }, { default: compare }] = await Promise.all([import('@extkit/manifest'), import('semver/functions/compare.js')]);
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
      : record.source.package !== null && (await Promise.all(versions.map((v) => readRecordAt(join(out, other, v))))).some((o) => o?.source.package === record.source.package);
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
export async function writeArtifact(out: string, record: ArtifactRecord, contents: ReadonlyMap<string, Uint8Array>): Promise<void> {
  await mkdir(out, { recursive: true });
  await sweepStale(out);
  const tmp = await mkdtemp(join(out, '.tmp-'));
  const idDir = join(out, record.id);
  let createdIdDir = false;
  try {
    for (const [path, bytes] of contents) {
      await mkdir(dirname(join(tmp, path)), { recursive: true });
      await writeFile(join(tmp, path), bytes);
    }
    await writeFile(join(tmp, RECORD_FILE), serializeRecord(record));
    // mkdtemp makes the folder private (0700); the version folder is read like any other
    // build output (a static server, a CI upload running as another user).
    await chmod(tmp, 0o755);
    createdIdDir = (await mkdir(idDir, { recursive: true })) !== undefined;
    await rename(tmp, join(idDir, record.version));
  } catch (err) {
    await rm(tmp, { recursive: true, force: true });
    if (createdIdDir) await rmdir(idDir).catch(() => {});
    throw err;
  }
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
      if (st?.isDirectory() && now - st.mtimeMs > STALE_TMP_MS) await rm(dir, { recursive: true, force: true }).catch(() => {});
    }),
  );
}

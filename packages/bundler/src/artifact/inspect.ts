// How the store stands towards a new artifact, before anything is written: new, unchanged, a
// draft to replace, or refused (a published version rebuilt, a lower version, a renamed id).
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArtifactRecord, Diagnostic } from '../types.js';
import { checkArtifact } from './check.js';
import { RECORD_FILE, isRecord, parseRecord } from './record.js';
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

import { lstat, readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { ArtifactRecord, Diagnostic } from '../types.js';
import { integrityOf, sha256Hex } from './hash.js';
import { RECORD_FILE, parseRecord } from './record.js';

/** What re-hashing an artifact found: its record, the recomputed integrity and every mismatch. */
export interface ArtifactCheck {
  record: ArtifactRecord | null;
  /**
   * Integrity recomputed from the regular files on disk (every one but artifact.json,
   * listed or not); null when artifact.json cannot be read.
   */
  integrity: string | null;
  /**
   * What the recomputed integrity does not vouch for: unlisted files, symbolic links
   * and other irregular entries, listed paths outside the folder, and artifact.json
   * itself when its listing no longer hashes to its integrity. Empty when intact.
   */
  uncovered: string[];
  errors: Diagnostic[];
}

type Entry = { path: string; kind: 'file' | 'symlink' | 'other' };

async function listEntries(root: string, dir = root): Promise<Entry[]> {
  const out: Entry[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    const path = relative(root, full).split(sep).join('/');
    // A symbolic link to a folder is an entry, never descended into.
    if (e.isDirectory()) out.push(...(await listEntries(root, full)));
    else out.push({ path, kind: e.isFile() ? 'file' : e.isSymbolicLink() ? 'symlink' : 'other' });
  }
  return out;
}

/** True when a listed path stays inside the artifact: relative, `/`-separated, no `..`. */
const inside = (path: string): boolean =>
  path !== '' &&
  !path.startsWith('/') &&
  !path.includes('\\') &&
  !path.split('/').some((s) => s === '..' || s === '.' || s === '');

const notAllowed = (path: string, why: string): Diagnostic => ({
  code: 'verify.file_not_allowed',
  message: `${path} ${why}; an artifact holds only regular files inside its own folder, and nothing it holds loads unless its hash covers it.`,
});

/**
 * Re-hashes every file of the artifact at `dir` against its artifact.json: changed,
 * missing and extra files fail, and so does a symbolic link anywhere (the folder
 * itself included); none is followed.
 */
export async function checkArtifact(dir: string): Promise<ArtifactCheck> {
  const file = join(dir, RECORD_FILE);
  const none = (message: string): ArtifactCheck => ({
    record: null,
    integrity: null,
    uncovered: [],
    errors: [{ code: 'verify.record_unreadable', message }],
  });
  const self = await lstat(dir).catch(() => null);
  if (self?.isSymbolicLink()) {
    return {
      record: null,
      integrity: null,
      uncovered: ['.'],
      errors: [
        notAllowed(
          dir,
          'is a symbolic link, not the artifact folder itself (verify the folder it points to by its own path)',
        ),
      ],
    };
  }
  let text: string;
  try {
    const st = await lstat(file);
    if (!st.isFile())
      return none(
        `${file} is not a regular file (a symbolic link?); an artifact's record is never followed elsewhere.`,
      );
    text = await readFile(file, 'utf8');
  } catch (err) {
    return none(
      (err as NodeJS.ErrnoException).code === 'ENOENT'
        ? `${dir} holds no ${RECORD_FILE}; is it an artifact folder (<out>/<id>/<version>)?`
        : `cannot read ${file}: ${(err as Error).message}`,
    );
  }
  const record = parseRecord(text);
  if (typeof record === 'string') return none(`${file} is not a valid artifact record: ${record}.`);

  const errors: Diagnostic[] = [];
  const uncovered: string[] = [];
  const entries = (await listEntries(dir)).filter((e) => e.path !== RECORD_FILE);
  // Every regular file on disk, listed or not, hashed once: the integrity is of what is really there.
  const hashes = new Map<string, string>();
  for (const e of entries) if (e.kind === 'file') hashes.set(e.path, sha256Hex(await readFile(join(dir, e.path))));
  const listed = new Set(record.files.map((f) => f.path));
  for (const f of record.files) {
    if (!inside(f.path)) {
      errors.push(notAllowed(f.path, 'is a path outside the artifact'));
      uncovered.push(f.path);
      continue;
    }
    const sha256 = hashes.get(f.path);
    if (sha256 === undefined) {
      // An irregular entry at a listed path is reported below with every other one.
      if (!entries.some((e) => e.path === f.path))
        errors.push({
          code: 'verify.file_missing',
          message: `${f.path} is listed in ${RECORD_FILE} but missing from the artifact.`,
        });
    } else if (sha256 !== f.sha256) {
      errors.push({
        code: 'verify.file_changed',
        message: `${f.path} changed: its sha256 is ${sha256}, ${RECORD_FILE} records ${f.sha256}.`,
      });
    }
  }
  for (const e of entries) {
    if (e.kind !== 'file') {
      errors.push(notAllowed(e.path, e.kind === 'symlink' ? 'is a symbolic link' : 'is not a regular file'));
      uncovered.push(e.path);
    } else if (!listed.has(e.path)) {
      errors.push({
        code: 'verify.file_extra',
        message: `${e.path} is in the artifact but not listed in ${RECORD_FILE}, so its hash covers nothing of it.`,
      });
      uncovered.push(e.path);
    }
  }
  if (integrityOf(record.files) !== record.integrity) {
    errors.push({
      code: 'verify.record_integrity',
      message: `${RECORD_FILE} records integrity ${record.integrity}, but its own file listing hashes to ${integrityOf(record.files)}: the record was edited.`,
    });
    uncovered.push(RECORD_FILE);
  }
  const actual = [...hashes].map(([path, sha256]) => ({ path, sha256 }));
  return { record, integrity: integrityOf(actual), uncovered, errors };
}

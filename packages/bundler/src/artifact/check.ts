import { lstat, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { ArtifactRecord, Diagnostic } from '../types.js';
import { integrityOf, sha256Hex } from './hash.js';
import { LinkRefusal, readNoFollow } from './no-follow.js';
import { artifactPathProblem, artifactPathsProblem, shownPath } from './path.js';
import { RECORD_FILE, isRecord, parseRecord } from './record.js';

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
  /**
   * manifest.json's text, decoded from the very bytes that were hashed (null when it is not
   * a regular file there): what a decision reads, so that it never reads bytes the
   * integrity does not cover (a file changed after it was hashed).
   */
  manifestText: string | null;
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

const notAllowed = (path: string, why: string): Diagnostic => ({
  code: 'verify.file_not_allowed',
  message: `${shownPath(path)} ${why}; an artifact holds only regular files inside its own folder, and nothing it holds loads unless its hash covers it.`,
});

const unsafe = (path: string, where: string, problem: string): Diagnostic => ({
  code: 'verify.path_unsafe',
  message: `${where} names ${shownPath(path)}: ${problem}. An artifact's paths are plain ASCII (letters, digits, "_ @ + . -", "/" between segments), so that no name can forge part of the listing its integrity covers; nothing in this artifact loads.`,
});

/**
 * Re-hashes every file of the artifact at `dir` against its artifact.json: changed,
 * missing and extra files fail, and so does a symbolic link anywhere (the folder
 * itself included); none is followed.
 */
export async function checkArtifact(dir: string): Promise<ArtifactCheck> {
  const file = join(dir, RECORD_FILE);
  const none = (message: string, code = 'verify.record_unreadable'): ArtifactCheck => ({
    record: null,
    integrity: null,
    uncovered: [],
    errors: [{ code, message }],
    manifestText: null,
  });
  const self = await lstat(dir).catch(() => null);
  if (self?.isSymbolicLink()) {
    return {
      record: null,
      integrity: null,
      manifestText: null,
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
    text = (await readNoFollow(dir, file)).toString('utf8');
  } catch (err) {
    return none(
      (err as NodeJS.ErrnoException).code === 'ENOENT'
        ? `${dir} holds no ${RECORD_FILE}; is it an artifact folder (<out>/<id>/<version>)?`
        : `cannot read ${file}: ${(err as Error).message}`,
    );
  }
  const record = parseRecord(text);
  if (!isRecord(record)) return none(`${file} is not a valid artifact record: ${record.reason}.`, record.code);

  const errors: Diagnostic[] = [];
  const uncovered: string[] = [];
  const seen = new Set<string>();
  const cover = (path: string): void => {
    uncovered.push(path);
    seen.add(path);
  };
  const entries = (await listEntries(dir)).filter((e) => e.path !== RECORD_FILE);
  // Every regular file on disk with a safe name, listed or not, hashed once: the integrity is of what is really there.
  const hashes = new Map<string, string>();
  let manifestText: string | null = null;
  for (const e of entries) {
    const problem = artifactPathProblem(e.path);
    if (problem) {
      errors.push(unsafe(e.path, 'The artifact folder', problem));
      cover(e.path);
    } else if (e.kind === 'file') {
      // Read without following a link: a file swapped for one since the listing is refused, not followed.
      const bytes = await readNoFollow(dir, join(dir, e.path)).catch((err: unknown) => {
        if (err instanceof LinkRefusal) return null;
        throw err;
      });
      if (bytes) {
        hashes.set(e.path, sha256Hex(bytes));
        if (e.path === 'manifest.json') manifestText = bytes.toString('utf8');
      } else {
        errors.push(notAllowed(e.path, 'is a symbolic link'));
        cover(e.path);
      }
    }
  }
  const listed = new Set(record.files.map((f) => f.path));
  const present = new Set(entries.map((e) => e.path));
  const collision = artifactPathsProblem(record.files.map((f) => f.path).filter((p) => !artifactPathProblem(p)));
  if (collision) {
    errors.push(unsafe(collision.path, RECORD_FILE, collision.problem));
    cover(collision.path);
  }
  for (const f of record.files) {
    const problem = artifactPathProblem(f.path);
    if (problem) {
      if (!seen.has(f.path)) {
        errors.push(unsafe(f.path, RECORD_FILE, problem));
        cover(f.path);
      }
      continue;
    }
    const sha256 = hashes.get(f.path);
    if (sha256 === undefined) {
      // An irregular entry at a listed path is reported below with every other one.
      if (!present.has(f.path))
        errors.push({
          code: 'verify.file_missing',
          message: `${shownPath(f.path)} is listed in ${RECORD_FILE} but missing from the artifact.`,
        });
    } else if (sha256 !== f.sha256) {
      errors.push({
        code: 'verify.file_changed',
        message: `${shownPath(f.path)} changed: its sha256 is ${sha256}, ${RECORD_FILE} records ${f.sha256}.`,
      });
    }
  }
  for (const e of entries) {
    if (seen.has(e.path)) continue;
    if (e.kind !== 'file') {
      errors.push(notAllowed(e.path, e.kind === 'symlink' ? 'is a symbolic link' : 'is not a regular file'));
      cover(e.path);
    } else if (!listed.has(e.path)) {
      errors.push({
        code: 'verify.file_extra',
        message: `${shownPath(e.path)} is in the artifact but not listed in ${RECORD_FILE}, so its hash covers nothing of it.`,
      });
      cover(e.path);
    }
  }
  // Each record is hashed in the canonical form of its own format (docs/artifacts.md, "The integrity").
  const listedIntegrity = integrityOf(record.files, record.artifact);
  if (listedIntegrity !== record.integrity) {
    errors.push({
      code: 'verify.record_integrity',
      message: `${RECORD_FILE} records integrity ${JSON.stringify(record.integrity)}, but its own file listing hashes to ${listedIntegrity}: the record was edited.`,
    });
    uncovered.push(RECORD_FILE);
  }
  const actual = [...hashes].map(([path, sha256]) => ({ path, sha256 }));
  return { record, integrity: integrityOf(actual, record.artifact), uncovered, errors, manifestText };
}

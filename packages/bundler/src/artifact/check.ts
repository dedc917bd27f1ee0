import { readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { ArtifactRecord, Diagnostic } from '../types.js';
import { integrityOf, sha256Hex } from './hash.js';
import { RECORD_FILE, parseRecord } from './record.js';

/** What re-hashing an artifact found: its record, the recomputed integrity and every mismatch. */
export interface ArtifactCheck {
  record: ArtifactRecord | null;
  /** Integrity recomputed from the files on disk; null when artifact.json cannot be read. */
  integrity: string | null;
  errors: Diagnostic[];
}

async function listFiles(root: string, dir = root): Promise<Array<{ path: string; regular: boolean }>> {
  const out: Array<{ path: string; regular: boolean }> = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listFiles(root, full)));
    else out.push({ path: relative(root, full).split(sep).join('/'), regular: e.isFile() });
  }
  return out;
}

/** True when a listed path stays inside the artifact: relative, `/`-separated, no `..`. */
const inside = (path: string): boolean => path !== '' && !path.startsWith('/') && !path.includes('\\') && !path.split('/').some((s) => s === '..' || s === '.' || s === '');

/** Re-hashes every file of the artifact at `dir` against its artifact.json: changed, missing and extra files fail. */
export async function checkArtifact(dir: string): Promise<ArtifactCheck> {
  const file = join(dir, RECORD_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const why = (err as NodeJS.ErrnoException).code === 'ENOENT' ? `${dir} holds no ${RECORD_FILE}; is it an artifact folder (<out>/<id>/<version>)?` : `cannot read ${file}: ${(err as Error).message}`;
    return { record: null, integrity: null, errors: [{ code: 'verify.record_unreadable', message: why }] };
  }
  const record = parseRecord(text);
  if (typeof record === 'string') return { record: null, integrity: null, errors: [{ code: 'verify.record_unreadable', message: `${file} is not a valid artifact record: ${record}.` }] };

  const errors: Diagnostic[] = [];
  const actual = [];
  const onDisk = await listFiles(dir);
  const irregular = new Set(onDisk.filter((f) => !f.regular).map((f) => f.path));
  for (const f of record.files) {
    if (!inside(f.path) || irregular.has(f.path)) {
      errors.push({ code: 'verify.file_not_allowed', message: `${f.path} ${irregular.has(f.path) ? 'is not a regular file (a symbolic link?)' : 'is a path outside the artifact'}; an artifact holds only regular files inside its folder.` });
      actual.push({ path: f.path, sha256: '' });
      continue;
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(join(dir, f.path));
    } catch {
      errors.push({ code: 'verify.file_missing', message: `${f.path} is listed in ${RECORD_FILE} but missing from the artifact.` });
      actual.push({ path: f.path, sha256: '' });
      continue;
    }
    const sha256 = sha256Hex(bytes);
    if (sha256 !== f.sha256) errors.push({ code: 'verify.file_changed', message: `${f.path} changed: its sha256 is ${sha256}, ${RECORD_FILE} records ${f.sha256}.` });
    actual.push({ path: f.path, sha256 });
  }
  const listed = new Set(record.files.map((f) => f.path));
  for (const { path } of onDisk) {
    if (path !== RECORD_FILE && !listed.has(path)) errors.push({ code: 'verify.file_extra', message: `${path} is in the artifact but not listed in ${RECORD_FILE}.` });
  }
  if (integrityOf(record.files) !== record.integrity) {
    errors.push({ code: 'verify.record_integrity', message: `${RECORD_FILE} records integrity ${record.integrity}, but its own file listing hashes to ${integrityOf(record.files)}: the record was edited.` });
  }
  return { record, integrity: integrityOf(actual), errors };
}

import type { ArtifactFile, ArtifactRecord } from '../types.js';
import { RECORD_FORMAT, byPathBytes, integrityOf, sha256Hex } from './hash.js';

/** The name of the artifact's own record; not one of its listed files. */
export const RECORD_FILE = 'artifact.json';

/** Builds artifact.json for the given files (path → bytes), in the format the kit writes. */
export function makeRecord(
  id: string,
  version: string,
  sourcePackage: string | null,
  contents: ReadonlyMap<string, Uint8Array>,
  build?: ArtifactRecord['build'],
): ArtifactRecord {
  const files: ArtifactFile[] = [...contents]
    .map(([path, bytes]) => ({ path, size: bytes.byteLength, sha256: sha256Hex(bytes) }))
    .sort(byPathBytes);
  return {
    artifact: RECORD_FORMAT,
    id,
    version,
    source: { package: sourcePackage },
    ...(build ? { build } : {}),
    files,
    integrity: integrityOf(files, RECORD_FORMAT),
  };
}

/** artifact.json's bytes: fixed key order, two-space indent, a final newline. */
export function serializeRecord(record: ArtifactRecord): string {
  const { artifact, id, version, source, build, files, integrity } = record;
  const ordered = {
    artifact,
    id,
    version,
    source: { package: source.package },
    ...(build ? { build: { sourcesContent: build.sourcesContent } } : {}),
    files: files.map(({ path, size, sha256 }) => ({ path, size, sha256 })),
    integrity,
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** Why artifact.json cannot be read: `verify.record_format` for a format this kit does not know, else unreadable. */
export interface RecordProblem {
  code: 'verify.record_unreadable' | 'verify.record_format';
  reason: string;
}

const SHA256 = /^[0-9a-f]{64}$/;

/** Reads artifact.json's text into a record, or says what is wrong with it. */
export function parseRecord(text: string): ArtifactRecord | RecordProblem {
  const unreadable = (reason: string): RecordProblem => ({ code: 'verify.record_unreadable', reason });
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return unreadable(`it is not JSON (${(err as Error).message})`);
  }
  const r = data as Partial<Omit<ArtifactRecord, 'artifact'>> & { artifact?: unknown };
  if (!r || typeof r !== 'object' || Array.isArray(r) || typeof r.artifact !== 'number')
    return unreadable('it is not an extkit artifact record (no numeric "artifact" format)');
  if (r.artifact !== 1 && r.artifact !== 2)
    return {
      code: 'verify.record_format',
      reason: `its format is "artifact": ${r.artifact}, and this extkit reads formats 1 and 2 only (a newer extkit wrote it: update extkit to read it)`,
    };
  if (typeof r.id !== 'string' || typeof r.version !== 'string' || typeof r.integrity !== 'string')
    return unreadable('it lacks "id", "version" or "integrity"');
  if (
    !Array.isArray(r.files) ||
    !r.files.every(
      (f) =>
        f &&
        typeof f.path === 'string' &&
        typeof f.sha256 === 'string' &&
        SHA256.test(f.sha256) &&
        typeof f.size === 'number',
    )
  ) {
    return unreadable('"files" is not a list of { path, size, sha256 (64 lowercase hex digits) }');
  }
  const pkg =
    r.source && typeof r.source === 'object' && typeof r.source.package === 'string' ? r.source.package : null;
  const build =
    r.build && typeof r.build === 'object' && typeof r.build.sourcesContent === 'boolean'
      ? { build: { sourcesContent: r.build.sourcesContent } }
      : {};
  return {
    artifact: r.artifact,
    id: r.id,
    version: r.version,
    source: { package: pkg },
    ...build,
    files: r.files.map(({ path, size, sha256 }) => ({ path, size, sha256 })),
    integrity: r.integrity,
  };
}

/** True when parseRecord answered a record. */
export const isRecord = (r: ArtifactRecord | RecordProblem): r is ArtifactRecord => !('reason' in r);

import type { ArtifactFile, ArtifactRecord } from '../types.js';
import { byPathBytes, integrityOf, sha256Hex } from './hash.js';

/** The name of the artifact's own record; not one of its listed files. */
export const RECORD_FILE = 'artifact.json';

/** Builds artifact.json for the given files (path → bytes). */
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
    artifact: 1,
    id,
    version,
    source: { package: sourcePackage },
    ...(build ? { build } : {}),
    files,
    integrity: integrityOf(files),
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

/** Reads artifact.json's text into a record, or says what is wrong with it. */
export function parseRecord(text: string): ArtifactRecord | string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    return `it is not JSON (${(err as Error).message})`;
  }
  const r = data as Partial<ArtifactRecord> | null;
  if (!r || typeof r !== 'object' || r.artifact !== 1) return 'it is not an extkit artifact record ("artifact": 1)';
  if (typeof r.id !== 'string' || typeof r.version !== 'string' || typeof r.integrity !== 'string')
    return 'it lacks "id", "version" or "integrity"';
  if (
    !Array.isArray(r.files) ||
    !r.files.every((f) => f && typeof f.path === 'string' && typeof f.sha256 === 'string' && typeof f.size === 'number')
  ) {
    return '"files" is not a list of { path, size, sha256 }';
  }
  const pkg =
    r.source && typeof r.source === 'object' && typeof r.source.package === 'string' ? r.source.package : null;
  const build =
    r.build && typeof r.build === 'object' && typeof r.build.sourcesContent === 'boolean'
      ? { build: { sourcesContent: r.build.sourcesContent } }
      : {};
  return {
    artifact: 1,
    id: r.id,
    version: r.version,
    source: { package: pkg },
    ...build,
    files: r.files,
    integrity: r.integrity,
  };
}

import { createHash } from 'node:crypto';
import type { ArtifactFile } from '../types.js';

/** Lowercase hex sha256 of some bytes. */
export function sha256Hex(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Orders paths by their UTF-8 bytes, the order the canonical listing uses. */
export function byPathBytes(a: { path: string }, b: { path: string }): number {
  return Buffer.compare(Buffer.from(a.path, 'utf8'), Buffer.from(b.path, 'utf8'));
}

/** The record formats this kit reads (`"artifact"` in artifact.json); each names its integrity's canonical form. */
export type RecordFormat = 1 | 2;
/** The format the build writes. */
export const RECORD_FORMAT: RecordFormat = 2;

type Listed = Pick<ArtifactFile, 'path' | 'sha256'>;

/**
 * The canonical listing the integrity covers (docs/artifacts.md), ordered by the paths'
 * UTF-8 bytes. Format 2: the JSON text of `[["<path>","<sha256 hex>"],...]` (JSON.stringify:
 * no space, every string quoted and escaped, so the text reads back as exactly one list).
 * Format 1 (records written before it): lines `<sha256 hex><two spaces><path>\n`, the
 * `sha256sum` format, unambiguous only while no path holds a line break; the path rule
 * (artifact/path.ts) refuses one wherever a path is read.
 */
export function canonicalListing(files: ReadonlyArray<Listed>, format: RecordFormat = RECORD_FORMAT): string {
  const sorted = [...files].sort(byPathBytes);
  if (format === 1) return sorted.map((f) => `${f.sha256}  ${f.path}\n`).join('');
  return JSON.stringify(sorted.map((f) => [f.path, f.sha256]));
}

/** The artifact's integrity: `sha256-` and the base64 sha256 of its canonical listing in `format`. */
export function integrityOf(files: ReadonlyArray<Listed>, format: RecordFormat = RECORD_FORMAT): string {
  return `sha256-${createHash('sha256').update(canonicalListing(files, format), 'utf8').digest('base64')}`;
}

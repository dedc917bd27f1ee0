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

/**
 * The canonical listing the integrity covers: one line `<sha256 hex><two spaces><path>\n`
 * per file, ordered by the path's UTF-8 bytes (the `sha256sum` format). docs/artifacts.md.
 */
export function canonicalListing(files: ReadonlyArray<Pick<ArtifactFile, 'path' | 'sha256'>>): string {
  return [...files]
    .sort(byPathBytes)
    .map((f) => `${f.sha256}  ${f.path}\n`)
    .join('');
}

/** The artifact's integrity: `sha256-` and the base64 sha256 of its canonical listing. */
export function integrityOf(files: ReadonlyArray<Pick<ArtifactFile, 'path' | 'sha256'>>): string {
  return `sha256-${createHash('sha256').update(canonicalListing(files), 'utf8').digest('base64')}`;
}

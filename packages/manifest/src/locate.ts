// Where a manifest is, and the publisher handle its package.json names.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface ManifestLocation {
  /** Absolute path of manifest.json. */
  manifestPath: string;
  /** The extension's folder: the manifest's folder. */
  dir: string;
}

/** Resolves a manifest file, or a folder holding manifest.json. Undefined when there is none. */
export function findManifest(target: string): ManifestLocation | undefined {
  const abs = resolve(target);
  const stat = statSync(abs, { throwIfNoEntry: false });
  if (!stat) return undefined;
  const manifestPath = stat.isDirectory() ? join(abs, 'manifest.json') : abs;
  const file = stat.isDirectory() ? statSync(manifestPath, { throwIfNoEntry: false }) : stat;
  if (!file?.isFile()) return undefined;
  return { manifestPath, dir: dirname(manifestPath) };
}

/** The handle in `"extkit": { "publisher": ... }` of the extension's package.json, if it has one. */
export function readPublisher(dir: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { extkit?: { publisher?: unknown } };
    const publisher = pkg?.extkit?.publisher;
    return typeof publisher === 'string' ? publisher : undefined;
  } catch {
    return undefined;
  }
}

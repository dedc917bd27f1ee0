import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { linkedStore } from './artifact/store.js';
import type { Contributor, Metafile } from './outputs.js';

/**
 * Where `--analyze` writes esbuild's metafile: beside the artifact folder, never inside
 * it (it is not part of the artifact): `<out>/<id>/<version>.meta.json`, or for a watch
 * build `<out>/.watch/<id>.meta.json`.
 */
export function analysisPath(out: string, id: string, version: string, watch = false): string {
  return watch ? join(out, '.watch', `${id}.meta.json`) : join(out, id, `${version}.meta.json`);
}

/** Writes the metafile beside the artifact (analyze it with esbuild's bundle analyzer) and returns the inputs by bytes. */
export async function writeAnalysis(
  out: string,
  id: string,
  version: string,
  watch: boolean,
  metafile: Metafile,
  inputs: Contributor[],
): Promise<{ metafile: string; inputs: Contributor[] } | null> {
  // Never through a symbolic link (the store step reports it); a store that cannot be written is reported there too.
  if (await linkedStore(out, id, watch ? ['.watch'] : [id])) return null;
  const file = analysisPath(out, id, version, watch);
  try {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(metafile, null, 2)}\n`);
  } catch {
    return null;
  }
  return { metafile: file, inputs };
}

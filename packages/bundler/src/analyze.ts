import { join } from 'node:path';
import { LinkRefusal, writeNoFollow } from './artifact/no-follow.js';
import { linkedStore } from './artifact/store.js';
import type { Contributor, Metafile } from './outputs.js';
import type { Diagnostic } from './types.js';

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
): Promise<{ metafile: string; inputs: Contributor[] } | { refused: Diagnostic } | null> {
  // A linked store or id folder is the store step's to report; a store that cannot be written is reported there too.
  if (await linkedStore(out, id, watch ? ['.watch'] : [id])) return null;
  const file = analysisPath(out, id, version, watch);
  try {
    await writeNoFollow(out, file, `${JSON.stringify(metafile, null, 2)}\n`);
  } catch (err) {
    if (err instanceof LinkRefusal)
      return { refused: { code: 'artifact.store_symlink', message: `The analysis was not written: ${err.message}` } };
    return null;
  }
  return { metafile: file, inputs };
}

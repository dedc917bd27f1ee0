// How `extkit build` and `extkit dev` keep a project's types current.
import { existsSync, watch } from 'node:fs';
import { join } from 'node:path';
import { writeTypes, type WriteTypesResult } from './write.js';

/** For a TypeScript project (a folder with tsconfig.json), writes its types; null for any other folder, which is left alone. */
export function refreshTypes(dir: string): WriteTypesResult | null {
  return existsSync(join(dir, 'tsconfig.json')) ? writeTypes(dir) : null;
}

/**
 * Refreshes the types now and whenever manifest.json changes (the folder is
 * watched, so editors that replace the file are seen); returns a stop function.
 */
export function watchTypes(dir: string): () => void {
  refreshTypes(dir);
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(dir, (_event, file) => {
    if (file !== 'manifest.json') return;
    clearTimeout(timer);
    timer = setTimeout(() => refreshTypes(dir), 20);
  });
  watcher.on('error', () => watcher.close());
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}

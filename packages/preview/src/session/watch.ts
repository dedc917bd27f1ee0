// The live loop's eyes: chokidar on the extension's folder. manifest.json and
// package.json re-validate; any other file may be a source, so it rebuilds
// (an unchanged bundle reloads nothing).
import { basename, dirname, relative, sep } from 'node:path';
import { watch } from 'chokidar';

export interface Watcher {
  close(): Promise<void>;
}

const IGNORED_DIRS = new Set(['node_modules', 'artifacts', 'dist', '.git', '.extkit-preview']);

/** Watches `dir` and calls `changed` with what to redo; resolves once the watcher is ready. */
export async function watchExtension(dir: string, changed: (what: 'manifest' | 'build') => void): Promise<Watcher> {
  const watcher = watch(dir, {
    ignoreInitial: true,
    ignored: (path: string) => relative(dir, path).split(sep).some((part) => IGNORED_DIRS.has(part)),
  });
  watcher.on('all', (_event, path) => {
    const atRoot = dirname(path) === dir;
    const name = basename(path);
    if (atRoot && name === 'manifest.json') changed('manifest');
    else if (atRoot && name === 'package.json') {
      changed('manifest');
      changed('build');
    } else changed('build');
  });
  await new Promise<void>((resolve, reject) => {
    watcher.once('ready', resolve);
    watcher.once('error', reject);
  });
  return { close: () => watcher.close() };
}

// The live loop's eyes: chokidar on the extension's folder. manifest.json and
// package.json re-validate; any other file may be a source, so it rebuilds
// (an unchanged bundle reloads nothing).
import { basename, dirname, relative, sep } from 'node:path';
import { watch } from 'chokidar';

export interface Watcher {
  close(): Promise<void>;
}

/** Past chokidar's 50 ms window in which later changes of the same file are dropped. */
const SETTLE_MS = 80;

const IGNORED_DIRS = new Set(['node_modules', 'artifacts', 'dist', '.git', '.extkit-preview']);

/** Watches `dir` and calls `changed` with what to redo; resolves once the watcher is ready. */
export async function watchExtension(dir: string, changed: (what: 'manifest' | 'build') => void): Promise<Watcher> {
  const watcher = watch(dir, {
    ignoreInitial: true,
    ignored: (path: string) => relative(dir, path).split(sep).some((part) => IGNORED_DIRS.has(part)),
  });
  // chokidar passes on the first change of a file and drops the others for 50 ms
  // (no trailing event), and the first can come between a save's truncate and
  // its write. So each burst is answered at once and once more after it settles;
  // a rebuild that finds the same bundle reloads nothing.
  const trailing = new Map<'manifest' | 'build', ReturnType<typeof setTimeout>>();
  const redo = (what: 'manifest' | 'build'): void => {
    changed(what);
    clearTimeout(trailing.get(what));
    trailing.set(what, setTimeout(() => changed(what), SETTLE_MS));
  };
  watcher.on('all', (_event, path) => {
    // Declaration files never reach the bundle: src/manifest.d.ts, which `extkit types`
    // rewrites on every manifest change, would otherwise trigger two rebuilds that change nothing.
    if (path.endsWith('.d.ts')) return;
    const atRoot = dirname(path) === dir;
    const name = basename(path);
    if (atRoot && name === 'manifest.json') redo('manifest');
    else if (atRoot && name === 'package.json') {
      redo('manifest');
      redo('build');
    } else redo('build');
  });
  await new Promise<void>((resolve, reject) => {
    watcher.once('ready', resolve);
    watcher.once('error', reject);
  });
  return {
    close: () => {
      for (const timer of trailing.values()) clearTimeout(timer);
      return watcher.close();
    },
  };
}

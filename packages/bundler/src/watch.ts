// `build --watch`: the whole build again on every save, into <out>/.watch/<id>
// (artifact/watch-store.ts), without the preview. Saves that arrive during a build are
// folded into one more build after it.
import { relative, resolve, sep } from 'node:path';
import { build } from './build.js';
import type { BuildOptions, BuildResult } from './types.js';

/** A running watch; `close()` stops it once the build in progress ends. */
export interface BuildWatcher {
  close(): Promise<void>;
}

const IGNORED = new Set(['node_modules', '.git', '.extkit-preview']);

/** Past chokidar's 50 ms window in which further changes of a file are dropped. */
const SETTLE_MS = 80;

/**
 * Builds the extension in `dir` now and again whenever a file in it changes,
 * calling `onBuild` with each result; the store's versions are never touched.
 * @example const w = await watchBuild('.', {}, (r) => console.log(r.ok)); await w.close();
 */
export async function watchBuild(
  dir: string,
  options: Omit<BuildOptions, 'watch'>,
  onBuild: (result: BuildResult) => void,
): Promise<BuildWatcher> {
  const root = resolve(dir);
  const out = resolve(root, options.out ?? 'artifacts');
  const { watch } = await import('chokidar');
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let last = '';
  const run = (): void => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = build(root, { ...options, watch: true })
      .then((result) => {
        // A save is answered at once and again once it settles; the same outcome twice is told once.
        const key = JSON.stringify([result.ok, result.artifact?.integrity, result.errors, result.warnings]);
        if (key !== last) onBuild(result);
        last = key;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const entryFile = (path: string): string => relative(root, path);
  const watcher = watch(root, {
    ignoreInitial: true,
    ignored: (path: string) => {
      const rel = entryFile(path);
      // The store and the bundle's own outputs change because of the build, never the other way round.
      return (
        rel.split(sep).some((part) => IGNORED.has(part)) ||
        path === out ||
        path.startsWith(out + sep) ||
        rel.endsWith('.d.ts')
      );
    },
  });
  let timer: NodeJS.Timeout | undefined;
  watcher.on('all', () => {
    run();
    clearTimeout(timer);
    timer = setTimeout(run, SETTLE_MS);
  });
  await new Promise<void>((ready, fail) => {
    watcher.once('ready', ready);
    watcher.once('error', fail);
  });
  run();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await watcher.close();
      await running;
    },
  };
}

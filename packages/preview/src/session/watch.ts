// The live loop's eyes: chokidar on the extension's folder. manifest.json and
// package.json re-validate; any other file may be a source, so it rebuilds
// (an unchanged bundle reloads nothing).
import { statSync, type Stats } from 'node:fs';
import { basename, dirname, relative, sep } from 'node:path';
import { watch } from 'chokidar';

export interface Watcher {
  close(): Promise<void>;
}

type Redo = 'manifest' | 'build';

/** Past chokidar's 50 ms window in which later changes of the same file are dropped. */
const SETTLE_MS = 80;

const IGNORED_DIRS = new Set(['node_modules', 'artifacts', 'dist', '.git', '.extkit-preview']);

/** What identifies one version of a file's content: a write after the stat changes at least one of these. */
const fingerprint = (s: Pick<Stats, 'ino' | 'size' | 'mtimeMs' | 'ctimeMs'>): string =>
  `${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;

function currentFingerprint(path: string): string {
  try {
    return fingerprint(statSync(path));
  } catch {
    return 'gone';
  }
}

/** Watches `dir` and calls `changed` with what to redo; resolves once the watcher is ready. */
export async function watchExtension(dir: string, changed: (what: Redo) => void): Promise<Watcher> {
  const watcher = watch(dir, {
    ignoreInitial: true,
    ignored: (path: string) =>
      relative(dir, path)
        .split(sep)
        .some((part) => IGNORED_DIRS.has(part)),
  });
  // chokidar passes on the first change of a file and drops the others for 50 ms
  // (no trailing event), and the first can come between a save's truncate and
  // its write. So each burst is answered at once and checked once more after it
  // settles: a changed file whose stat still matches the one chokidar reported
  // was not written again, so the first answer saw its final content and the
  // check costs a stat, not a second rebuild competing with the frames' reload.
  // A file chokidar saw empty is most likely that truncate: answering it at once
  // would build a bundle nobody wrote (esbuild only warns that an import from an
  // empty .ts file is undefined) and reload the frames with it, so that burst is
  // answered once, after it settles. A file emptied on purpose costs SETTLE_MS.
  // Other events (add, unlink, directories) are answered again unconditionally.
  const trailing = new Map<
    Redo,
    { timer: ReturnType<typeof setTimeout>; seen: Map<string, string | undefined>; owed: boolean }
  >();
  const redo = (what: Redo, path: string, seen: string | undefined, now: boolean): void => {
    const burst = trailing.get(what);
    const owed = (burst?.owed ?? false) || !now;
    if (!owed) changed(what);
    if (burst) clearTimeout(burst.timer);
    const paths = burst?.seen ?? new Map<string, string | undefined>();
    paths.set(path, seen);
    const timer = setTimeout(() => {
      trailing.delete(what);
      if (owed) return changed(what);
      for (const [p, print] of paths) if (print === undefined || currentFingerprint(p) !== print) return changed(what);
    }, SETTLE_MS);
    trailing.set(what, { timer, seen: paths, owed });
  };
  watcher.on('all', (event, path, stats) => {
    // Declaration files never reach the bundle: src/manifest.d.ts, which `extkit types`
    // rewrites on every manifest change, would otherwise trigger two rebuilds that change nothing.
    if (path.endsWith('.d.ts')) return;
    const seen = event === 'change' && stats ? fingerprint(stats) : undefined;
    const now = !((event === 'change' || event === 'add') && stats?.size === 0);
    const atRoot = dirname(path) === dir;
    const name = basename(path);
    if (atRoot && name === 'manifest.json') redo('manifest', path, seen, now);
    else if (atRoot && name === 'package.json') {
      redo('manifest', path, seen, now);
      redo('build', path, seen, now);
    } else redo('build', path, seen, now);
  });
  await new Promise<void>((resolve, reject) => {
    watcher.once('ready', resolve);
    watcher.once('error', reject);
  });
  return {
    close: () => {
      for (const { timer } of trailing.values()) clearTimeout(timer);
      return watcher.close();
    },
  };
}

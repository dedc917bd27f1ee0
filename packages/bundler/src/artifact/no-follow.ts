// Every write the kit makes into a store or a cache goes through here: never through a
// symbolic link, whether the link is the file itself or a folder on the way to it from
// the root the caller names (a cloned repository can carry either, and so can a folder a
// marketplace's answer names), and never into a file that a hard link shares with another
// folder (a write goes to a new file renamed over the name).
//
// On Linux each folder on the way is opened without following a link and the next name is
// looked up in the open folder (through /proc/self/fd, Node having no openat), so a folder
// swapped for a link after it was checked is never written through: the check and the
// write name the same folder. Elsewhere the folders are checked by path, then written.
import { randomBytes } from 'node:crypto';
import { constants, existsSync } from 'node:fs';
import { lstat, mkdir, open, readdir, readlink, rename, rm, rmdir, unlink, type FileHandle } from 'node:fs/promises';
import { basename, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** A write refused because a symbolic link is on its way: `path` is the link, `target` where it points. */
export class LinkRefusal extends Error {
  readonly path: string;
  readonly target: string;
  constructor(path: string, target: string, what = 'write') {
    super(
      `${path} is a symbolic link (to ${target}); extkit never writes through a link. Remove it, or replace it by a real ${what === 'write' ? 'file or folder' : what}, and run the command again.`,
    );
    this.name = 'LinkRefusal';
    this.path = path;
    this.target = target;
  }
}

/** A write refused because its path leaves the root it must stay in. */
export class OutsideRefusal extends Error {
  constructor(root: string, file: string) {
    super(`${file} is outside ${root}; extkit writes there only.`);
    this.name = 'OutsideRefusal';
  }
}

/** Throws LinkRefusal when `path` is a symbolic link; answers whether anything is there. */
export async function refuseLink(path: string): Promise<boolean> {
  const st = await lstat(path).catch(() => null);
  if (st?.isSymbolicLink()) throw new LinkRefusal(path, await readlink(path).catch(() => '(unreadable)'));
  return st !== null;
}

/** The parts of `file`'s path below `root` (the last is its name); throws OutsideRefusal when it is not below. */
function partsBelow(root: string, file: string): { base: string; parts: string[] } {
  const base = resolve(root);
  const rel = relative(base, resolve(file));
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) throw new OutsideRefusal(base, file);
  return { base, parts: rel.split(sep) };
}

/**
 * Makes sure every folder from `root` (itself included) down to `file`'s parent is a real
 * folder, creating the missing ones when `create`; throws LinkRefusal for a link and
 * OutsideRefusal when `file` is not below `root`.
 */
export async function folderInside(root: string, file: string, create = true): Promise<void> {
  const folder = await openFolder(root, file, create);
  await folder?.close();
}

const PINNED = process.platform === 'linux' && existsSync('/proc/self/fd');
const FOLDER = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

/** `file`'s parent folder, checked from `root` down: `at(name)` names an entry of that very folder. */
interface Folder {
  at(name: string): string;
  close(): Promise<void>;
}

/** Opens one folder without following a link (`shown` is its path for a message), creating it when `create`. */
async function openOne(path: string, shown: string, create: boolean): Promise<FileHandle | null> {
  for (let tries = 0; ; tries++) {
    try {
      return await open(path, FOLDER);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' && create && tries < 2) {
        await mkdir(path).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'EEXIST') throw e;
        });
        continue;
      }
      if (code === 'ENOENT' && !create) return null;
      const st = await lstat(path).catch(() => null);
      if (st?.isSymbolicLink()) throw new LinkRefusal(shown, await readlink(path).catch(() => '(unreadable)'));
      throw relabel(err, path, shown);
    }
  }
}

/**
 * Opens `file`'s parent below `root`, each folder checked as it is opened; null when one is
 * missing and not `create`. Throws LinkRefusal for a link on the way, OutsideRefusal when
 * `file` is not below `root`.
 */
async function openFolder(root: string, file: string, create: boolean): Promise<Folder | null> {
  const { base, parts } = partsBelow(root, file);
  const folders = parts.slice(0, -1);
  if (!PINNED) {
    let dir = base;
    if (!(await refuseLink(dir))) {
      if (!create) return null;
      await mkdir(dir, { recursive: true });
    }
    for (const part of folders) {
      dir = join(dir, part);
      if (await refuseLink(dir)) continue;
      if (!create) return null;
      await mkdir(dir).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err;
      });
      await refuseLink(dir); // made by someone else meanwhile: still never a link
    }
    const parent = dir;
    return { at: (name) => join(parent, name), close: async () => {} };
  }
  if (create && !(await refuseLink(base))) await mkdir(base, { recursive: true });
  let handle = await openOne(base, base, create);
  let shown = base;
  for (const part of folders) {
    if (!handle) return null;
    shown = join(shown, part);
    const parent: FileHandle = handle;
    try {
      handle = await openOne(`/proc/self/fd/${parent.fd}/${part}`, shown, create);
    } finally {
      await parent.close();
    }
  }
  if (!handle) return null;
  const fd = handle.fd;
  const opened = handle;
  return { at: (name) => `/proc/self/fd/${fd}/${name}`, close: () => opened.close() };
}

/** Throws LinkRefusal when the entry `at` (shown as `path`) is a link; answers whether anything is there. */
async function refuseLinkAt(at: string, path: string): Promise<boolean> {
  const st = await lstat(at).catch(() => null);
  if (st?.isSymbolicLink()) throw new LinkRefusal(path, await readlink(at).catch(() => '(unreadable)'));
  return st !== null;
}

/** An error about an entry of the open folder, naming the path a person knows. */
function relabel(err: unknown, at: string, path: string): unknown {
  if (err instanceof Error && typeof (err as NodeJS.ErrnoException).path === 'string') {
    err.message = err.message.split(at).join(path);
    (err as NodeJS.ErrnoException).path = path;
  }
  return err;
}

/**
 * Writes `data` to `file`, which must lie below `root`, never through a symbolic link: no
 * folder from `root` down is a link, nor is the file. The bytes go to a new file (O_EXCL,
 * O_NOFOLLOW) renamed over the name, so a hard link there keeps its other file unchanged and
 * no reader sees half a file. `exclusive` instead creates the file itself and refuses one
 * that exists (O_EXCL).
 * @example await writeNoFollow(out, join(out, id, `${version}.meta.json`), text)
 */
export async function writeNoFollow(
  root: string,
  file: string,
  data: string | Uint8Array,
  options: { exclusive?: boolean; mode?: number } = {},
): Promise<void> {
  const folder = (await openFolder(root, file, true))!;
  const name = basename(file);
  const target = folder.at(name);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  try {
    if (!options.exclusive) await refuseLinkAt(target, file);
    const temp = options.exclusive ? target : folder.at(`.${name}.${randomBytes(6).toString('hex')}.tmp`);
    let handle;
    try {
      handle = await open(temp, flags, options.mode ?? 0o644);
    } catch (err) {
      // EEXIST (O_EXCL) or ELOOP (O_NOFOLLOW): say so when a link is what is there.
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ELOOP' || code === 'EEXIST') await refuseLinkAt(target, file);
      throw relabel(err, target, file);
    }
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
    if (temp !== target)
      await rename(temp, target).catch(async (err: unknown) => {
        await rm(temp, { force: true });
        throw relabel(err, target, file);
      });
  } finally {
    await folder.close();
  }
}

/**
 * Reads `file`, which must lie below `root`, never through a symbolic link (the same checks
 * as writeNoFollow: no folder on the way, nor the file, may be a link).
 */
export async function readNoFollow(root: string, file: string): Promise<Buffer> {
  const folder = await openFolder(root, file, false);
  if (!folder) {
    const err: NodeJS.ErrnoException = new Error(`ENOENT: no such file or directory, open '${file}'`);
    err.code = 'ENOENT';
    err.path = file;
    throw err;
  }
  const target = folder.at(basename(file));
  try {
    let handle;
    try {
      handle = await open(target, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ELOOP') await refuseLinkAt(target, file);
      throw relabel(err, target, file);
    }
    try {
      return await handle.readFile();
    } finally {
      await handle.close();
    }
  } finally {
    await folder.close();
  }
}

/** Empties the open folder `dir` (a handle): each entry looked up in it, each sub-folder opened without following a link. */
async function emptyPinned(dir: FileHandle): Promise<void> {
  const here = `/proc/self/fd/${dir.fd}`;
  for (const name of await readdir(here)) {
    const entry = `${here}/${name}`;
    const st = await lstat(entry).catch(() => null);
    if (!st) continue;
    if (!st.isDirectory()) {
      await unlink(entry).catch(ignoreGone);
      continue;
    }
    const sub = await open(entry, FOLDER).catch(() => null);
    // Swapped for a link (or a file) since the lstat: it is removed as what it is now, never followed.
    if (!sub) {
      await unlink(entry).catch(ignoreGone);
      continue;
    }
    try {
      await emptyPinned(sub);
    } finally {
      await sub.close();
    }
    await rmdir(entry).catch(ignoreGone);
  }
}

const ignoreGone = (err: NodeJS.ErrnoException): void => {
  if (err.code !== 'ENOENT') throw err;
};

/**
 * Removes `path` (a file, a link or a folder with all it holds), which must lie below `root`,
 * never through a symbolic link: no folder from `root` down to it may be one, a link at
 * `path` or inside it is removed itself, never followed, and on Linux every folder is emptied
 * through a handle opened without following a link, so one swapped for a link meanwhile by
 * another process removes nothing elsewhere.
 */
export async function removeNoFollow(root: string, path: string): Promise<void> {
  const folder = await openFolder(root, path, false);
  if (!folder) return;
  const target = folder.at(basename(path));
  try {
    if (!PINNED) return void (await rm(target, { recursive: true, force: true }));
    const st = await lstat(target).catch(() => null);
    if (!st) return;
    if (!st.isDirectory()) return void (await unlink(target).catch(ignoreGone));
    const dir = await open(target, FOLDER).catch(() => null);
    if (!dir) return void (await unlink(target).catch(ignoreGone));
    try {
      await emptyPinned(dir);
    } finally {
      await dir.close();
    }
    await rmdir(target).catch(ignoreGone);
  } finally {
    await folder.close();
  }
}

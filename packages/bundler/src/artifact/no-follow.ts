// Every write the kit makes into a store or a cache goes through here: never through a
// symbolic link, whether the link is the file itself or a folder on the way to it from
// the root the caller names (a cloned repository can carry either, and so can a folder a
// marketplace's answer names).
import { constants } from 'node:fs';
import { lstat, mkdir, open, readlink } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

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

/**
 * Makes sure every folder from `root` (itself included) down to `file`'s parent is a real
 * folder, creating the missing ones when `create`; throws LinkRefusal for a link and
 * OutsideRefusal when `file` is not below `root`.
 */
export async function folderInside(root: string, file: string, create = true): Promise<void> {
  const base = resolve(root);
  const rel = relative(base, resolve(file));
  if (rel === '' || rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) throw new OutsideRefusal(base, file);
  const parts = rel.split(sep).slice(0, -1);
  let dir = base;
  if (!(await refuseLink(dir)) && create) await mkdir(dir, { recursive: true });
  for (const part of parts) {
    dir = join(dir, part);
    if (await refuseLink(dir)) continue;
    if (!create) return;
    await mkdir(dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'EEXIST') throw err;
    });
    await refuseLink(dir); // made by someone else meanwhile: still never a link
  }
}

/**
 * Writes `data` to `file`, which must lie below `root`, never through a symbolic link: no
 * folder from `root` down is a link, and the file is opened with O_NOFOLLOW (a link there
 * fails the open). `exclusive` also refuses a file that exists (O_EXCL).
 * @example await writeNoFollow(out, join(out, id, `${version}.meta.json`), text)
 */
export async function writeNoFollow(
  root: string,
  file: string,
  data: string | Uint8Array,
  options: { exclusive?: boolean; mode?: number } = {},
): Promise<void> {
  await folderInside(root, file);
  const flags =
    constants.O_WRONLY |
    constants.O_CREAT |
    constants.O_NOFOLLOW |
    (options.exclusive ? constants.O_EXCL : constants.O_TRUNC);
  let handle;
  try {
    handle = await open(file, flags, options.mode ?? 0o644);
  } catch (err) {
    // ELOOP: O_NOFOLLOW met a link; EEXIST with O_EXCL may be a link too.
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EEXIST') await refuseLink(file);
    throw err;
  }
  try {
    await handle.writeFile(data);
  } finally {
    await handle.close();
  }
}

/**
 * Reads `file`, which must lie below `root`, never through a symbolic link (the same checks
 * as writeNoFollow: no folder on the way, nor the file, may be a link).
 */
export async function readNoFollow(root: string, file: string): Promise<Buffer> {
  await folderInside(root, file, false);
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOOP') await refuseLink(file);
    throw err;
  }
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

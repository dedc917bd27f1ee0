// An exclusive lock on an artifact store, held around the store's check and its
// write: without it two builds can both pass the version-order or rename check
// and both write. The lock is a file created atomically (a complete temporary file
// hard-linked to the lock's name, which fails if the name exists), naming its holder.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import { link, readFile, rm, stat } from 'node:fs/promises';
import { LinkRefusal, refuseLink, writeNoFollow } from './no-follow.js';

/** The lock file's name inside the store. */
export const LOCK_FILE = '.extkit-store.lock';

/** A lock older than this is stale whoever holds it: a build holds it well under a second. */
export const STALE_LOCK_MS = 10 * 60_000;

/** Who holds a lock, as its file says. */
export interface LockHolder {
  pid: number;
  host: string;
  /** When it was taken, ms since the epoch. */
  at: number;
  token: string;
}

/** The lock could not be taken in time: who holds it and for how long. */
export interface LockBusy {
  file: string;
  holder: LockHolder | null;
  ageMs: number;
}

function parseHolder(text: string): LockHolder | null {
  try {
    const h = JSON.parse(text) as Partial<LockHolder>;
    return typeof h.pid === 'number' &&
      typeof h.host === 'string' &&
      typeof h.at === 'number' &&
      typeof h.token === 'string'
      ? (h as LockHolder)
      : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Stale: its holder is a process of this machine that no longer runs, or it is older than STALE_LOCK_MS. */
function isStale(holder: LockHolder | null, ageMs: number): boolean {
  if (ageMs > STALE_LOCK_MS) return true;
  return holder !== null && holder.host === hostname() && !alive(holder.pid);
}

/**
 * Removes the lock judged stale, if it is still that lock. Breakers take turns on a
 * guard file, so that between the re-read and the removal no other breaker can free
 * the name for a third build: a holder that released it meanwhile and a new holder
 * that took it are never removed.
 */
async function breakLock(file: string, seen: string): Promise<void> {
  const guard = `${file}.break`;
  try {
    await writeNoFollow(dirname(file), guard, `${process.pid}\n`, { exclusive: true });
  } catch (err) {
    if (err instanceof LinkRefusal) throw err;
    // Another build is breaking it; a guard left by a breaker that was killed is removed once it is clearly old.
    const st = await stat(guard).catch(() => null);
    if (st && Date.now() - st.mtimeMs > 10_000) await rm(guard, { force: true });
    return;
  }
  try {
    if ((await readFile(file, 'utf8').catch(() => null)) === seen) await rm(file, { force: true });
  } finally {
    await rm(guard, { force: true });
  }
}

/**
 * Runs `fn` holding the exclusive lock of the store folder `dir` (which must exist),
 * waiting up to `waitMs` for another holder and recovering a stale lock; returns
 * `{ busy }` when the lock stays taken.
 */
export async function withStoreLock<T>(
  dir: string,
  fn: () => Promise<T>,
  waitMs = 15_000,
): Promise<{ value: T } | { busy: LockBusy }> {
  const file = join(dir, LOCK_FILE);
  const holder: LockHolder = {
    pid: process.pid,
    host: hostname(),
    at: Date.now(),
    token: randomBytes(8).toString('hex'),
  };
  const mine = `${JSON.stringify(holder)}\n`;
  const draft = `${file}.${holder.token}`;
  await writeNoFollow(dir, draft, mine, { exclusive: true });
  const deadline = Date.now() + waitMs;
  let busy: LockBusy;
  try {
    for (let delay = 5; ; delay = Math.min(delay * 2, 200)) {
      try {
        await link(draft, file);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      // A link planted at the lock's name is nobody's lock: refused at once, never read or removed.
      await refuseLink(file);
      const seen = await readFile(file, 'utf8').catch(() => null);
      if (seen === null) continue; // released between our attempt and the read
      const other = parseHolder(seen);
      const ageMs =
        Date.now() -
        (other?.at ??
          (await stat(file).then(
            (s) => s.mtimeMs,
            () => Date.now(),
          )));
      busy = { file, holder: other, ageMs };
      if (isStale(other, ageMs)) await breakLock(file, seen);
      else if (Date.now() >= deadline) return { busy };
      await new Promise((r) => setTimeout(r, delay));
    }
  } finally {
    await rm(draft, { force: true });
  }
  try {
    return { value: await fn() };
  } finally {
    // Released only if it is still ours (a holder judged stale may have lost it).
    if ((await readFile(file, 'utf8').catch(() => null)) === mine) await rm(file, { force: true });
  }
}

// Which versions of the store this project has published (issue 31, "Immutability where it
// matters"): a version is immutable once published; before that the store's copy is the
// developer's draft, which a build of changed source replaces. `extkit publish` records a
// version here when the marketplace takes it: `<out>/<id>/.published/<version>.json`, beside
// the versions (the store lists no folder starting with a dot), written whole by a rename.
import { randomBytes } from 'node:crypto';
import { readFile, rename } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { refuseLink, writeNoFollow } from './no-follow.js';

export interface PublishedMark {
  version: string;
  integrity: string;
  /** Where it was published: the marketplace's origin and the listing. */
  marketplace: string;
  listing: string;
  at: string;
}

const markFile = (out: string, id: string, version: string): string => join(out, id, '.published', `${version}.json`);

/** The record of `id@version`'s publish from this store, or null when it was never published from here. */
export async function publishedMark(out: string, id: string, version: string): Promise<PublishedMark | null> {
  try {
    const data = JSON.parse(await readFile(markFile(out, id, version), 'utf8')) as PublishedMark;
    return typeof data?.integrity === 'string' ? data : null;
  } catch {
    return null;
  }
}

/**
 * Records that the artifact in `dir` (`<out>/<id>/<version>`) was published: from now on a
 * build of other content under that version is refused, as the marketplace refuses it.
 * @example await markPublished('artifacts/hello-card/0.1.0', { integrity, marketplace, listing })
 */
export async function markPublished(
  dir: string,
  info: { integrity: string; marketplace: string; listing: string },
): Promise<void> {
  const version = basename(dir);
  const idDir = dirname(dir);
  const out = dirname(idDir);
  const file = markFile(out, basename(idDir), version);
  const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const mark: PublishedMark = { version, ...info, at: new Date().toISOString() };
  // Never through a link (artifact/no-follow.ts), and whole: written aside, then renamed over.
  await writeNoFollow(out, tmp, `${JSON.stringify(mark, null, 2)}\n`, { exclusive: true });
  await refuseLink(file);
  await rename(tmp, file);
}

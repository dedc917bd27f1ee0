// `extkit validate --fix` on a file: read once, fixed as text (a byte order mark kept aside and
// put back), and written whole: a temporary file beside the real one (a symbolic link is
// followed to the file it names, and the link stays), with the file's mode, renamed over it
// only if the file is still what was read. A file that is not UTF-8, or not JSON, is left alone.
import { randomBytes } from 'node:crypto';
import { chmod, readFile, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { validateManifestText } from '../parse.js';
import type { ValidateOptions } from '../validate.js';
import { fixManifestText, type FixResult } from './fix.js';

export interface FixFileResult extends FixResult {
  /** The file written (a link's target), when anything was. */
  written: string | null;
  /** The file's text as read (without a byte order mark): what `edits` apply to. */
  original: string;
}

const BOM = '\ufeff';

/**
 * Fixes the manifest file at `path` (see fixManifestText); with `write: false`, says what it
 * would change and writes nothing. Throws for a file that changed while it was being fixed.
 * @example const r = await fixManifestFile('manifest.json', { publisher: 'acme' }, { write: true })
 */
export async function fixManifestFile(
  path: string,
  options: ValidateOptions = {},
  how: { write: boolean } = { write: true },
): Promise<FixFileResult> {
  const file = await realpath(path);
  const bytes = await readFile(file);
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // Not UTF-8: the validator says so (json.invalid_utf8); nothing is fixed or written.
    const { report } = validateManifestText(bytes, options);
    return { text: '', fixes: [], suggestions: [], edits: [], report, written: null, original: '' };
  }
  const bom = decoded.startsWith(BOM);
  const text = bom ? decoded.slice(1) : decoded;
  const result = fixManifestText(text, options);
  if (!how.write || result.fixes.length === 0) return { ...result, written: null, original: text };
  const tmp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(tmp, (bom ? BOM : '') + result.text, { flag: 'wx' });
    await chmod(tmp, (await stat(file)).mode & 0o7777);
    // Another writer (an editor saving) between the read and now: its bytes win, ours are dropped.
    if (!(await readFile(file)).equals(bytes))
      throw new Error(
        `${path} changed while it was being fixed; nothing was written. Run extkit validate --fix again.`,
      );
    await rename(tmp, file);
  } finally {
    await rm(tmp, { force: true });
  }
  return { ...result, written: file, original: text };
}

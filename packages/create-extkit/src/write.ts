// Writing a project: copy the template into a temporary folder beside the
// target, rewrite it there, then rename it into place, so that a failure half
// way leaves nothing behind.
import {
  copyFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, relative, sep } from 'node:path';
import { writeTypes } from '@extkit/manifest';
import {
  pointSchema,
  rewriteCommands,
  rewritePackageJson,
  rewriteText,
  textKind,
  type CommandRunner,
  type Identity,
} from './rewrite.js';

/** Folders of a template that are never copied: what its install, build and preview produce. */
const SKIP = new Set(['node_modules', 'artifacts', 'dist', '.extkit']);
/** npm drops .gitignore from published packages, so templates carry it as _gitignore (as create-vite does). */
const RENAME: Record<string, string> = { _gitignore: '.gitignore' };
export const SCHEMA_COPY = 'manifest.schema.json';

function filesOf(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name)) return [];
    const abs = join(dir, e.name);
    return e.isDirectory() ? filesOf(root, abs) : [relative(root, abs).split(sep).join('/')];
  });
}

/** Copies and rewrites the template into a new folder `target` atomically; returns the files written. */
export function writeProject(
  templateDir: string,
  target: string,
  from: Identity,
  to: Identity,
  kitVersion: string,
  schema: string,
  pm: CommandRunner = 'npm',
): string[] {
  removeStaleTemps(target);
  const temp = join(dirname(target), `${tempPrefix(target)}${randomBytes(4).toString('hex')}`);
  mkdirSync(temp, { recursive: true });
  try {
    const written: string[] = [];
    for (const file of filesOf(templateDir)) {
      const out = file
        .split('/')
        .map((part) => RENAME[part] ?? part)
        .join('/');
      const kind = textKind(file);
      mkdirSync(dirname(join(temp, out)), { recursive: true });
      if (kind === null) copyFileSync(join(templateDir, file), join(temp, out));
      else {
        let text = readFileSync(join(templateDir, file), 'utf8');
        if (file === 'package.json') text = rewritePackageJson(text, to, kitVersion);
        else text = rewriteText(text, from, to, kind);
        if (file === 'manifest.json') text = pointSchema(text, `./${SCHEMA_COPY}`);
        if (file === 'README.md') text = rewriteCommands(text, pm);
        writeFileSync(join(temp, out), text);
      }
      written.push(out);
    }
    copyFileSync(schema, join(temp, SCHEMA_COPY));
    written.push(SCHEMA_COPY);
    const types = writeTypes(temp);
    if (!types.ok)
      throw new Error(`the template's manifest could not be typed: ${types.errors.map((e) => e.message).join('; ')}`);
    const typesFile = relative(temp, types.file).split(sep).join('/');
    if (!written.includes(typesFile)) written.push(typesFile);
    place(temp, target);
    return written.sort();
  } catch (err) {
    rmSync(temp, { recursive: true, force: true });
    throw err;
  }
}

const tempPrefix = (target: string): string => `.${basename(target)}.extkit-create-`;
/** A temporary folder this old was left by a create that was killed (SIGKILL, power loss): no live create takes a minute. */
const STALE_MS = 60_000;

/** Removes what killed creates of the same target left beside it. */
function removeStaleTemps(target: string): void {
  const parent = dirname(target);
  const prefix = tempPrefix(target);
  let entries: string[];
  try {
    entries = readdirSync(parent).filter(
      (name) => name.startsWith(prefix) && /^[0-9a-f]{8}$/.test(name.slice(prefix.length)),
    );
  } catch {
    return; // no parent folder yet: nothing was left here
  }
  for (const name of entries) {
    const stat = statSync(join(parent, name), { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > STALE_MS) rmSync(join(parent, name), { recursive: true, force: true });
  }
}

/** Renames `temp` to `target`; an empty `target` folder is replaced. */
function place(temp: string, target: string): void {
  try {
    renameSync(temp, target);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST' && code !== 'ENOTEMPTY' && code !== 'EPERM' && code !== 'EISDIR') throw err;
    rmdirSync(target); // only ever empty here: create refused a non-empty one
    renameSync(temp, target);
  }
}

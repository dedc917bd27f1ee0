// The settings panel's values in development, kept across reloads and restarts of `extkit dev` in a
// file of the project's own (default .extkit/settings.local.json): never read by the build, so
// never in an artifact, and git-ignored by every template (.extkit/). A key pasted into a string
// field, or issued by the preview's "development key" control, lives here and nowhere else.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The file's default place in the project. */
export const LOCAL_SETTINGS = join('.extkit', 'settings.local.json');
/** At most this many values, and this many bytes of JSON: a settings form, not a store. */
export const MAX_LOCAL_VALUES = 200;
export const MAX_LOCAL_BYTES = 64 * 1024;

export type LocalValues = Record<string, string | number | boolean>;

/** Why `value` is not a set of settings values, or undefined when it is (an object of strings, numbers and booleans). */
export function localValuesProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'the values are not an object';
  const entries = Object.entries(value);
  if (entries.length > MAX_LOCAL_VALUES) return `more than ${MAX_LOCAL_VALUES} values`;
  for (const [key, v] of entries) {
    if (key.length === 0 || key.length > 200) return `the key ${JSON.stringify(key.slice(0, 40))} is empty or too long`;
    if (!['string', 'number', 'boolean'].includes(typeof v) || (typeof v === 'number' && !Number.isFinite(v)))
      return `${JSON.stringify(key)} is not a string, a finite number or a boolean`;
  }
  if (JSON.stringify(value).length > MAX_LOCAL_BYTES) return `over ${MAX_LOCAL_BYTES / 1024} KB`;
  return undefined;
}

/** Reads the values; a missing file has none, an unreadable or malformed one is reported and read as none (and kept until saved over). */
export function readLocalSettings(file: string): { values: LocalValues; problem?: string } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ENOENT'
      ? { values: {} }
      : { values: {}, problem: `cannot read ${file}: ${(err as Error).message}` };
  }
  try {
    const parsed = (JSON.parse(text) as { values?: unknown }).values;
    const problem = localValuesProblem(parsed);
    if (problem === undefined) return { values: { ...(parsed as LocalValues) } };
    return { values: {}, problem: `${file} was not used: ${problem}` };
  } catch (err) {
    return { values: {}, problem: `${file} was not used: it is not JSON (${(err as Error).message})` };
  }
}

/** Writes the values whole (a temporary file, then a rename), so a crash leaves the old file or the new one. */
export function writeLocalSettings(file: string, values: LocalValues): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  const note = 'extkit dev: the settings panel, kept across restarts. Never part of an artifact; git-ignored.';
  writeFileSync(temporary, `${JSON.stringify({ note, values }, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

// Flag checks shared by the commands: each failure is a usage error (exit 2).
import { statSync } from 'node:fs';
import { UsageError } from './errors.js';

/** Parses a flag that must be a positive integer, or says so as a usage error. */
export function positiveInt(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(value))
    throw new UsageError('flag.invalid', `${flag} must be a positive whole number, got ${JSON.stringify(value)}`);
  return Number(value);
}

/** Throws a usage error unless `path` is a folder. */
export function requireDir(path: string, what: string): void {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new UsageError('path.not_found', `no such ${what}: ${path}`);
  }
  if (!isDir) throw new UsageError('path.not_a_folder', `${path} is not a folder; give the ${what}`);
}

/** Throws a usage error unless a given --publisher is a kebab-case handle. */
export async function requirePublisher(publisher: string | undefined): Promise<void> {
  if (publisher === undefined) return;
  const { isKebabCase } = await import('@extkit/manifest');
  if (!isKebabCase(publisher))
    throw new UsageError(
      'publisher.invalid',
      `--publisher ${JSON.stringify(publisher)} is not a kebab-case handle (e.g. "acme")`,
    );
}

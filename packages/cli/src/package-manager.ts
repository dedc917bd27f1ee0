// The package manager of the user's project, to name the exact command that installs what is missing.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PackageManager } from 'create-extkit';

const lockfiles: [string, PackageManager][] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['package-lock.json', 'npm'],
];

/** The project's package manager: its lockfile's, found walking up from `cwd`; else the one that ran us (npm_config_user_agent); else npm. */
export async function projectPackageManager(
  cwd = process.cwd(),
  userAgent = process.env['npm_config_user_agent'],
): Promise<PackageManager> {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const found = lockfiles.find(([file]) => existsSync(join(dir, file)));
    if (found) return found[1];
    if (dirname(dir) === dir) break;
  }
  const { packageManager } = await import('create-extkit');
  return packageManager(userAgent);
}

/**
 * `name` at the versions `range` allows, written so no shell reads a character of it (`^` is an
 * escape in cmd.exe): `^0.5.16` gives `name@0.5`, `^8.23.1` gives `name@8`. The newest release
 * of that line satisfies the range whenever one that does exists.
 */
export function installSpec(name: string, range: string): string {
  const caret = /^\^(\d+)\.(\d+)\.\d+$/.exec(range);
  if (!caret) return /^[\w.-]+$/.test(range) ? `${name}@${range}` : name;
  return `${name}@${caret[1] === '0' ? `0.${caret[2]}` : caret[1]}`;
}

/** The command that adds `spec` to the project's development dependencies. */
export function addDevCommand(pm: PackageManager, spec: string): string {
  return pm === 'npm' ? `npm install --save-dev ${spec}` : `${pm} add -D ${spec}`;
}

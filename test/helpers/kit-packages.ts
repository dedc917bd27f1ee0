// The kit's publishable packages, discovered (never listed): every packages/* whose
// package.json is not private, so a package added to the kit is checked and published too.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { basename, isAbsolute, join } from 'node:path';
import { repoRoot } from './cli.js';
import { exec } from './exec.js';

export interface KitPackage {
  /** The folder name under packages/, e.g. "cli". */
  folder: string;
  dir: string;
  name: string;
  version: string;
  manifest: PackageJson;
}

export interface PackageJson {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  keywords?: string[];
  engines?: Record<string, string>;
  repository?: { type?: string; url?: string; directory?: string };
  exports?: Record<string, string | { types?: string; default?: string }>;
  bin?: Record<string, string>;
  files?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export function kitPackages(): KitPackage[] {
  const root = join(repoRoot, 'packages');
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(root, e.name, 'package.json')))
    .map((e) => {
      const dir = join(root, e.name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
      return { folder: e.name, dir, name: manifest.name, version: manifest.version, manifest };
    })
    .filter((p) => !p.manifest.private)
    .sort((a, b) => a.name.localeCompare(b.name));
}

export interface Packed extends KitPackage {
  /** Absolute path of the tarball `pnpm pack` wrote. */
  tarball: string;
}

/** Packs every kit package with `pnpm pack` (as `pnpm publish` would), into `dest`. */
export async function packKit(dest: string): Promise<Packed[]> {
  return Promise.all(
    kitPackages().map(async (pkg) => {
      const r = await exec('pnpm', ['pack', '--pack-destination', dest, '--json'], {
        cwd: pkg.dir,
        timeoutMs: 120_000,
      });
      if (r.status !== 0) throw new Error(`pnpm pack in ${pkg.dir} failed:\n${r.stdout}${r.stderr}`);
      const { filename } = JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))) as { filename: string };
      return { ...pkg, tarball: isAbsolute(filename) ? filename : join(dest, basename(filename)) };
    }),
  );
}

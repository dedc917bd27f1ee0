// The same project installed by npm, by pnpm, and inside a pnpm workspace gives
// byte-identical artifacts: the integrity depends on what is bundled, not on where
// the package manager put it. The layouts are made offline from a package already
// in this repository's pnpm store (semver), exactly as each manager lays it out.
import { cpSync, mkdirSync, readFileSync, readdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir } from './helpers/cli.js';

const tmp = tempDir('extkit-layouts-');
afterAll(tmp.cleanup);

const semverDir = realpathSync(
  dirname(createRequire(join(repoRoot, 'packages/bundler/package.json')).resolve('semver/package.json')),
);
const semverVersion = (JSON.parse(readFileSync(join(semverDir, 'package.json'), 'utf8')) as { version: string })
  .version;

function extension(dir: string): void {
  cpSync(join(repoRoot, 'test/fixtures/build-basic'), dir, { recursive: true });
  const index = join(dir, 'src/index.ts');
  writeFileSync(
    index,
    `import compare from 'semver/functions/compare.js';\n${readFileSync(index, 'utf8')}\nexport const newer = compare('1.2.0', '1.10.0');\n`,
  );
}

function link(target: string, at: string): void {
  mkdirSync(dirname(at), { recursive: true });
  symlinkSync(relative(dirname(at), target), at);
}

const pnpmPath = (root: string) => join(root, 'node_modules/.pnpm', `semver@${semverVersion}`, 'node_modules/semver');

const layouts: Record<string, (base: string) => string> = {
  npm: (base) => {
    const ext = join(base, 'ext');
    extension(ext);
    cpSync(semverDir, join(ext, 'node_modules/semver'), { recursive: true });
    return ext;
  },
  pnpm: (base) => {
    const ext = join(base, 'some/deeper/ext');
    extension(ext);
    cpSync(semverDir, pnpmPath(ext), { recursive: true });
    link(pnpmPath(ext), join(ext, 'node_modules/semver'));
    return ext;
  },
  workspace: (base) => {
    writeFileSync(join(base, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n');
    const ext = join(base, 'packages/order-map');
    extension(ext);
    cpSync(semverDir, pnpmPath(base), { recursive: true });
    link(pnpmPath(base), join(ext, 'node_modules/semver'));
    return ext;
  },
};

function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (e.isFile()) out[relative(dir, join(e.parentPath, e.name))] = readFileSync(join(e.parentPath, e.name), 'base64');
  return out;
}

describe('extkit build: reproducible wherever node_modules lives', () => {
  it('npm, pnpm and a workspace layout of one project give byte-identical artifacts', () => {
    const built = Object.entries(layouts).map(([name, make]) => {
      const base = join(tmp.dir, name);
      mkdirSync(base, { recursive: true });
      const ext = make(base);
      const r = runCli(['build', ext, '--json']);
      expect(r.status, `${name}: ${r.stdout}`).toBe(0);
      const result = JSON.parse(r.stdout) as { artifact: { dir: string; integrity: string } };
      return { name, ...result.artifact };
    });
    const [first, ...rest] = built;
    const map = JSON.parse(readFileSync(join(first!.dir, 'dist/order-map.js.map'), 'utf8')) as { sources: string[] };
    expect(map.sources).toContain(`semver@${semverVersion}/functions/compare.js`);
    expect(map.sources).toContain('../src/index.ts');
    expect(map.sources.every((s) => !s.includes('node_modules'))).toBe(true);
    for (const other of rest) {
      expect(other.integrity, other.name).toBe(first!.integrity);
      expect(files(other.dir), other.name).toEqual(files(first!.dir));
    }
  });
});

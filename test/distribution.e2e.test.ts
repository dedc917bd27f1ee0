// The kit as users get it. Every package of packages/* that is not private is
// packed once, exactly as `pnpm publish` packs it, and each tarball must be fit to
// publish: publint and arethetypeswrong pass, no `workspace:` range survives, it
// carries its README and metadata, and a package that promises to run in browsers
// bundles for the browser without a Node built-in.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { build } from 'esbuild';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/cli.js';
import { kitPackages, packKit, type PackageJson, type Packed } from './helpers/kit-packages.js';

const work = tempDir('extkit-dist-');
const ESM_ONLY_IGNORES: readonly string[] = ['node10', 'node16-cjs'];
let packed: Packed[] = [];

beforeAll(async () => {
  mkdirSync(join(work.dir, 'tarballs'));
  packed = await packKit(join(work.dir, 'tarballs'));
  for (const pkg of packed) unpack(pkg);
}, 180_000);

afterAll(() => work.cleanup());

/** Where a package's tarball is unpacked: a node_modules of its own, so the kit's packages resolve each other as installed. */
const unpackedRoot = (pkg: Packed): string => join(work.dir, 'installed', 'node_modules', pkg.name);

function unpack(pkg: Packed): void {
  mkdirSync(unpackedRoot(pkg), { recursive: true });
  const r = spawnSync('tar', ['xzf', pkg.tarball, '-C', unpackedRoot(pkg), '--strip-components=1'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`tar xzf ${pkg.tarball}: ${r.stderr}`);
}

/** The files an export target names; a `*` pattern matches every file of the package it fits. */
function exportedFiles(root: string, target: string): string[] {
  if (!target.includes('*')) return [target];
  const [head, tail] = target.split('*') as [string, string];
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).map((f) => `./${f.split(sep).join('/')}`);
  return files.filter((f) => f.startsWith(head) && f.endsWith(tail) && f.length > head.length + tail.length);
}

const filesOf = (pkg: Packed): string[] =>
  spawnSync('tar', ['tzf', pkg.tarball], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''));

it('finds the kit by its folders: every non-private package under packages/', () => {
  const names = kitPackages().map((p) => p.name);
  expect(names).toEqual(expect.arrayContaining(['@extkit/manifest', '@extkit/runtime', '@extkit/cli', 'create-extkit']));
  expect(packed.map((p) => p.name)).toEqual(names);
});

describe.concurrent.each(kitPackages().map((p) => [p.name, p.folder] as const))('the packed %s', (_name, folder) => {
  const pkg = (): Packed => packed.find((p) => p.folder === folder)!;

  it('carries its README, its metadata, and no workspace: range', () => {
    const files = filesOf(pkg());
    expect(files).toContain('README.md');
    // The templates create-extkit carries keep their own tests: they are what a created project runs.
    expect(files.filter((f) => !f.startsWith('templates/') && /\.map$|\.test\.[jt]sx?$|\.tsbuildinfo$|(^|\/)node_modules\//.test(f))).toEqual([]);
    const text = readFileSync(join(unpackedRoot(pkg()), 'package.json'), 'utf8');
    expect(text).not.toContain('workspace:');
    const manifest = JSON.parse(text) as PackageJson;
    expect(manifest.license).toBe('MIT');
    expect(manifest.engines?.['node']).toBe('>=20.19');
    expect(manifest.repository).toMatchObject({ type: 'git', url: expect.stringMatching(/^git\+https:\/\//), directory: `packages/${folder}` });
    for (const [entry, target] of Object.entries(manifest.exports ?? {})) {
      if (entry === './package.json') continue;
      expect(target, `exports["${entry}"]`).toEqual({ types: expect.stringMatching(/\.d\.ts$/), default: expect.stringMatching(/\.js$/) });
    }
    for (const range of Object.values({ ...manifest.dependencies, ...manifest.peerDependencies })) expect(range).not.toMatch(/^(file|link|portal):/);
  });

  it('passes publint, warnings included', async () => {
    const tarball = readFileSync(pkg().tarball);
    const { messages, pkg: manifest } = await publint({ pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) }, strict: true, level: 'warning' });
    expect(messages.map((m) => `${m.type}: ${formatMessage(m, manifest) ?? m.code}`)).toEqual([]);
  });

  it('passes arethetypeswrong for an ESM-only package', async () => {
    const result = await checkPackage(createPackageFromTarballData(new Uint8Array(readFileSync(pkg().tarball))));
    expect(result.types, 'the package ships no types').not.toBe(false);
    // attw's esm-only profile: the kit ships ES modules only (type: module, Node >= 20.19), so CommonJS and node10 resolution are out of scope.
    const problems = 'problems' in result ? result.problems.filter((p) => !('resolutionKind' in p) || !ESM_ONLY_IGNORES.includes(p.resolutionKind)) : [];
    expect(problems).toEqual([]);
  });
});

describe.each(kitPackages().filter((p) => p.manifest.keywords?.includes('browser')).map((p) => [p.name, p.folder] as const))('%s, which promises browsers', (_name, folder) => {
  it('bundles every entry for the browser with no Node built-in', async () => {
    const pkg = packed.find((p) => p.folder === folder)!;
    const root = unpackedRoot(pkg);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
    const entries = Object.entries(manifest.exports ?? {}).filter(([entry]) => entry !== './package.json');
    expect(entries.length).toBeGreaterThan(0);
    for (const [entry, target] of entries) {
      const files = exportedFiles(root, typeof target === 'string' ? target : target.default!);
      expect(files.length, entry).toBeGreaterThan(0);
      const result = await build({ entryPoints: files.map((f) => join(root, f)), bundle: true, platform: 'browser', format: 'esm', outdir: join(work.dir, 'browser'), write: false, logLevel: 'silent' }).catch(
        (err: { errors?: Array<{ text: string }> }) => err,
      );
      expect('errors' in result ? (result.errors ?? []).map((e) => e.text) : [], entry).toEqual([]);
    }
  });
});

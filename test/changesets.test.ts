// A release with changesets, on a copy of the workspace's package.json files: a
// changeset for one package bumps every package of the kit together (they are
// versioned as one: a created project depends on ^<create-extkit's version> of
// the others), writes their CHANGELOG.md, and leaves the private templates alone.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { repoRoot, tempDir } from './helpers/cli.js';
import { exec } from './helpers/exec.js';
import { kitPackages } from './helpers/kit-packages.js';

it('a changeset on one package versions the whole kit and writes each CHANGELOG.md', async () => {
  const ws = tempDir('extkit-changesets-');
  try {
    for (const file of ['package.json', 'pnpm-workspace.yaml']) cpSync(join(repoRoot, file), join(ws.dir, file));
    cpSync(join(repoRoot, '.changeset', 'config.json'), join(ws.dir, '.changeset', 'config.json'));
    for (const group of ['packages', 'templates']) {
      for (const name of readdirSync(join(repoRoot, group))) {
        if (!existsSync(join(repoRoot, group, name, 'package.json'))) continue;
        mkdirSync(join(ws.dir, group, name), { recursive: true });
        cpSync(join(repoRoot, group, name, 'package.json'), join(ws.dir, group, name, 'package.json'));
      }
    }
    writeFileSync(
      join(ws.dir, '.changeset', 'brave-owls-sing.md'),
      `---\n'@extkit/runtime': minor\n---\n\nregisterComponent accepts a cleanup function.\n`,
    );
    const r = await exec(join(repoRoot, 'node_modules', '.bin', 'changeset'), ['version'], {
      cwd: ws.dir,
      timeoutMs: 60_000,
    });
    expect(r.status, r.stdout + r.stderr).toBe(0);

    const kit = kitPackages();
    const [major, minor] = kit[0]!.version.split('.').map(Number) as [number, number];
    const next = major === 0 ? `0.${minor + 1}.0` : `${major}.${minor + 1}.0`;
    for (const pkg of kit) {
      const bumped = JSON.parse(readFileSync(join(ws.dir, 'packages', pkg.folder, 'package.json'), 'utf8')) as {
        version: string;
        dependencies?: Record<string, string>;
      };
      expect(bumped.version, pkg.name).toBe(next);
      for (const [dep, range] of Object.entries(pkg.manifest.dependencies ?? {}))
        if (range.startsWith('workspace:')) expect(bumped.dependencies?.[dep], `${pkg.name} → ${dep}`).toBe(range);
      const changelog = readFileSync(join(ws.dir, 'packages', pkg.folder, 'CHANGELOG.md'), 'utf8');
      expect(changelog).toContain(`# ${pkg.name}\n\n## ${next}`);
    }
    expect(readFileSync(join(ws.dir, 'packages', 'runtime', 'CHANGELOG.md'), 'utf8')).toContain(
      'registerComponent accepts a cleanup function.',
    );
    for (const template of readdirSync(join(ws.dir, 'templates'))) {
      expect(
        JSON.parse(readFileSync(join(ws.dir, 'templates', template, 'package.json'), 'utf8')).version,
        template,
      ).toBe(JSON.parse(readFileSync(join(repoRoot, 'templates', template, 'package.json'), 'utf8')).version);
      expect(existsSync(join(ws.dir, 'templates', template, 'CHANGELOG.md')), template).toBe(false);
    }
    expect(readdirSync(join(ws.dir, '.changeset')).filter((f) => f.endsWith('.md'))).toEqual([]);
  } finally {
    ws.cleanup();
  }
}, 90_000);

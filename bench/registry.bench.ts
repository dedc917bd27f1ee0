// A user's first minute with the kit from a registry, beside create-vite's: the
// kit packed and published to a local verdaccio (as test/distribution.e2e.test.ts
// does), then, interleaved in the same run with one warm npm cache,
// `npm create extkit@latest` against `npm create vite@latest`, and `npm install`
// of the project each wrote. Everything not the kit's is proxied to the registry
// npm is configured with, so create-vite comes from there.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { userAt } from '../test/helpers/as-user.js';
import { packKit } from '../test/helpers/kit-packages.js';
import { publisherConfig, startRegistry } from '../test/helpers/registry.js';
import { fmt, interleave } from './lib.js';

const work = mkdtempSync(join(tmpdir(), 'extkit-bench-registry-'));

/** Milliseconds one run takes as the user, from spawn to exit; a failure stops the benchmark. */
function timed(env: Record<string, string>, cwd: string, cmd: string, args: string[]): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { cwd, env, encoding: 'utf8' });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}:\n${r.stdout}${r.stderr}`);
  return ms;
}

try {
  mkdirSync(join(work, 'tarballs'));
  const packed = await packKit(join(work, 'tarballs'));
  mkdirSync(join(work, 'registry'));
  const kitRegistry = await startRegistry(
    join(work, 'registry'),
    packed.map((p) => p.name),
  );
  try {
    const npmrc = publisherConfig(kitRegistry, join(work, 'registry', 'publisher.npmrc'));
    for (const p of packed)
      timed({ ...(process.env as Record<string, string>), npm_config_userconfig: npmrc }, work, 'pnpm', [
        'publish',
        p.tarball,
        '--registry',
        kitRegistry.url,
        '--no-git-checks',
      ]);
    const user = userAt(join(work, 'user'), kitRegistry.url);
    const projects = join(work, 'user', 'projects');
    mkdirSync(projects);
    let n = 0;
    const made: Record<'extkit' | 'vite', string[]> = { extkit: [], vite: [] };
    const create = (kind: 'extkit' | 'vite') => (): number => {
      const name = `${kind}-${n++}`;
      made[kind].push(name);
      const args =
        kind === 'extkit'
          ? ['create', 'extkit@latest', name, '--', '--template', 'site-component', '--publisher', 'acme']
          : ['create', 'vite@latest', name, '--', '--template', 'vanilla-ts'];
      return timed(user.env, projects, 'npm', args);
    };
    const creates = await interleave(
      { 'npm create vite@latest': create('vite'), 'npm create extkit@latest': create('extkit') },
      5,
      1,
    );
    const install = (kind: 'extkit' | 'vite') => (): number =>
      timed(user.env, join(projects, made[kind].shift()!), 'npm', ['install', '--prefer-offline']);
    const installs = await interleave(
      { 'npm install (vite vanilla-ts)': install('vite'), 'npm install (extkit site-component)': install('extkit') },
      3,
      1,
    );
    const row = (label: string, ms: number, peer: number): string =>
      `| ${label} | ${fmt(ms)} ms | ${(ms / peer).toFixed(2)}x |`;
    const createPeer = creates['npm create vite@latest']!;
    const installPeer = installs['npm install (vite vanilla-ts)']!;
    process.stdout.write(`## From the registry: \`npm create\` and the first install

The kit packed and published to a local verdaccio; every other package proxied from the configured registry.
Spawn to exit, one warm npm cache, interleaved in the same run: \`npm create\` median of 5, the install of
the project each wrote median of 3 (\`--prefer-offline\`).

| Command | Median | Ratio to create-vite's |
|---|---|---|
${row('`npm create vite@latest <dir> -- --template vanilla-ts`', createPeer, createPeer)}
${row('`npm create extkit@latest <dir> -- --template site-component --publisher acme`', creates['npm create extkit@latest']!, createPeer)}
${row('`npm install` in the vite vanilla-ts project', installPeer, installPeer)}
${row('`npm install` in the extkit site-component project', installs['npm install (extkit site-component)']!, installPeer)}
`);
  } finally {
    await kitRegistry.stop();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

// .ci/run runs exactly the README's set-up commands on a fresh clone; this keeps
// the two from drifting apart (the script reads README.md, and must read it right).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir } from './helpers/cli.js';

it(".ci/run's commands are the README's set-up block, line for line, and they run the tests", () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Set up\n'));
  const block = /^```sh\n([\s\S]*?)^```$/m.exec(section ?? '')?.[1];
  const fromReadme = (block ?? '').split('\n').filter((l) => l.trim() !== '');
  const r = spawnSync('bash', [join(repoRoot, '.ci/run'), '--print'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stdout.trim().split('\n')).toEqual(fromReadme);
  expect(fromReadme.length).toBeGreaterThan(0);
  expect(fromReadme.some((l) => /(^|&& )pnpm test$/.test(l))).toBe(true);
});

it('.ci/run installs nothing of its own: the set-up block does it all, system packages first', () => {
  const ci = readFileSync(join(repoRoot, '.ci/run'), 'utf8');
  expect(ci).not.toMatch(/apt-get|chromium|postgres/);
  const r = spawnSync('bash', [join(repoRoot, '.ci/run'), '--print'], { encoding: 'utf8' });
  expect(r.stdout.split('\n')[0]).toMatch(/^sh scripts\/system-deps\.sh && /);
});

describe('scripts/system-deps.sh', () => {
  const tmp = tempDir('extkit-system-deps-');
  afterAll(tmp.cleanup);
  /** A PATH holding only `id` (answering `uid`) and the fake commands given, each a script that logs its arguments. */
  const fakePath = (name: string, uid: number, commands: string[]): { path: string; log: string } => {
    const bin = join(tmp.dir, name);
    const log = join(tmp.dir, `${name}.log`);
    mkdirSync(bin);
    const script = (cmd: string, body: string) => (
      writeFileSync(join(bin, cmd), `#!/bin/sh\n${body}\n`),
      chmodSync(join(bin, cmd), 0o755)
    );
    script('id', `echo ${uid}`);
    script('env', 'shift; exec "$@"');
    for (const cmd of commands) script(cmd, `echo "${cmd} $*" >> ${log}`);
    return { path: bin, log };
  };
  const run = (path: string, env: Record<string, string> = {}) =>
    spawnSync('/bin/sh', [join(repoRoot, 'scripts/system-deps.sh')], {
      encoding: 'utf8',
      env: { PATH: path, CHROMIUM_PATH: join(tmp.dir, 'no-chromium'), PG_BIN: join(tmp.dir, 'no-pg'), ...env },
    });

  it('installs nothing when chromium and PostgreSQL are there', () => {
    const pg = join(tmp.dir, 'pg-bin');
    mkdirSync(pg);
    for (const f of ['initdb', 'pg_ctl']) {
      writeFileSync(join(pg, f), '#!/bin/sh\n');
      chmodSync(join(pg, f), 0o755);
    }
    const fake = fakePath('present', 0, ['apt-get']);
    const r = run(fake.path, { CHROMIUM_PATH: join(pg, 'initdb'), PG_BIN: pg });
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(fake.log)).toBe(false);
  });

  it('installs what is missing with apt-get as root', () => {
    const fake = fakePath('as-root', 0, ['apt-get']);
    const r = run(fake.path);
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(fake.log, 'utf8')).toBe(
      'apt-get update -qq\napt-get install -y -qq --no-install-recommends chromium postgresql\n',
    );
  });

  it('goes through sudo when it may, and otherwise says exactly what to install (exit 1)', () => {
    const withSudo = fakePath('with-sudo', 1000, ['apt-get', 'sudo']);
    expect(run(withSudo.path).status).toBe(0);
    expect(readFileSync(withSudo.log, 'utf8')).toMatch(
      /^sudo -n true\nsudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq\n/,
    );
    const noSudo = fakePath('no-sudo', 1000, ['apt-get']);
    const r = run(noSudo.path);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('As root: apt-get install -y chromium postgresql');
    expect(existsSync(noSudo.log)).toBe(false);
    const noApt = run(fakePath('no-apt', 0, []).path);
    expect(noApt.status).toBe(1);
    expect(noApt.stderr).toContain("PostgreSQL's server binaries (initdb, pg_ctl)");
    expect(noApt.stderr).toContain('Chromium, at /usr/bin/chromium or wherever CHROMIUM_PATH points');
  });
});

// The store as a hostile or busy world finds it: stored files edited behind the
// build's back, stores reached through symbolic links, and builds racing each other.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
  appendFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extkitBin, repoRoot, runCli, tempDir } from './helpers/cli.js';

const tmp = tempDir('extkit-store-');
afterAll(tmp.cleanup);

interface BuildJson {
  ok: boolean;
  errors: Array<{ code: string; message: string }>;
  artifact: { dir: string; integrity: string; unchanged: boolean } | null;
}

let n = 0;
function copy(edit?: (m: Record<string, unknown>, dir: string) => void): string {
  const dir = join(tmp.dir, `ext-${n++}`);
  cpSync(join(repoRoot, 'test/fixtures/build-basic'), dir, { recursive: true });
  if (edit) {
    const file = join(dir, 'manifest.json');
    const m = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    edit(m, dir);
    writeFileSync(file, JSON.stringify(m, null, 2));
  }
  return dir;
}

function build(dir: string, ...args: string[]): { status: number | null; result: BuildJson } {
  const r = runCli(['build', dir, '--json', ...args]);
  expect(r.stderr).toBe('');
  return { status: r.status, result: JSON.parse(r.stdout) as BuildJson };
}

/** Runs `extkit build --json` processes at once; resolves with each one's status and JSON. */
function buildAtOnce(runs: string[][]): Promise<Array<{ status: number | null; result: BuildJson }>> {
  return Promise.all(
    runs.map(
      (args) =>
        new Promise<{ status: number | null; result: BuildJson }>((resolve, reject) => {
          const child = spawn(extkitBin, ['build', ...args, '--json'], { env: { ...process.env, NO_COLOR: '1' } });
          let out = '';
          child.stdout.on('data', (d: Buffer) => (out += d.toString()));
          child.on('error', reject);
          child.on('close', (status) => resolve({ status, result: JSON.parse(out) as BuildJson }));
        }),
    ),
  );
}

const codes = (r: BuildJson) => r.errors.map((e) => e.code);

describe('extkit build: the stored artifact', () => {
  it('re-hashes the stored files before saying "already in the store, identical"', () => {
    const dir = copy();
    const first = build(dir);
    expect(first.status).toBe(0);
    expect(build(dir).result.artifact?.unchanged).toBe(true);
    appendFileSync(join(first.result.artifact!.dir, 'dist/order-map.js'), ';steal()');
    const again = build(dir);
    expect(again.status).toBe(1);
    expect(codes(again.result)).toEqual(['artifact.stored_tampered']);
    expect(again.result.errors[0]!.message).toContain('dist/order-map.js changed');
    // Nothing was repaired behind the user's back.
    expect(readFileSync(join(first.result.artifact!.dir, 'dist/order-map.js'), 'utf8')).toContain(';steal()');
    const human = runCli(['build', dir]);
    expect(human.stdout).not.toContain('identical');
    const stray = copy();
    const built = build(stray).result.artifact!.dir;
    writeFileSync(join(built, 'dist/extra.js'), 'x');
    expect(codes(build(stray).result)).toEqual(['artifact.stored_tampered']);
  });

  it('refuses an artifacts folder, or an artifacts/<id> folder, that is a symbolic link, and says where it points', () => {
    const dir = copy();
    const elsewhere = join(tmp.dir, `elsewhere-${n++}`);
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(dir, 'artifacts'));
    const r = build(dir);
    expect(r.status).toBe(1);
    expect(codes(r.result)).toEqual(['artifact.store_symlink']);
    expect(r.result.errors[0]!.message).toContain(elsewhere);
    expect(readdirSync(elsewhere)).toEqual([]);

    const idLinked = copy();
    const other = join(tmp.dir, `elsewhere-${n++}`);
    mkdirSync(other);
    mkdirSync(join(idLinked, 'artifacts'));
    symlinkSync(other, join(idLinked, 'artifacts', 'order-map'));
    const r2 = build(idLinked);
    expect(codes(r2.result)).toEqual(['artifact.store_symlink']);
    expect(readdirSync(other)).toEqual([]);
  });
});

describe('no write of the store through a planted symbolic link', () => {
  /** A file outside the store that a link planted in it points to, and what it holds. */
  function victim(): { file: string; text: string } {
    const file = join(tmp.dir, `victim-${n++}.txt`);
    const text = "the user's own file\n";
    writeFileSync(file, text);
    return { file, text };
  }

  it('build --analyze refuses a link at <version>.meta.json and leaves its target alone', () => {
    const dir = copy();
    const v = victim();
    mkdirSync(join(dir, 'artifacts', 'order-map'), { recursive: true });
    symlinkSync(v.file, join(dir, 'artifacts', 'order-map', '1.0.0.meta.json'));
    const r = build(dir, '--analyze');
    expect(r.status).toBe(1);
    expect(codes(r.result)).toEqual(['artifact.store_symlink']);
    expect(r.result.errors[0]!.message).toContain('1.0.0.meta.json is a symbolic link');
    expect(readFileSync(v.file, 'utf8')).toBe(v.text);
  });

  it('sign refuses a link at <version>.sig.json, or at --out, and leaves its target alone', () => {
    const dir = copy();
    const built = build(dir).result.artifact!.dir;
    const key = join(tmp.dir, `staff-${n++}.key.pem`);
    writeFileSync(key, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const v = victim();
    symlinkSync(v.file, `${built}.sig.json`);
    const r = runCli(['sign', built, '--key', key, '--json']);
    expect(r.status).toBe(1);
    const out = JSON.parse(r.stdout) as BuildJson;
    expect(codes(out)).toEqual(['sign.out_unwritable']);
    expect(out.errors[0]!.message).toContain('is a symbolic link');
    expect(readFileSync(v.file, 'utf8')).toBe(v.text);
    const other = join(tmp.dir, `sig-link-${n++}.json`);
    symlinkSync(v.file, other);
    expect(runCli(['sign', built, '--key', key, '--out', other]).status).toBe(1);
    expect(readFileSync(v.file, 'utf8')).toBe(v.text);
  });

  it("refuses a link at the store's lock at once, and never reads, writes or removes through it", () => {
    const dir = copy();
    const v = victim();
    mkdirSync(join(dir, 'artifacts'));
    symlinkSync(v.file, join(dir, 'artifacts', '.extkit-store.lock'));
    const started = Date.now();
    const r = build(dir);
    expect(r.status).toBe(1);
    expect(codes(r.result)).toEqual(['artifact.store_symlink']);
    expect(Date.now() - started).toBeLessThan(10_000); // not the 15 s wait for a holder that does not exist
    expect(readFileSync(v.file, 'utf8')).toBe(v.text);
    expect(existsSync(join(dir, 'artifacts', 'order-map'))).toBe(false);
  });
});

describe('extkit build: concurrent builds', () => {
  it('of one extension under different ids into one store: exactly one wins, the others are refused as renames', async () => {
    const store = join(tmp.dir, `shared-${n++}`);
    const dirs = [0, 1, 2, 3].map((k) =>
      copy((m, dir) => {
        m.id = `order-map-${k}`;
        m.contributes = { site: { components: [`acme.order-map-${k}.card`] }, console: { slots: ['order.sidebar'] } };
        const src = join(dir, 'src/index.ts');
        writeFileSync(src, readFileSync(src, 'utf8').replace('acme.order-map.card', `acme.order-map-${k}.card`));
      }),
    );
    const runs = await buildAtOnce(dirs.map((d) => [d, '--out', store]));
    const winners = runs.filter((r) => r.status === 0);
    expect(winners).toHaveLength(1);
    for (const r of runs.filter((x) => x.status !== 0)) expect(codes(r.result)).toEqual(['artifact.id_renamed']);
    expect(readdirSync(store).filter((d) => !d.startsWith('.'))).toHaveLength(1);
  });

  it('of different versions: a lower version is never written after a higher one', async () => {
    for (let round = 0; round < 3; round++) {
      const store = join(tmp.dir, `versions-${n++}`);
      const versions = ['1.0.0', '1.1.0', '2.0.0'];
      const dirs = versions.map((v) => copy((m) => (m.version = v)));
      const runs = await buildAtOnce(dirs.map((d) => [d, '--out', store]));
      const written = versions.filter((v, k) => runs[k]!.status === 0);
      for (const [k, r] of runs.entries())
        if (r.status !== 0) expect(codes(r.result), versions[k]).toEqual(['artifact.version_not_greater']);
      // The lock serializes check and write, so write times follow version order.
      const times = written.map((v) => statSync(join(store, 'order-map', v, 'artifact.json')).mtimeMs);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(written).toContain('2.0.0');
      expect(existsSync(join(store, '.extkit-store.lock'))).toBe(false);
    }
  });

  it('recovers a stale lock whose holder no longer runs', () => {
    const dir = copy();
    mkdirSync(join(dir, 'artifacts'));
    // A pid far above any real one on this machine: its holder is gone.
    writeFileSync(
      join(dir, 'artifacts', '.extkit-store.lock'),
      JSON.stringify({ pid: 2 ** 22 + 17, host: hostname(), at: Date.now(), token: 'dead' }),
    );
    const r = build(dir);
    expect(r.status).toBe(0);
    expect(existsSync(join(dir, 'artifacts', '.extkit-store.lock'))).toBe(false);
  });
});

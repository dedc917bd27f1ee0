import { createHash, generateKeyPairSync } from 'node:crypto';
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir } from './helpers/cli.js';

const tmp = tempDir('extkit-verify-');
afterAll(tmp.cleanup);

interface VerifyJson {
  ok: boolean;
  errors: Array<{ code: string; message: string }>;
  artifact: { id: string; version: string; integrity: string } | null;
  integrity: string | null;
  hostAbi: { value: number; source: 'given' | 'kit' };
  decision: {
    loads: boolean;
    realm: 'app' | 'sandbox' | null;
    reasons: Array<{ code: string; message: string }>;
  } | null;
}

let built = '';
let integrity = '';
let n = 0;

function keyPair(name: string): { key: string; pub: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const key = join(tmp.dir, `${name}.key.pem`);
  const pub = join(tmp.dir, `${name}.pub.pem`);
  writeFileSync(key, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(pub, publicKey.export({ type: 'spki', format: 'pem' }));
  return { key, pub };
}
const staff = keyPair('staff');
const stranger = keyPair('stranger');

beforeAll(() => {
  const ext = join(tmp.dir, 'ext');
  cpSync(join(repoRoot, 'test/fixtures/build-basic'), ext, { recursive: true });
  const r = runCli(['build', ext, '--json']);
  expect(r.status).toBe(0);
  const result = JSON.parse(r.stdout) as { artifact: { dir: string; integrity: string } };
  built = result.artifact.dir;
  integrity = result.artifact.integrity;
});

/** A private copy of the built artifact, laid out as in a store: <store>/order-map/1.0.0. */
function artifact(): string {
  const dir = join(tmp.dir, `store-${n++}`, 'order-map', '1.0.0');
  cpSync(built, dir, { recursive: true });
  return dir;
}

function verify(dir: string, ...args: string[]) {
  const r = runCli(['verify', dir, '--json', ...args]);
  expect(r.stderr).toBe('');
  return { status: r.status, result: JSON.parse(r.stdout) as VerifyJson };
}

const reasons = (r: VerifyJson) => r.decision?.reasons.map((x) => x.code);

describe('extkit verify: hashes', () => {
  it('accepts an intact artifact; unsigned, it loads into the sandbox realm', () => {
    const { status, result } = verify(artifact(), '--host-abi', '1');
    expect(status).toBe(0);
    expect(result).toMatchObject({
      ok: true,
      errors: [],
      integrity,
      artifact: { id: 'order-map', version: '1.0.0', integrity },
    });
    expect(result.decision).toEqual({
      loads: true,
      realm: 'sandbox',
      reasons: [expect.objectContaining({ code: 'load.unsigned' })],
    });
  });

  it('fails a changed, a missing and an extra file, naming each', () => {
    const changed = artifact();
    appendFileSync(join(changed, 'dist/order-map.js'), '\n;fetch("https://evil.example")');
    const c = verify(changed);
    expect(c.status).toBe(1);
    expect(c.result.errors.map((e) => e.code)).toEqual(['verify.file_changed']);
    expect(c.result.errors[0]!.message).toContain('dist/order-map.js');
    expect(c.result.integrity).not.toBe(integrity);
    // No --integrity: the hash artifact.json records is the pin, so a changed artifact never loads.
    expect(c.result.decision).toMatchObject({ loads: false, realm: null });
    expect(c.result.decision?.reasons.map((r: { code: string }) => r.code)).toContain('load.integrity_mismatch');

    const missing = artifact();
    rmSync(join(missing, 'dist/order-map.js.map'));
    const m = verify(missing);
    expect(m.status).toBe(1);
    expect(m.result.errors).toEqual([
      expect.objectContaining({
        code: 'verify.file_missing',
        message: expect.stringContaining('dist/order-map.js.map'),
      }),
    ]);

    const extra = artifact();
    writeFileSync(join(extra, 'dist/inject.js'), 'alert(1)');
    const x = verify(extra);
    expect(x.status).toBe(1);
    expect(x.result.errors).toEqual([
      expect.objectContaining({ code: 'verify.file_extra', message: expect.stringContaining('dist/inject.js') }),
    ]);
  });

  it('a stray file, a symbolic link or a missing file: the decision, the printed line, the JSON and the exit code all say it does not load', () => {
    const stray = artifact();
    writeFileSync(join(stray, 'dist/inject.js'), 'alert(1)');
    const linkedFile = artifact();
    symlinkSync(join(linkedFile, 'manifest.json'), join(linkedFile, 'dist/alias.json'));
    const linkedFolder = artifact();
    mkdirSync(join(tmp.dir, 'elsewhere'), { recursive: true });
    symlinkSync(join(tmp.dir, 'elsewhere'), join(linkedFolder, 'dist/more'));
    const missing = artifact();
    rmSync(join(missing, 'dist/order-map.js.map'));
    for (const [dir, code, reason] of [
      [stray, 'verify.file_extra', 'load.uncovered'],
      [linkedFile, 'verify.file_not_allowed', 'load.uncovered'],
      [linkedFolder, 'verify.file_not_allowed', 'load.uncovered'],
      [missing, 'verify.file_missing', 'load.integrity_mismatch'],
    ] as const) {
      const { status, result } = verify(dir);
      expect(status).toBe(1);
      expect(result.ok).toBe(false);
      expect(result.errors.map((e) => e.code)).toEqual([code]);
      expect(result.decision).toMatchObject({ loads: false, realm: null });
      expect(reasons(result)).toContain(reason);
      const human = runCli(['verify', dir]);
      expect(human.status).toBe(1);
      expect(human.stdout).toContain('✗ does not load');
      expect(human.stdout).not.toContain('loads into');
    }
  });

  it('refuses an artifact folder that is itself a symbolic link, without following it', () => {
    const real = artifact();
    const link = join(tmp.dir, `link-${n++}`);
    symlinkSync(real, link);
    const { status, result } = verify(link);
    expect(status).toBe(1);
    expect(result.errors.map((e) => e.code)).toEqual(['verify.file_not_allowed']);
    expect(result.decision).toBeNull();
  });

  it("without --host-abi, holds the version against the kit's current host generation and says so", () => {
    const { status, result } = verify(artifact());
    expect(status).toBe(0);
    expect(result.hostAbi).toEqual({ value: 1, source: 'kit' });
    expect(runCli(['verify', artifact()]).stdout).toContain("host ABI 1 (the kit's current generation");
    const dir = artifact();
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    manifest.hostAbi = 2;
    writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const record = JSON.parse(readFileSync(join(dir, 'artifact.json'), 'utf8'));
    // A rebuilt record, so that only the hostAbi decides.
    const file = record.files.find((f: { path: string }) => f.path === 'manifest.json');
    file.sha256 = createHash('sha256')
      .update(readFileSync(join(dir, 'manifest.json')))
      .digest('hex');
    const listing = [...record.files]
      .sort((a: { path: string }, b: { path: string }) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)))
      .map((f: { path: string; sha256: string }) => `${f.sha256}  ${f.path}\n`)
      .join('');
    record.integrity = `sha256-${createHash('sha256').update(listing).digest('base64')}`;
    writeFileSync(join(dir, 'artifact.json'), JSON.stringify(record));
    const v2 = verify(dir);
    expect(v2.status).toBe(1);
    expect(reasons(v2.result)).toEqual(['load.host_abi_mismatch']);
    expect(verify(dir, '--host-abi', '2').result).toMatchObject({ ok: true, hostAbi: { value: 2, source: 'given' } });
  });

  it('fails an artifact.json whose listing was edited to match a changed file', () => {
    const dir = artifact();
    const bundle = join(dir, 'dist/order-map.js');
    writeFileSync(bundle, 'evil()');
    const record = JSON.parse(readFileSync(join(dir, 'artifact.json'), 'utf8'));
    record.files[0].sha256 = createHash('sha256').update('evil()').digest('hex');
    writeFileSync(join(dir, 'artifact.json'), JSON.stringify(record));
    const { status, result } = verify(dir, '--integrity', integrity);
    expect(status).toBe(1);
    expect(result.errors.map((e) => e.code)).toEqual(['verify.record_integrity']);
    expect(reasons(result)).toEqual(['load.integrity_mismatch', 'load.uncovered']);
  });

  it('--integrity pins the hash: the same loads, a different one never does', () => {
    expect(verify(artifact(), '--integrity', integrity).status).toBe(0);
    const other = 'sha256-' + Buffer.alloc(32, 7).toString('base64');
    const { status, result } = verify(artifact(), '--integrity', other);
    expect(status).toBe(1);
    expect(result.decision).toMatchObject({ loads: false, realm: null });
    expect(reasons(result)).toEqual(['load.integrity_mismatch']);
  });

  it('says plainly when the folder is not an artifact, and treats missing paths as usage errors', () => {
    const r = verify(join(repoRoot, 'test/fixtures'));
    expect(r.status).toBe(1);
    expect(r.result.errors.map((e) => e.code)).toEqual(['verify.record_unreadable']);
    expect(runCli(['verify', join(tmp.dir, 'nope')]).status).toBe(2);
    expect(runCli(['verify', artifact(), '--signature', join(tmp.dir, 'nope.json')]).status).toBe(2);
    expect(runCli(['verify', artifact(), '--host-abi', 'two']).status).toBe(2);
  });
});

describe('extkit sign and the loader policy', () => {
  it('a staff signature by a trusted key puts the version in the app realm', () => {
    const dir = artifact();
    const s = runCli(['sign', dir, '--key', staff.key, '--json']);
    expect(s.status).toBe(0);
    const signed = JSON.parse(s.stdout) as {
      ok: boolean;
      file: string;
      signature: { integrity: string; algorithm: string };
    };
    expect(signed).toMatchObject({ ok: true, file: `${dir}.sig.json`, signature: { integrity, algorithm: 'ed25519' } });

    const app = verify(
      dir,
      '--signature',
      signed.file,
      '--trusted-key',
      stranger.pub,
      '--trusted-key',
      staff.pub,
      '--host-abi',
      '1',
    );
    expect(app.status).toBe(0);
    expect(app.result.decision).toMatchObject({ loads: true, realm: 'app' });
    expect(reasons(app.result)).toEqual(['load.signed']);

    const human = runCli(['verify', dir, '--signature', signed.file, '--trusted-key', staff.pub]);
    expect(human.stdout).toContain('✓ loads into the app realm');
  });

  it('a signature by a key nobody trusts, or one that does not hold, leaves it in the sandbox', () => {
    const dir = artifact();
    const sig = join(tmp.dir, `stranger-${n++}.sig.json`);
    expect(runCli(['sign', dir, '--key', stranger.key, '--out', sig]).status).toBe(0);
    const untrusted = verify(dir, '--signature', sig, '--trusted-key', staff.pub);
    expect(untrusted.status).toBe(0);
    expect(untrusted.result.decision?.realm).toBe('sandbox');
    expect(reasons(untrusted.result)).toEqual(['load.signature_untrusted']);

    const forged = JSON.parse(readFileSync(sig, 'utf8'));
    forged.keyId = JSON.parse(runCli(['sign', artifact(), '--key', staff.key, '--json']).stdout).signature.keyId;
    writeFileSync(sig, JSON.stringify(forged));
    expect(reasons(verify(dir, '--signature', sig, '--trusted-key', staff.pub).result)).toEqual([
      'load.signature_invalid',
    ]);
  });

  it('a revocation of the listing beats a valid staff signature', () => {
    const dir = artifact();
    runCli(['sign', dir, '--key', staff.key]);
    const revoked = join(tmp.dir, `revoked-${n++}.json`);
    writeFileSync(revoked, JSON.stringify({ revoked: [{ id: 'order-map', reason: 'leaks order data' }] }));
    const { status, result } = verify(
      dir,
      '--signature',
      `${dir}.sig.json`,
      '--trusted-key',
      staff.pub,
      '--revoked',
      revoked,
    );
    expect(status).toBe(1);
    expect(result.decision).toMatchObject({ loads: false, realm: null });
    expect(reasons(result)).toEqual(['load.revoked']);
    expect(result.decision?.reasons[0]!.message).toContain('leaks order data');

    writeFileSync(revoked, JSON.stringify({ revoked: [{ id: 'another-extension' }] }));
    expect(
      verify(dir, '--signature', `${dir}.sig.json`, '--trusted-key', staff.pub, '--revoked', revoked).result.decision
        ?.realm,
    ).toBe('app');
  });

  it('a hostAbi mismatch never loads, signed or not', () => {
    const dir = artifact();
    runCli(['sign', dir, '--key', staff.key]);
    const { status, result } = verify(
      dir,
      '--host-abi',
      '2',
      '--signature',
      `${dir}.sig.json`,
      '--trusted-key',
      staff.pub,
    );
    expect(status).toBe(1);
    expect(reasons(result)).toEqual(['load.host_abi_mismatch']);
  });

  it('sign refuses a tampered artifact and an unusable key', () => {
    const dir = artifact();
    appendFileSync(join(dir, 'dist/order-map.js'), '//');
    const r = runCli(['sign', dir, '--key', staff.key, '--json']);
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).errors.map((e: { code: string }) => e.code)).toEqual([
      'sign.artifact_invalid',
      'verify.file_changed',
    ]);
    const bad = runCli(['sign', artifact(), '--key', staff.pub, '--json']);
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout).errors[0].code).toBe('sign.key_unusable');
    expect(runCli(['sign', artifact()]).status).toBe(2);
  });

  it('rejects unusable key, signature and revocation files with their own codes', () => {
    const junk = join(tmp.dir, 'junk.txt');
    writeFileSync(junk, 'not json, not PEM');
    const { status, result } = verify(artifact(), '--trusted-key', junk, '--signature', junk, '--revoked', junk);
    expect(status).toBe(1);
    expect(result.errors.map((e) => e.code)).toEqual([
      'verify.key_unusable',
      'verify.signature_unusable',
      'verify.revocations_unusable',
    ]);
  });
});

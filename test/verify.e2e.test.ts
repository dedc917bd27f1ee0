import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign as edSign } from 'node:crypto';
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
    // The format-2 canonical listing (docs/artifacts.md): the JSON list of [path, sha256] ordered by path bytes.
    const listing = JSON.stringify(
      [...record.files]
        .sort((a: { path: string }, b: { path: string }) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)))
        .map((f: { path: string; sha256: string }) => [f.path, f.sha256]),
    );
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
    writeFileSync(revoked, JSON.stringify({ revoked: [{ listing: 'acme.order-map', reason: 'leaks order data' }] }));
    const trusted = ['--signature', `${dir}.sig.json`, '--trusted-key', staff.pub, '--revoked', revoked];
    const { status, result } = verify(dir, ...trusted, '--listing', 'acme.order-map');
    expect(status).toBe(1);
    expect(result.decision).toMatchObject({ loads: false, realm: null });
    expect(reasons(result)).toEqual(['load.revoked']);
    expect(result.decision?.reasons[0]!.message).toContain('leaks order data');

    writeFileSync(revoked, JSON.stringify({ revoked: [{ listing: 'acme.another-extension' }] }));
    expect(verify(dir, ...trusted, '--listing', 'acme.order-map').result.decision?.realm).toBe('app');
  });

  it("a revocation is per listing: revoking another publisher's listing of the same id stops nothing of this one", () => {
    const dir = artifact();
    runCli(['sign', dir, '--key', staff.key]);
    const revoked = join(tmp.dir, `revoked-${n++}.json`);
    writeFileSync(revoked, JSON.stringify({ revoked: [{ listing: 'evil.order-map', reason: 'malware' }] }));
    const trusted = ['--signature', `${dir}.sig.json`, '--trusted-key', staff.pub, '--revoked', revoked];
    expect(verify(dir, ...trusted, '--listing', 'acme.order-map').result.decision).toMatchObject({
      loads: true,
      realm: 'app',
    });
    expect(reasons(verify(dir, ...trusted, '--listing', 'evil.order-map').result)).toEqual(['load.revoked']);
    // The listing must be this artifact's, and a revocation list needs one.
    expect(verify(dir, ...trusted, '--listing', 'acme.other').result.errors.map((e) => e.code)).toEqual([
      'verify.listing_mismatch',
    ]);
    const usage = runCli(['verify', dir, ...trusted, '--json']);
    expect(usage.status).toBe(2);
    expect(usage.stdout).toContain('verify.listing_required');
    // A list in the old form names an extension id alone: unusable, so nothing loads.
    writeFileSync(revoked, JSON.stringify({ revoked: [{ id: 'order-map' }] }));
    const old = verify(dir, ...trusted, '--listing', 'acme.order-map');
    expect(old.status).toBe(1);
    expect(old.result.errors.map((e) => e.code)).toEqual(['verify.revocations_unusable']);
    expect(old.result.errors[0]!.message).toMatch(/names a listing, "<publisher>.<id>"/);
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
    const { status, result } = verify(
      artifact(),
      '--trusted-key',
      junk,
      '--signature',
      junk,
      '--revoked',
      junk,
      '--listing',
      'acme.order-map',
    );
    expect(status).toBe(1);
    expect(result.errors.map((e) => e.code)).toEqual([
      'verify.key_unusable',
      'verify.signature_unusable',
      'verify.revocations_unusable',
    ]);
  });
});

describe('one integrity names one set of bytes', () => {
  const hex = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex');
  /** The format-1 integrity by hand: sha256 over `<sha256>  <path>\n` lines ordered by the paths' bytes. */
  const formatOne = (files: Array<[string, Buffer]>): string =>
    `sha256-${createHash('sha256')
      .update(
        [...files]
          .sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
          .map(([path, bytes]) => `${hex(bytes)}  ${path}\n`)
          .join(''),
      )
      .digest('base64')}`;

  /** Writes `files` as an artifact folder and seals a format-1 artifact.json over them, as a hostile publisher would. */
  function sealed(files: Array<[string, Buffer]>, format = 1): string {
    const dir = join(tmp.dir, `store-${n++}`, 'order-map', '1.0.0');
    mkdirSync(dir, { recursive: true });
    for (const [path, bytes] of files) {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), bytes);
    }
    const record = {
      artifact: format,
      id: 'order-map',
      version: '1.0.0',
      source: { package: null },
      files: [...files]
        .sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
        .map(([path, bytes]) => ({ path, size: bytes.length, sha256: hex(bytes) })),
      integrity: formatOne(files),
    };
    writeFileSync(join(dir, 'artifact.json'), `${JSON.stringify(record, null, 2)}\n`);
    return dir;
  }

  /** A staff signature over `integrity`, as `extkit sign` wrote it before paths were held to the rule. */
  function staffSignature(integrity: string): string {
    const key = createPrivateKey(readFileSync(staff.key));
    const der = createPublicKey(key).export({ type: 'spki', format: 'der' });
    const file = join(tmp.dir, `old-${n++}.sig.json`);
    writeFileSync(
      file,
      JSON.stringify({
        signature: 1,
        algorithm: 'ed25519',
        id: 'order-map',
        version: '1.0.0',
        integrity,
        keyId: hex(der).slice(0, 16),
        value: edSign(null, Buffer.from(integrity), key).toString('base64'),
      }),
    );
    return file;
  }

  it('refuses two artifacts whose crafted file names forge one format-1 listing: neither A signature nor A pin lets B load', () => {
    const read = (path: string): Buffer => readFileSync(join(built, path));
    const [bundle, map, manifest] = [read('dist/order-map.js'), read('dist/order-map.js.map'), read('manifest.json')];
    const evil = Buffer.concat([bundle, Buffer.from('\n;globalThis.stolen = "every order";\n')]);
    const filler = Buffer.from('x');
    // A: the benign bundle, plus a file whose name carries a line of B's listing.
    const a: Array<[string, Buffer]> = [
      [`a\n${hex(evil)}  dist/order-map.js`, filler],
      ['dist/order-map.js', bundle],
      ['dist/order-map.js.map', map],
      ['manifest.json', manifest],
    ];
    // B: the evil bundle, plus A's bundle under a name that carries the rest of A's listing.
    const b: Array<[string, Buffer]> = [
      ['a', filler],
      ['dist/order-map.js', evil],
      [`dist/order-map.js\n${hex(map)}  dist/order-map.js.map`, bundle],
      ['manifest.json', manifest],
    ];
    const pin = formatOne(a);
    expect(formatOne(b)).toBe(pin); // the forgery: the old listing cannot tell A from B
    const [dirA, dirB] = [sealed(a), sealed(b)];
    const signature = staffSignature(pin);

    const forged = verify(dirB, '--signature', signature, '--integrity', pin, '--trusted-key', staff.pub);
    expect(forged.status).toBe(1);
    expect(forged.result.ok).toBe(false);
    expect(forged.result.decision?.loads ?? false).toBe(false);
    expect(forged.result.errors.map((e) => e.code)).toContain('verify.path_unsafe');
    const unsafe = forged.result.errors.find((e) => e.code === 'verify.path_unsafe')!.message;
    expect(unsafe).toContain('"dist/order-map.js\\u000a'); // shown escaped, never as a line of its own
    expect(unsafe).not.toContain('\n');

    const original = verify(dirA, '--signature', signature, '--integrity', pin, '--trusted-key', staff.pub);
    expect(original.status).toBe(1);
    expect(original.result.errors.map((e) => e.code)).toContain('verify.path_unsafe');
    const text = runCli(['verify', dirB, '--signature', signature, '--integrity', pin, '--trusted-key', staff.pub]);
    expect(text.stdout).not.toContain('loads into the app realm');
    expect(text.stdout).not.toMatch(/\n[0-9a-f]{64} {2}dist/); // no forged listing line reaches the terminal

    const s = runCli(['sign', dirA, '--key', staff.key, '--json']);
    expect(s.status).toBe(1);
    expect(JSON.parse(s.stdout).errors.map((e: { code: string }) => e.code)).toContain('verify.path_unsafe');
  });

  it.each([
    ['a carriage return', 'dist/a\rb.js'],
    ['an escape sequence', 'dist/\u001b[2Jx.js'],
    ['a C1 control', 'dist/\u009bx.js'],
    ['a right-to-left override', 'dist/x\u202egnp.js'],
    ['a leading dash (an option)', '-rf'],
    ['a backslash', 'dist\\x.js'],
    ['a space', 'dist/my file.js'],
    ['a Windows device name', 'dist/nul.js'],
  ])('refuses a file named with %s in the artifact folder, and says which without printing it raw', (_label, name) => {
    const dir = artifact();
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), 'x');
    const { status, result } = verify(dir);
    expect(status).toBe(1);
    expect(result.decision?.loads ?? false).toBe(false);
    expect(result.errors.map((e) => e.code)).toEqual(['verify.path_unsafe']);
    // Printable ASCII only: nothing a terminal acts on, nothing that reorders the line.
    expect([...result.errors[0]!.message].filter((c) => c < ' ' || c > '~')).toEqual([]);
  });

  it('prints nothing a terminal acts on, whatever artifact.json and manifest.json hold', () => {
    const dir = artifact();
    const id = 'order-map\u001b]0;owned\u0007\u001b[2J\u009b31m';
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ ...manifest, id }));
    const record = JSON.parse(readFileSync(join(dir, 'artifact.json'), 'utf8')) as {
      id: string;
      files: Array<{ path: string; size: number; sha256: string }>;
      integrity: string;
    };
    record.id = id;
    for (const f of record.files) f.sha256 = hex(readFileSync(join(dir, f.path)));
    record.integrity = `sha256-${createHash('sha256')
      .update(JSON.stringify(record.files.map((f) => [f.path, f.sha256])))
      .digest('base64')}`;
    writeFileSync(join(dir, 'artifact.json'), JSON.stringify(record));
    const text = runCli(['verify', dir]);
    expect(text.stdout).toContain('every file matches artifact.json');
    expect([...text.stdout].filter((c) => (c < ' ' && c !== '\n') || (c >= '\u007f' && c <= '\u009f'))).toEqual([]);
  });

  it('reads a format-1 record whose paths are plain with the old listing, and refuses a format it does not know', () => {
    const files = ['dist/order-map.js', 'dist/order-map.js.map', 'manifest.json'].map((p): [string, Buffer] => [
      p,
      readFileSync(join(built, p)),
    ]);
    const old = sealed(files);
    const loads = verify(old, '--integrity', formatOne(files));
    expect(loads.status).toBe(0);
    expect(loads.result).toMatchObject({ ok: true, integrity: formatOne(files), decision: { realm: 'sandbox' } });
    // The same bytes under the current format hash differently: a format-1 pin never names a format-2 record.
    expect(integrity).not.toBe(formatOne(files));
    expect(verify(artifact(), '--integrity', formatOne(files)).result.decision?.reasons.map((r) => r.code)).toEqual([
      'load.integrity_mismatch',
    ]);

    const future = sealed(files, 3);
    const refused = verify(future);
    expect(refused.status).toBe(1);
    expect(refused.result.errors.map((e) => e.code)).toEqual(['verify.record_format']);
    expect(refused.result.errors[0]!.message).toMatch(/"artifact": 3.*update extkit/);
  });
});

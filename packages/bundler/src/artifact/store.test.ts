import { mkdirSync, mkdtempSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeRecord, serializeRecord } from './record.js';
import { markPublished } from './published.js';
import { inspectStore } from './inspect.js';
import { STALE_TMP_MS, writeArtifact } from './store.js';

const store = () => mkdtempSync(join(tmpdir(), 'extkit-store-'));
const record = (id: string, version: string, pkg: string | null, body = 'x') =>
  makeRecord(id, version, pkg, new Map([['index.js', Buffer.from(body)]]));
const put = async (out: string, r: ReturnType<typeof record>) =>
  writeArtifact(out, r, new Map([['index.js', Buffer.from('x')]]));

describe('inspectStore', () => {
  it('sees a new version, an identical one, a draft to replace, and a published one under the same version', async () => {
    const out = store();
    expect(await inspectStore(out, record('a', '1.0.0', 'p'), false)).toEqual({ kind: 'new' });
    await put(out, record('a', '1.0.0', 'p'));
    expect(await inspectStore(out, record('a', '1.0.0', 'p'), false)).toEqual({ kind: 'unchanged' });
    // Never published from this store: a draft, replaced by a build of other content.
    expect(await inspectStore(out, record('a', '1.0.0', 'p', 'y'), false)).toEqual({
      kind: 'replace',
      previous: record('a', '1.0.0', 'p').integrity,
    });
    await markPublished(join(out, 'a', '1.0.0'), {
      integrity: record('a', '1.0.0', 'p').integrity,
      marketplace: 'http://127.0.0.1:8787',
      listing: 'acme.a',
    });
    const changed = await inspectStore(out, record('a', '1.0.0', 'p', 'y'), false);
    expect(changed.kind === 'refused' && changed.errors.map((e) => e.code)).toEqual(['artifact.version_exists']);
    expect(changed.kind === 'refused' && changed.errors[0]!.message).toContain(
      'bump "version" in manifest.json to 1.0.1',
    );
    // The record sits beside the versions, never listed as one.
    expect(readdirSync(join(out, 'a'))).toEqual(['.published', '1.0.0']);
  });

  it('holds a new version to semver precedence against every stored version, ignoring other entries', async () => {
    const out = store();
    await put(out, record('a', '1.10.0', null));
    mkdirSync(join(out, 'a', 'not-a-version'));
    writeFileSync(join(out, 'a', '9.0.0.sig.json'), '{}');
    expect((await inspectStore(out, record('a', '1.9.0', null), false)).kind).toBe('refused');
    expect((await inspectStore(out, record('a', '1.10.0+build.2', null), false)).kind).toBe('refused');
    expect((await inspectStore(out, record('a', '1.10.1-alpha', null), false)).kind).toBe('new');
    await put(out, record('a', '2.0.0-rc.2', null));
    expect((await inspectStore(out, record('a', '2.0.0-rc.10', null), false)).kind).toBe('new'); // numeric prerelease parts compare as numbers
    expect((await inspectStore(out, record('a', '2.0.0-beta', null), false)).kind).toBe('refused'); // "beta" < "rc"
    expect((await inspectStore(out, record('a', '2.0.0', null), false)).kind).toBe('new'); // a release outranks its prereleases
  });

  it('sees a rename by package name in a shared store and by any other id in the own store', async () => {
    const out = store();
    await put(out, record('old-id', '1.0.0', '@acme/x'));
    const renamed = await inspectStore(out, record('new-id', '2.0.0', '@acme/x'), false);
    expect(renamed.kind === 'refused' && renamed.errors.map((e) => e.code)).toEqual(['artifact.id_renamed']);
    expect(await inspectStore(out, record('other', '1.0.0', '@acme/other'), false)).toEqual({ kind: 'new' });
    expect(await inspectStore(out, record('other', '1.0.0', null), false)).toEqual({ kind: 'new' });
    expect((await inspectStore(out, record('other', '1.0.0', null), true)).kind).toBe('refused');
  });
});

describe('writeArtifact', () => {
  it('writes every file and artifact.json in one rename, leaving no temporary folder', async () => {
    const out = store();
    const r = record('a', '1.0.0', null);
    await put(out, r);
    expect(readdirSync(out)).toEqual(['a']);
    expect(readdirSync(join(out, 'a', '1.0.0')).sort()).toEqual(['artifact.json', 'index.js']);
    expect(statSync(join(out, 'a', '1.0.0')).mode & 0o777).toBe(0o755); // not mkdtemp's private 0700
  });

  it('removes temporary folders a killed build left long ago, and not one a running build is writing', async () => {
    const out = store();
    mkdirSync(join(out, '.tmp-killed', 'dist'), { recursive: true });
    const old = (Date.now() - STALE_TMP_MS - 60_000) / 1000;
    utimesSync(join(out, '.tmp-killed'), old, old);
    mkdirSync(join(out, '.tmp-running'));
    await put(out, record('a', '1.0.0', null));
    expect(readdirSync(out).sort()).toEqual(['.tmp-running', 'a']);
  });

  it('cleans up after a failed rename and leaves what was there', async () => {
    const out = store();
    mkdirSync(join(out, 'a', '1.0.0'), { recursive: true });
    writeFileSync(join(out, 'a', '1.0.0', 'keep'), serializeRecord(record('a', '1.0.0', null)));
    await expect(put(out, record('a', '1.0.0', null))).rejects.toThrow();
    expect(readdirSync(out)).toEqual(['a']);
    expect(readdirSync(join(out, 'a', '1.0.0'))).toEqual(['keep']);
  });
});

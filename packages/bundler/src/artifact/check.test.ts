import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkArtifact } from './check.js';
import { makeRecord, serializeRecord } from './record.js';

function artifact(files: Record<string, string>, listed: Record<string, string> = files): string {
  const dir = mkdtempSync(join(tmpdir(), 'extkit-check-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const record = makeRecord('x', '1.0.0', null, new Map(Object.entries(listed).map(([p, t]) => [p, Buffer.from(t)])));
  writeFileSync(join(dir, 'artifact.json'), serializeRecord(record));
  return dir;
}

describe('checkArtifact', () => {
  it('recomputes the integrity of an intact artifact', async () => {
    const dir = artifact({ 'manifest.json': '{}', 'dist/a.js': '1' });
    const r = await checkArtifact(dir);
    expect(r.errors).toEqual([]);
    expect(r.integrity).toBe(r.record?.integrity);
  });

  it('never reads a listed path outside the artifact', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'extkit-outside-'));
    writeFileSync(join(outside, 'secret'), 's');
    const dir = artifact({ 'a.js': '1' }, { 'a.js': '1', [`../${outside.split('/').pop()}/secret`]: 's' });
    const r = await checkArtifact(dir);
    expect(r.errors.map((e) => e.code)).toEqual(['verify.path_unsafe']);
    expect(r.uncovered).toEqual([`../${outside.split('/').pop()}/secret`]);
  });

  it('refuses a record that lists one path twice or two paths that differ only by case', async () => {
    const dir = artifact({ 'a.js': '1', 'A.js': '2' });
    expect((await checkArtifact(dir)).errors.map((e) => e.code)).toEqual(['verify.path_unsafe']);
    const twice = artifact({ 'a.js': '1' });
    const record = JSON.parse(readFileSync(join(twice, 'artifact.json'), 'utf8')) as { files: unknown[] };
    record.files.push(record.files[0]);
    writeFileSync(join(twice, 'artifact.json'), JSON.stringify(record));
    expect((await checkArtifact(twice)).errors.map((e) => e.code)).toContain('verify.path_unsafe');
  });

  it('refuses a symbolic link in place of a listed file, even one whose target matches', async () => {
    const target = join(mkdtempSync(join(tmpdir(), 'extkit-target-')), 'a.js');
    writeFileSync(target, '1');
    const dir = artifact({}, { 'a.js': '1' });
    symlinkSync(target, join(dir, 'a.js'));
    expect((await checkArtifact(dir)).errors.map((e) => e.code)).toEqual(['verify.file_not_allowed']);
  });
});

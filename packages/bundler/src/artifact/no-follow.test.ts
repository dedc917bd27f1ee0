import { mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LinkRefusal, OutsideRefusal, readNoFollow, writeNoFollow } from './no-follow.js';

function world(): { root: string; victim: string; elsewhere: string } {
  const base = mkdtempSync(join(tmpdir(), 'extkit-nofollow-'));
  const root = join(base, 'store');
  const elsewhere = join(base, 'elsewhere');
  mkdirSync(root);
  mkdirSync(elsewhere);
  const victim = join(elsewhere, 'victim.txt');
  writeFileSync(victim, 'mine');
  return { root, victim, elsewhere };
}

describe('writeNoFollow, the one way the store and the install cache are written', () => {
  it('writes a file below the root, creating its folders', async () => {
    const { root } = world();
    await writeNoFollow(root, join(root, 'a', 'b', 'c.json'), '{}');
    expect(readFileSync(join(root, 'a', 'b', 'c.json'), 'utf8')).toBe('{}');
    await writeNoFollow(root, join(root, 'a', 'b', 'c.json'), '[]');
    expect(readFileSync(join(root, 'a', 'b', 'c.json'), 'utf8')).toBe('[]');
  });

  it('refuses a link at the file itself, truncating nothing', async () => {
    const { root, victim } = world();
    symlinkSync(victim, join(root, 'x.json'));
    await expect(writeNoFollow(root, join(root, 'x.json'), 'owned')).rejects.toBeInstanceOf(LinkRefusal);
    await expect(writeNoFollow(root, join(root, 'x.json'), 'owned', { exclusive: true })).rejects.toBeInstanceOf(
      LinkRefusal,
    );
    expect(readFileSync(victim, 'utf8')).toBe('mine');
  });

  it('refuses a link at any folder on the way, the root included, and a dangling link', async () => {
    const { root, victim, elsewhere } = world();
    symlinkSync(elsewhere, join(root, 'linked'));
    await expect(writeNoFollow(root, join(root, 'linked', 'victim.txt'), 'owned')).rejects.toThrow(
      /linked is a symbolic link/,
    );
    const dangling = join(root, 'dangling.json');
    symlinkSync(join(elsewhere, 'new.txt'), dangling);
    await expect(writeNoFollow(root, dangling, 'owned')).rejects.toBeInstanceOf(LinkRefusal);
    const linkedRoot = join(root, 'root-link');
    symlinkSync(elsewhere, linkedRoot);
    await expect(writeNoFollow(linkedRoot, join(linkedRoot, 'victim.txt'), 'owned')).rejects.toBeInstanceOf(
      LinkRefusal,
    );
    expect(readFileSync(victim, 'utf8')).toBe('mine');
    expect(readdirSync(elsewhere)).toEqual(['victim.txt']);
  });

  it('refuses a path that leaves the root', async () => {
    const { root, elsewhere } = world();
    await expect(writeNoFollow(root, join(root, '..', 'elsewhere', 'x'), 'owned')).rejects.toBeInstanceOf(
      OutsideRefusal,
    );
    await expect(writeNoFollow(root, root, 'owned')).rejects.toBeInstanceOf(OutsideRefusal);
    expect(readdirSync(elsewhere)).toEqual(['victim.txt']);
  });

  it('reads only what is really below the root: never a linked file, nor through a linked folder', async () => {
    const { root, victim, elsewhere } = world();
    writeFileSync(join(root, 'own.txt'), 'own');
    expect((await readNoFollow(root, join(root, 'own.txt'))).toString()).toBe('own');
    symlinkSync(victim, join(root, 'secret.txt'));
    await expect(readNoFollow(root, join(root, 'secret.txt'))).rejects.toBeInstanceOf(LinkRefusal);
    symlinkSync(elsewhere, join(root, 'dist'));
    await expect(readNoFollow(root, join(root, 'dist', 'victim.txt'))).rejects.toBeInstanceOf(LinkRefusal);
  });
});

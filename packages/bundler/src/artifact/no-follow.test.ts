import { spawn, type ChildProcess } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LinkRefusal, OutsideRefusal, readNoFollow, removeNoFollow, writeNoFollow } from './no-follow.js';

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

/** Another process that swaps `id` for a link to `elsewhere` and back, as fast as it can, until killed. */
function swap(id: string, root: string, elsewhere: string): ChildProcess {
  return spawn(
    process.execPath,
    [
      '-e',
      `const fs = require('node:fs');
       const [id, away, link, elsewhere] = process.argv.slice(1);
       fs.symlinkSync(elsewhere, link);
       const hold = () => { const t = process.hrtime.bigint(); while (process.hrtime.bigint() - t < 30000n); };
       const end = Date.now() + 20000;
       while (Date.now() < end) {
         try { fs.renameSync(id, away); } catch { continue; }
         try { fs.renameSync(link, id); hold(); fs.renameSync(id, link); } catch {}
         // A write may have made a new folder at id meanwhile: drop it and put the real one back.
         for (let i = 0; i < 100; i++) {
           try { fs.renameSync(away, id); break; } catch { try { fs.rmSync(id, { recursive: true, force: true }); } catch {} }
         }
       }`,
      id,
      join(root, 'away'),
      join(root, 'link'),
      elsewhere,
    ],
    { stdio: 'ignore' },
  );
}

describe('writeNoFollow against a link planted or swapped in', () => {
  it('never writes into a file a hard link shares with another folder: the name is replaced, the other file kept', async () => {
    const { root, victim } = world();
    mkdirSync(join(root, 'id'));
    linkSync(victim, join(root, 'id', '1.0.0.meta.json'));
    await writeNoFollow(root, join(root, 'id', '1.0.0.meta.json'), 'analysis');
    expect(readFileSync(victim, 'utf8')).toBe('mine');
    expect(readFileSync(join(root, 'id', '1.0.0.meta.json'), 'utf8')).toBe('analysis');
    expect(readdirSync(join(root, 'id'))).toEqual(['1.0.0.meta.json']);
  });

  it.runIf(process.platform === 'linux')(
    'writes into the folder it checked while another process swaps that folder for a link',
    async () => {
      const { root, elsewhere } = world();
      const id = join(root, 'id');
      mkdirSync(id);
      const swapper = swap(id, root, elsewhere);
      let written = 0;
      try {
        const end = Date.now() + 3000;
        // A write that meets the swap may fail (the folder is gone, or is a link); none may land elsewhere.
        for (let i = 0; Date.now() < end; i += 8) {
          const writes = [0, 1, 2, 3, 4, 5, 6, 7].map((k) =>
            writeNoFollow(root, join(id, `${i + k}.json`), 'x').then(
              () => 1,
              (err: unknown) => {
                if (!(err instanceof LinkRefusal) && typeof (err as NodeJS.ErrnoException).code !== 'string') throw err;
                return 0;
              },
            ),
          );
          for (const ok of await Promise.all(writes)) written += ok;
        }
      } finally {
        swapper.kill();
      }
      expect(written).toBeGreaterThan(100);
      expect(readdirSync(elsewhere)).toEqual(['victim.txt']);
    },
    15_000,
  );
});

describe('removeNoFollow, how the install cache is emptied', () => {
  it('removes a folder and all it holds, and a link inside it as a link, never what it points to', async () => {
    const { root, victim, elsewhere } = world();
    mkdirSync(join(root, 'cache', 'acme.card', 'dist'), { recursive: true });
    writeFileSync(join(root, 'cache', 'acme.card', 'dist', 'index.js'), 'x');
    symlinkSync(elsewhere, join(root, 'cache', 'acme.card', 'linked'));
    await removeNoFollow(root, join(root, 'cache', 'acme.card'));
    expect(readdirSync(join(root, 'cache'))).toEqual([]);
    expect(readFileSync(victim, 'utf8')).toBe('mine');
    symlinkSync(elsewhere, join(root, 'other'));
    await expect(removeNoFollow(root, join(root, 'other', 'victim.txt'))).rejects.toBeInstanceOf(LinkRefusal);
    expect(readFileSync(victim, 'utf8')).toBe('mine');
  });

  it.runIf(process.platform === 'linux')(
    'removes nothing elsewhere while another process swaps a folder on the way for a link',
    async () => {
      const { root, elsewhere } = world();
      const id = join(root, 'id');
      mkdirSync(id);
      // What a swap would expose: elsewhere holds the same names as the folder being emptied.
      for (let i = 0; i < 50; i++) mkdirSync(join(elsewhere, `v${i}`, 'dist'), { recursive: true });
      const swapper = swap(id, root, elsewhere);
      let removed = 0;
      try {
        const end = Date.now() + 3000;
        for (let round = 0; Date.now() < end; round++) {
          const runs = Array.from({ length: 8 }, (_, k) => `v${(round * 8 + k) % 50}`).map((name) =>
            removeNoFollow(root, join(id, name, 'dist')).then(
              () => 1,
              (err: unknown) => {
                if (!(err instanceof LinkRefusal) && typeof (err as NodeJS.ErrnoException).code !== 'string') throw err;
                return 0;
              },
            ),
          );
          for (const ok of await Promise.all(runs)) removed += ok;
        }
      } finally {
        swapper.kill();
      }
      expect(removed).toBeGreaterThan(100);
      expect(readdirSync(elsewhere).length).toBe(51);
      for (let i = 0; i < 50; i++) expect(readdirSync(join(elsewhere, `v${i}`))).toEqual(['dist']);
    },
    15_000,
  );
});

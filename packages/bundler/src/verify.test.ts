import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from './build.js';
import { verify } from './verify.js';

const fixture = resolve(import.meta.dirname, '../../../test/fixtures/build-basic');

describe('verify decides on the bytes it hashed', () => {
  it('never on a manifest.json changed after it was hashed, however fast another process changes it', async () => {
    const base = mkdtempSync(join(tmpdir(), 'extkit-verify-race-'));
    const project = join(base, 'project');
    cpSync(fixture, project, { recursive: true });
    const built = await build(project, { out: join(base, 'store') });
    const dir = built.artifact!.dir;
    // The pinned bytes declare hostAbi 1; the same manifest with hostAbi 2 (the host's) is swapped in and out.
    const pinned = readFileSync(join(dir, 'manifest.json'), 'utf8');
    const manifest = JSON.parse(pinned) as { hostAbi: number };
    expect(manifest.hostAbi).toBe(1);
    writeFileSync(join(base, 'a.json'), pinned);
    writeFileSync(join(base, 'b.json'), JSON.stringify({ ...manifest, hostAbi: 2 }));
    const swapper = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs');
         const [a, b, tmp, target] = process.argv.slice(1);
         const end = Date.now() + 20000;
         while (Date.now() < end)
           for (const from of [a, b]) { fs.copyFileSync(from, tmp); fs.renameSync(tmp, target); }`,
        join(base, 'a.json'),
        join(base, 'b.json'),
        join(base, 'tmp.json'),
        join(dir, 'manifest.json'),
      ],
      { stdio: 'ignore' },
    );
    const decisions: string[] = [];
    try {
      const end = Date.now() + 3000;
      while (Date.now() < end) {
        const runs = Array.from({ length: 4 }, () => verify(dir, { integrity: built.artifact!.integrity, hostAbi: 2 }));
        for (const r of await Promise.all(runs))
          decisions.push(r.decision ? (r.decision.loads ? 'loads' : r.decision.reasons[0]!.code) : 'none');
      }
    } finally {
      swapper.kill();
    }
    // Hashed as pinned, the manifest says hostAbi 1: a mismatch. Hashed as swapped, the pin fails. Never both at once.
    expect(decisions.length).toBeGreaterThan(20);
    expect(decisions.filter((d) => d === 'loads')).toEqual([]);
    expect(decisions).toContain('load.host_abi_mismatch');
  }, 30_000);
});

// The live loop without a browser: a Session over a copy of the e2e fixture.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PreviewState } from '../types.js';
import { Session } from './session.js';

let dir: string;
let session: Session;
const fixture = new URL('../../../../test/fixtures/preview-basic', import.meta.url);

const next = (): Promise<PreviewState> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no update within 5 s')), 5000);
    const off = session.onChange((s) => (clearTimeout(timer), off(), resolve(structuredClone(s))));
  });
const editManifest = (change: (m: Record<string, unknown>) => void): void => {
  const path = join(dir, 'manifest.json');
  const m = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  change(m);
  writeFileSync(path, JSON.stringify(m));
};

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'extkit-session-'));
  cpSync(fixture, dir, { recursive: true });
  session = new Session({ dir, hostAbi: 1, watch: true });
  await session.start();
});
afterEach(async () => {
  await session.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Session', () => {
  it('builds and plans the declared surfaces', () => {
    expect(session.state.blocked).toBeNull();
    expect(session.state.surfaces.map((s) => s.key)).toEqual([
      'component:acme.hello-card.card',
      'slot:orders.sidebar',
      'route:/hello',
    ]);
    expect(session.bundle).toContain('acme.hello-card.card');
    expect(session.state.overlay).toBeNull();
  });

  it('keeps the last valid manifest applied under an overlay when manifest.json breaks', async () => {
    const revision = session.state.revision;
    const update = next();
    writeFileSync(join(dir, 'manifest.json'), '{ "id": "hello-card", ');
    const state = await update;
    expect(state.overlay?.title).toBe('manifest.json is invalid: the last valid manifest still applies');
    expect(state.overlay?.diagnostics[0]?.code).toBe('json.syntax');
    expect(state.surfaces).toHaveLength(3);
    expect(state.revision).toBe(revision);
  });

  it('loads nothing, with the reason, when contributes declares nothing', async () => {
    const update = next();
    editManifest((m) => (m['contributes'] = {}));
    const state = await update;
    expect(state.blocked?.code).toBe('load.declares_nothing');
    expect(state.surfaces).toEqual([]);
  });

  it("picks up a second save that lands within chokidar's 50 ms window", async () => {
    const version = join(dir, 'src', 'version.ts');
    writeFileSync(version, "export const VERSION = 'first';\n");
    await new Promise((r) => setTimeout(r, 15));
    writeFileSync(version, "export const VERSION = 'second';\n");
    const end = Date.now() + 3000;
    while (!session.bundle?.includes('"second"') && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(session.bundle).toContain('"second"');
  });

  it('re-applies declared origins from a changed manifest and reloads the frames', async () => {
    const revision = session.state.revision;
    const update = next();
    editManifest(
      (m) =>
        ((m['capabilities'] as { network: string[] }).network = ['https://api.example.com', 'https://cdn.example.com']),
    );
    const state = await update;
    expect(state.declared.network).toEqual(['https://api.example.com', 'https://cdn.example.com']);
    expect(state.revision).toBe(revision + 1);
  });
});

describe('Session without sources', () => {
  it('names the missing file when package.json names the source', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'extkit-session-named-'));
    cpSync(join(fixture.pathname, 'manifest.json'), join(bare, 'manifest.json'));
    writeFileSync(join(bare, 'package.json'), JSON.stringify({ name: 'x', extkit: { source: 'lib/main.ts' } }));
    const s = new Session({ dir: bare, hostAbi: 1, watch: false });
    try {
      await s.start();
      const d = s.state.diagnostics.find((x) => x.code === 'preview.no_source_entry');
      expect(d?.message).toContain('lib/main.ts');
    } finally {
      await s.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it('says there is no source entry, then builds once one appears', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'extkit-session-bare-'));
    cpSync(join(fixture.pathname, 'manifest.json'), join(bare, 'manifest.json'));
    const s = new Session({ dir: bare, hostAbi: 1, watch: true });
    try {
      await s.start();
      expect(s.state.diagnostics.map((d) => d.code)).toContain('preview.no_source_entry');
      expect(s.state.blocked?.code).toBe('preview.no_build');
      const update = new Promise<PreviewState>((resolve) => {
        const off = s.onChange((st) => {
          if (st.blocked === null) {
            off();
            resolve(st);
          }
        });
      });
      cpSync(join(fixture.pathname, 'src'), join(bare, 'src'), { recursive: true });
      const state = await update;
      expect(state.overlay).toBeNull();
      expect(s.bundle).toContain('acme.hello-card.card');
    } finally {
      await s.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

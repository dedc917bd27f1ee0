// State you can keep, as a user runs it: `extkit emulate --export` on Ctrl-C, `--import` at
// start (PGlite and PostgreSQL), `extkit emulate export|import` against a running one, reset to
// the import, and the refusals (the working folder, a newer format, a tampered file).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli, tempDir } from './helpers/cli.js';
import { startEmulateProcess, type EmulateProcess } from './helpers/emulate.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from './helpers/postgres.js';

const work = tempDir('extkit-state-');
const running: EmulateProcess[] = [];
let cluster: PostgresCluster | undefined;
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop()));
  await cluster?.stop();
  work.cleanup();
});

const start = async (args: string[]): Promise<EmulateProcess> => {
  const p = await startEmulateProcess(args);
  running.push(p);
  return p;
};
const api = (p: EmulateProcess, path: string, init: RequestInit = {}) =>
  fetch(`${p.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${p.apiKey}`, 'content-type': 'application/json' },
  });
const admin = (p: EmulateProcess, path: string, body: unknown) =>
  fetch(`${p.adminUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('extkit emulate --export / --import', () => {
  const out = join(work.dir, 'state');
  let contactId = '';
  let apiKey = '';

  beforeAll(async () => {
    const emu = await start(['--memory', '--seed', 'demo', '--export', out]);
    apiKey = emu.apiKey;
    const made = (await (
      await api(emu, '/contacts', { method: 'POST', body: JSON.stringify({ email: 'kept@example.org' }) })
    ).json()) as { id: string };
    contactId = made.id;
    expect(
      (await admin(emu, '/actions/capture', { siteId: 'site_0000001', fields: { email: 'l@example.org' } })).status,
    ).toBe(201);
    expect(await emu.stop()).toBe(0);
  }, 120_000);

  it('writes the whole state on Ctrl-C: metadata.json with the format version, one readable file a table, no temporary folder left', () => {
    const meta = JSON.parse(readFileSync(join(out, 'metadata.json'), 'utf8')) as {
      formatVersion: number;
      kind: string;
      tables: Record<string, { file: string; rows: number }>;
    };
    expect(meta).toMatchObject({ formatVersion: 1, kind: 'extkit-emulator-export' });
    expect(meta.tables.objects!.rows).toBeGreaterThan(600);
    const lines = readFileSync(join(out, 'objects.jsonl'), 'utf8').trim().split('\n');
    const kept = lines.map((l) => JSON.parse(l) as { kind: string; id: string; body: { email?: string } });
    expect(kept.find((r) => r.kind === 'contact' && r.id === contactId)?.body.email).toBe('kept@example.org');
    expect(kept.some((r) => r.kind === 'lead' && r.body.email === 'l@example.org')).toBe(true);
    expect(readdirSync(work.dir).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('starts from it (same key, same data), and reset returns to it rather than the seed', async () => {
    const emu = await start(['--memory', '--seed', 'none', '--import', out]);
    expect(emu.apiKey).toBe(apiKey);
    expect((await api(emu, `/contacts/${contactId}`)).status).toBe(200);
    await api(emu, `/contacts/${contactId}`, { method: 'DELETE' });
    expect((await admin(emu, '/reset', {})).status).toBe(200);
    expect((await api(emu, `/contacts/${contactId}`)).status).toBe(200);
    await emu.stop();
  }, 120_000);

  it.skipIf(postgresUnavailable())(
    'imports into PostgreSQL alike',
    async () => {
      cluster = await startPostgres();
      const emu = await start(['--database', await cluster.createDatabase('imported'), '--import', out]);
      const c = (await (await api(emu, `/contacts/${contactId}`)).json()) as { email: string };
      expect(c.email).toBe('kept@example.org');
      const leads = (await (await api(emu, '/leads?siteId=site_0000001&limit=1')).json()) as {
        data: { email: string }[];
      };
      expect(leads.data[0]!.email).toBe('l@example.org');
      // And exports from it: the same rows, read as one snapshot of PostgreSQL.
      const again = join(work.dir, 'from-postgres');
      const r = runCli(['emulate', 'export', again, '--url', new URL(emu.baseUrl).origin], { cwd: work.dir });
      expect(r.status, r.stderr).toBe(0);
      const meta = JSON.parse(readFileSync(join(again, 'metadata.json'), 'utf8')) as { engine: string };
      expect(meta.engine).toBe('postgres');
      expect(readFileSync(join(again, 'objects.jsonl'), 'utf8')).toBe(readFileSync(join(out, 'objects.jsonl'), 'utf8'));
      await emu.stop();
    },
    120_000,
  );

  it('exports from and imports into a running emulator with extkit emulate export|import', async () => {
    const emu = await start(['--memory', '--seed', 'demo']);
    const origin = new URL(emu.baseUrl).origin;
    const dir = join(work.dir, 'running');
    const r = runCli(['emulate', 'export', dir, '--url', origin, '--json'], { cwd: work.dir });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, dir, formatVersion: 1 });
    const imported = runCli(['emulate', 'import', out, '--url', origin, '--json']);
    expect(JSON.parse(imported.stdout)).toMatchObject({ ok: true, apiKey });
    // The keys are the export's: the default key of the state it came from answers, the old one is gone.
    expect((await api({ ...emu, apiKey }, `/contacts/${contactId}`)).status).toBe(200);
    expect((await api(emu, `/contacts/${contactId}`)).status).toBe(401);
    // An earlier export is replaced whole.
    expect(runCli(['emulate', 'export', dir, '--url', origin], { cwd: work.dir }).status).toBe(0);
    const objects = readFileSync(join(dir, 'objects.jsonl'), 'utf8');
    expect(objects).toContain('kept@example.org');
    await emu.stop();
  }, 120_000);

  it('refuses the working folder or a parent, and a folder of other files, before anything is written', async () => {
    const here = runCli(['emulate', '--memory', '--export', '.', '--json']);
    expect(here.status).toBe(2);
    expect(here.stdout).toContain('state.export_target_unsafe');
    const emu = await start(['--memory', '--seed', 'none']);
    const origin = new URL(emu.baseUrl).origin;
    const parent = runCli(['emulate', 'export', join(repoRoot, '..'), '--url', origin]);
    expect(parent.status).toBe(2);
    expect(parent.stderr).toContain('working folder or one of its parents');
    const mine = join(work.dir, 'mine');
    runCli(['emulate', 'export', mine, '--url', origin], { cwd: work.dir });
    writeFileSync(join(work.dir, 'notes.txt'), 'mine');
    const other = runCli(['emulate', 'export', work.dir, '--url', origin], { cwd: repoRoot });
    expect(other.status).toBe(2);
    expect(readFileSync(join(work.dir, 'notes.txt'), 'utf8')).toBe('mine');
    await emu.stop();
  }, 120_000);

  it('refuses a newer format and a tampered file loudly, and starts nothing', () => {
    const meta = readFileSync(join(out, 'metadata.json'), 'utf8');
    writeFileSync(join(out, 'metadata.json'), JSON.stringify({ ...JSON.parse(meta), formatVersion: 99 }));
    const r = runCli(['emulate', '--memory', '--import', out, '--port', '0', '--json']);
    expect(r.status).toBe(2);
    expect(r.stdout).toContain('state.newer_format');
    expect(r.stderr).toContain('format 99 by a newer extkit');
    writeFileSync(join(out, 'metadata.json'), meta);
    const counters = readFileSync(join(out, 'counters.jsonl'), 'utf8');
    writeFileSync(join(out, 'counters.jsonl'), `${counters}{"name":"x","value":1}\n`);
    const t = runCli(['emulate', '--memory', '--import', out, '--port', '0', '--json']);
    expect(t.status).toBe(2);
    expect(t.stdout).toContain('state.corrupt');
    writeFileSync(join(out, 'counters.jsonl'), counters);
  });

  it('a second Ctrl-C quits at once, leaving no half export behind', async () => {
    const dir = join(work.dir, 'interrupted');
    const emu = await start(['--memory', '--seed', 'demo', '--export', dir]);
    emu.child.kill('SIGINT');
    emu.child.kill('SIGINT');
    const code = await emu.exited;
    expect([0, 130]).toContain(code);
    // Either the export finished whole before the second signal, or nothing is there.
    if (existsSync(dir)) expect(existsSync(join(dir, 'metadata.json'))).toBe(true);
    expect(readdirSync(work.dir).filter((n) => n.startsWith('.interrupted'))).toEqual([]);
  }, 120_000);
});

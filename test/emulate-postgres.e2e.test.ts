// Two `extkit emulate --database` processes on one PostgreSQL database serve one state,
// as the platform's servers do (000 §3, §4 Sites, §8): one rate-limit counter, one
// idempotency table, one winner of two racing subdomain creates (and of a dataset's last record
// slot), one schema migration.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extkitBin } from './helpers/cli.js';
import { startEmulateProcess, type EmulateProcess } from './helpers/emulate.js';
import { exec } from './helpers/exec.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from './helpers/postgres.js';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(`[extkit] skipping the PostgreSQL engine tests: ${unavailable}`);

let cluster: PostgresCluster;
let url: string;
let a: EmulateProcess;
let b: EmulateProcess;
let db: pg.Client;

const call = (
  emu: EmulateProcess,
  path: string,
  init: { method?: string; body?: unknown; key?: string; idempotencyKey?: string } = {},
): Promise<Response> =>
  fetch(emu.baseUrl + path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${init.key ?? emu.apiKey}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.idempotencyKey ? { 'idempotency-key': init.idempotencyKey } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
const admin = async (emu: EmulateProcess, path: string, body: unknown): Promise<Record<string, unknown>> => {
  const res = await fetch(emu.adminUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `admin ${path}`).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
};

/** Holds a SHARE lock on `objects` (no row can be written) while `during` runs; released after, whatever happens. A request still waiting on the lock is handed back in a box, so returning it does not wait for it. */
async function withWritesHeld<T>(during: () => Promise<T>): Promise<T> {
  await db.query('begin');
  await db.query('lock table objects in share mode');
  try {
    return await during();
  } finally {
    await db.query('rollback');
  }
}

/** Waits until `n` backends wait for a lock (the requests under test reached their write). */
/** One request sent by each emulator while writes are held, so both wait on the database together; their answers. */
async function raceHeld(
  send: (emu: EmulateProcess) => Promise<Response>,
): Promise<Array<{ status: number; body: { error?: { code?: string } } }>> {
  const responses = await withWritesHeld(async () => {
    const racing = [a, b].map(send);
    await waitersReach(2);
    return { racing };
  }).then(({ racing }) => Promise.all(racing));
  return Promise.all(
    responses.map(async (r) => ({ status: r.status, body: (await r.json()) as { error?: { code?: string } } })),
  );
}

async function waitersReach(n: number): Promise<void> {
  const probe = new pg.Client(url);
  await probe.connect();
  try {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 25))) {
      const [row] = (
        await probe.query<{ n: string }>('select count(distinct pid) as n from pg_locks where not granted')
      ).rows;
      if (Number(row!.n) >= n) return;
    }
    throw new Error(`fewer than ${n} requests reached their write within 30 s`);
  } finally {
    await probe.end();
  }
}

describe.skipIf(unavailable)('extkit emulate --database: two emulators, one state', () => {
  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.createDatabase('emulator_shared');
    // Both start together on the fresh database: the migrations and the seed race.
    [a, b] = await Promise.all([
      startEmulateProcess(['--database', url, '--seed', 'demo']),
      startEmulateProcess(['--database', url, '--seed', 'demo']),
    ]);
    db = new pg.Client(url);
    await db.connect();
  }, 180_000);
  afterAll(async () => {
    await db?.end();
    await Promise.all([a?.stop(), b?.stop()]);
    await cluster?.stop();
  });

  it('runs the schema migrations once and seeds once when two emulators start together', async () => {
    const { rows } = await db.query<{ version: number; applied_by: string }>(
      'select version, applied_by from schema_migrations order by version',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.version)).size).toBe(rows.length);
    expect(a.apiKey).toBe(b.apiKey);
    for (const emu of [a, b]) {
      const sites = (await (await call(emu, '/sites')).json()) as { data: { subdomain: string }[] };
      expect(sites.data.map((s) => s.subdomain)).toEqual(['fjord-outfitters', 'harbor-cafe']);
    }
  });

  it('share the rate-limit counter of a key: 120 a minute across both, then 429 on either', async () => {
    const { key } = (await admin(a, '/keys', { scopes: [] })) as { key: string };
    // Both clocks to the top of the same fixed window, so the 122 requests fall in one.
    const toTop = 60_000 - (Date.now() % 60_000) + 200;
    await Promise.all([admin(a, '/clock', { advanceMs: toTop }), admin(b, '/clock', { advanceMs: toTop })]);
    const remaining: number[] = [];
    for (let i = 0; i < 120; i++) {
      const res = await call(i % 2 === 0 ? a : b, '/me', { key });
      expect(res.status).toBe(200);
      remaining.push(Number(res.headers.get('ratelimit-remaining')));
    }
    expect(remaining).toEqual(Array.from({ length: 120 }, (_, i) => 119 - i));
    for (const emu of [a, b]) {
      const refused = await call(emu, '/me', { key });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  }, 120_000);

  it('refuse a key in flight on one emulator with 409 idempotency_in_progress on the other, then replay it', async () => {
    const ds = (await (
      await call(a, '/datasets', { body: { name: 'Shared', fields: ['n'] }, idempotencyKey: 'ds-shared' })
    ).json()) as { id: string };
    const path = `/datasets/${ds.id}/records`;
    const first = await withWritesHeld(async () => {
      const pending = call(a, path, { body: { values: { n: 'one' } }, idempotencyKey: 'rec-1' });
      await waitersReach(1);
      const second = await call(b, path, { body: { values: { n: 'one' } }, idempotencyKey: 'rec-1' });
      expect(second.status).toBe(409);
      expect(((await second.json()) as { error: { code: string } }).error.code).toBe('idempotency_in_progress');
      return { pending };
    }).then(({ pending }) => pending);
    expect(first.status).toBe(201);
    const text = await first.text();
    const replay = await call(b, path, { body: { values: { n: 'one' } }, idempotencyKey: 'rec-1' });
    expect([replay.status, await replay.text()]).toEqual([200, text]);
    const list = (await (await call(b, path)).json()) as { data: unknown[] };
    expect(list.data).toHaveLength(1);
  }, 60_000);

  it("let exactly one of two racing record creates take a dataset's last slot; the other is refused 403 record_quota", async () => {
    const { key } = (await admin(a, '/keys', { plan: 'nearly-full' })) as { key: string };
    const ds = (await (await call(a, '/datasets', { key, body: { name: 'Band', fields: ['n'] } })).json()) as {
      id: string;
    };
    const path = `/datasets/${ds.id}/records`;
    const answers = await raceHeld((emu) => call(emu, path, { key, body: { values: { n: 'x' } } }));
    expect(answers.map((x) => x.status).sort()).toEqual([201, 403]);
    expect(answers.find((x) => x.status === 403)!.body.error!.code).toBe('record_quota');
    expect(((await (await call(b, path, { key })).json()) as { data: unknown[] }).data).toHaveLength(1);
  }, 60_000);

  it('let exactly one of two racing creates of one subdomain win; the loser writes nothing', async () => {
    const answers = await raceHeld((emu) =>
      call(emu, '/sites', { body: { displayName: 'Race', subdomain: 'racing-shop' } }),
    );
    expect(answers.map((x) => x.status).sort()).toEqual([201, 409]);
    expect(answers.find((x) => x.status === 409)!.body.error!.code).toBe('subdomain_taken');
    const sites = (await (await call(b, '/sites')).json()) as { data: { subdomain: string }[] };
    expect(sites.data.filter((s) => s.subdomain === 'racing-shop')).toHaveLength(1);
  }, 60_000);

  it('store exactly one of simultaneous publishes of one new version sent to both emulators', async () => {
    // Row locks and the (listing, version) key decide it on a real PostgreSQL, where transactions run at once.
    const work = mkdtempSync(join(tmpdir(), 'extkit-pg-publish-'));
    try {
      const fixture = resolve(import.meta.dirname, 'fixtures/build-basic');
      const dirs = ['a', 'b', 'c', 'd'].map((tag) => {
        const dir = join(work, tag);
        cpSync(fixture, dir, { recursive: true });
        const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
        manifest.version = '2.5.0';
        writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
        writeFileSync(
          join(dir, 'src/card.ts'),
          `export function renderCard(root: HTMLElement): void { root.textContent = '${tag}'; }\n`,
        );
        return dir;
      });
      // Each publish builds its own copy, then sends it to one of the two emulators.
      const results = await Promise.all(
        dirs.map((dir, i) =>
          exec(
            extkitBin,
            [
              'publish',
              dir,
              '--publisher',
              'acme',
              '--marketplace',
              new URL((i % 2 === 0 ? a : b).baseUrl).origin,
              '--json',
            ],
            { cwd: work },
          ),
        ),
      );
      const bodies = results.map(
        (r) => JSON.parse(r.stdout) as { ok: boolean; created: boolean | null; errors: Array<{ code: string }> },
      );
      expect(bodies.filter((x) => x.created === true)).toHaveLength(1);
      expect(bodies.filter((x) => !x.ok).map((x) => x.errors[0]?.code)).toEqual([
        'publish.version_exists',
        'publish.version_exists',
        'publish.version_exists',
      ]);
      const { rows } = await db.query<{ n: string }>(
        "select count(*) as n from mk_versions where listing = 'acme.order-map' and version = '2.5.0'",
      );
      expect(Number(rows[0]!.n)).toBe(1);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);
});

// Killing `extkit emulate` mid-write (SIGKILL) loses nothing it acknowledged: after a restart
// on the same --data folder every record answered 201 is there whole, no record is half
// written, every Idempotency-Key is honoured (a retry replays or runs, never twice), and the
// dataset's record band counts exactly the records stored.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from './helpers/cli.js';
import { startEmulateProcess, type EmulateProcess } from './helpers/emulate.js';

const tmp = tempDir('extkit-emulate-kill-');
afterAll(tmp.cleanup);
const data = join(tmp.dir, 'state');

interface RecordBody {
  id: string;
  object: string;
  values: { n: string };
  created: string;
}

const post = (emu: EmulateProcess, path: string, body: unknown, key?: string): Promise<Response> =>
  fetch(emu.baseUrl + path, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${emu.apiKey}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });

async function listAll(emu: EmulateProcess, path: string): Promise<RecordBody[]> {
  const all: RecordBody[] = [];
  let cursor = '';
  do {
    const res = await fetch(`${emu.baseUrl}${path}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, {
      headers: { authorization: `Bearer ${emu.apiKey}` },
    });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { data: RecordBody[]; next_cursor: string | null; has_more: boolean };
    all.push(...page.data);
    cursor = page.has_more ? (page.next_cursor ?? '') : '';
  } while (cursor);
  return all;
}

describe('extkit emulate --data, killed mid-write', () => {
  it('keeps every acknowledged record whole and honours every idempotency key after a restart', async () => {
    const first = await startEmulateProcess(['--data', data, '--seed', 'none']);
    const ds = (await (await post(first, '/datasets', { name: 'Kill', fields: ['n'] })).json()) as { id: string };
    const path = `/datasets/${ds.id}/records`;
    /** Every key sent, with the answer's body when it was acknowledged. */
    const sent = new Map<string, string | null>();
    let stop = false;
    const writer = async (w: number): Promise<void> => {
      // At most 100 writes: with the dataset's create they stay inside the key's 120 a minute.
      for (let i = 0; !stop && sent.size < 100; i++) {
        const key = `w${w}-${i}`;
        sent.set(key, null);
        try {
          const res = await post(first, path, { values: { n: key } }, key);
          const text = await res.text();
          if (res.status === 201) sent.set(key, text);
        } catch {
          return; // the connection died with the process: that write was never acknowledged
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    const acknowledged = (): number => [...sent.values()].filter((v) => v !== null).length;
    while (acknowledged() < 60 && sent.size < 100) await new Promise((r) => setTimeout(r, 10));
    first.child.kill('SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(await first.exited).toBeNull();

    const restarted = await startEmulateProcess(['--data', data, '--seed', 'none']);
    expect(restarted.apiKey).toBe(first.apiKey);
    // A fresh key of the same organization (keys are bound to the organization): a rate-limit window of its own for the retries.
    const fresh = (await (
      await fetch(`${restarted.adminUrl}/keys`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()) as { key: string };
    const second = { ...restarted, apiKey: fresh.key };
    try {
      const stored = await listAll(second, path);
      // Whole: each stored record is one a writer sent, with every member, at most once.
      for (const r of stored) {
        expect(Object.keys(r).sort()).toEqual(['created', 'id', 'object', 'updated', 'values']);
        expect(sent.has(r.values.n)).toBe(true);
      }
      expect(new Set(stored.map((r) => r.values.n)).size).toBe(stored.length);
      // Durable: every acknowledged record is there, as it was answered.
      const byId = new Map(stored.map((r) => [r.id, r]));
      for (const [, text] of [...sent].filter(([, t]) => t !== null)) {
        const answered = JSON.parse(text!) as RecordBody;
        expect(byId.get(answered.id)).toEqual(answered);
      }
      // Keys honoured: an acknowledged key replays its answer verbatim; a key cut off by the kill
      // runs now (201) or replays what committed before the answer was lost (200), never twice.
      for (const [key, text] of sent) {
        const retry = await post(second, path, { values: { n: key } }, key);
        const body = await retry.text();
        if (text !== null) expect([retry.status, body]).toEqual([200, text]);
        else expect([200, 201]).toContain(retry.status);
      }
      const after = await listAll(second, path);
      expect(after.map((r) => r.values.n).sort()).toEqual([...sent.keys()].sort());
      // The dataset's record band counted exactly what is stored, through the kill: with a band of that size the next record is refused, and a delete frees one slot.
      const plan = await fetch(`${restarted.adminUrl}/plan`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ plan: { recordsPerDataset: after.length } }),
      });
      expect(plan.status).toBe(200);
      const full = await post(second, path, { values: { n: 'one too many' } });
      expect([full.status, ((await full.json()) as { error: { code: string } }).error.code]).toEqual([
        403,
        'record_quota',
      ]);
      const removed = await fetch(`${second.baseUrl}${path}/${after[0]!.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${second.apiKey}` },
      });
      expect(removed.status).toBe(200);
      expect((await post(second, path, { values: { n: 'fits again' } })).status).toBe(201);
    } finally {
      expect(await restarted.stop()).toBe(0);
    }
  }, 240_000);
});

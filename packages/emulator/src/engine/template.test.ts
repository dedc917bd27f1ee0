// A fresh embedded store with the demo seed starts from a cached cluster, already migrated and
// seeded, made by the first such start; each store still gets a key of its own.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../index.js';

const cache = mkdtempSync(join(tmpdir(), 'extkit-template-'));
const before = process.env.XDG_CACHE_HOME;
// Start from the empty cluster a machine already has, so the test does not run initdb.
const held = join(before || join(homedir(), '.cache'), 'extkit');
mkdirSync(join(cache, 'extkit'));
if (existsSync(held))
  for (const f of readdirSync(held).filter((n) => n.endsWith('-empty.c2')))
    copyFileSync(join(held, f), join(cache, 'extkit', f));
process.env.XDG_CACHE_HOME = cache;
afterAll(() => {
  if (before === undefined) delete process.env.XDG_CACHE_HOME;
  else process.env.XDG_CACHE_HOME = before;
  rmSync(cache, { recursive: true, force: true });
});

const seeded = () => readdirSync(join(cache, 'extkit')).filter((n) => n.includes('-seed-demo-'));
const me = (baseUrl: string, key: string) =>
  fetch(`${baseUrl}/contacts/ct_0000001`, { headers: { authorization: `Bearer ${key}` } });

describe('the seeded cluster cache', () => {
  it('is kept by the first demo start with no plan given, and a later start uses it with a key of its own', async () => {
    const planned = await startEmulator({ seed: 'demo', plan: 'no-crm' });
    await planned.close();
    expect(seeded()).toEqual([]);
    const first = await startEmulator({ seed: 'demo' });
    expect(seeded()).toHaveLength(1);
    const second = await startEmulator({ seed: 'demo' });
    expect(second.apiKey).not.toBe(first.apiKey);
    expect((await me(second.baseUrl, second.apiKey)).status).toBe(200);
    expect((await me(second.baseUrl, first.apiKey)).status).toBe(401);
    await first.close();
    await second.close();
  }, 120_000);
});

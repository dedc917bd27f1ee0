// One organization's key reaches nothing of another's: every call of the client, reads and
// writes, made by a key of a fresh organization against the ids the demo organization owns,
// answers nothing of its data, and leaves its objects as they were.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '../packages/client/src/__fixtures__/calls.js';
import { ServiceClient, ServiceError } from '../packages/client/src/index.js';
import { startEmulator, type Emulator } from '../packages/emulator/dist/index.js';
import { seedForCalls } from './helpers/calls-seed.js';
import { repoRoot } from './helpers/cli.js';

const seed = seedForCalls();
const fixtureText = readFileSync(join(repoRoot, 'packages/client/src/__fixtures__/calls.ts'), 'utf8');

/**
 * Words only the demo organization's objects hold: every string of the seed long enough to be
 * data (a name, an email, a domain, a message), but not a date, and not one the calls send themselves.
 */
function markers(): string[] {
  const found = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') {
      if (v.length >= 8 && /[ @.]/.test(v) && !/^\d{4}-\d\d-\d\d/.test(v) && !fixtureText.includes(v)) found.add(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(seed);
  return [...found];
}

const retrieves = calls.filter(([label, , method]) => label.endsWith('.retrieve') && method === 'GET');

let emu: Emulator;
let owner: ServiceClient;
let foreign: ServiceClient;
beforeAll(async () => {
  emu = await startEmulator({ seed });
  owner = new ServiceClient({ baseUrl: emu.baseUrl, apiKey: await emu.createKey(), maxRetries: 0 });
  foreign = new ServiceClient({
    baseUrl: emu.baseUrl,
    apiKey: await emu.createKey({ plan: 'business' }),
    maxRetries: 0,
  });
}, 120_000);
afterAll(() => emu?.close());

/** What a call answered, as text: the data, or the error's message, code and fields. */
const answered = async (run: (c: ServiceClient) => unknown, client: ServiceClient): Promise<string> =>
  Promise.resolve(run(client)).then(
    (data) => JSON.stringify(data ?? null),
    (e: unknown) =>
      e instanceof ServiceError
        ? JSON.stringify({ status: e.status, type: e.type, code: e.code, message: e.message, fields: e.fields })
        : String(e),
  );

describe("another organization's key", () => {
  it("reads, lists, changes and deletes nothing of the demo organization's, through every call the client makes", async () => {
    const words = markers();
    expect(words.length).toBeGreaterThan(50);
    const before = await Promise.all(retrieves.map(([, run]) => answered(run, owner)));
    // The owner sees its own objects: the markers are there to be found.
    expect(words.some((w) => before.join('\n').includes(w))).toBe(true);

    const leaks: string[] = [];
    const statuses = new Map<string, number | null>();
    for (const [label, run] of calls) {
      const text = await answered(run, foreign);
      const word = words.find((w) => text.includes(w));
      if (word) leaks.push(`${label}: ${word}`);
      const status = /^\{"status":(\d+|null)/.exec(text)?.[1];
      if (status) statuses.set(label, status === 'null' ? null : Number(status));
    }
    expect(leaks).toEqual([]);
    // Another organization's object reads as a missing one: a 404, or the 400 001 gives for a site
    // the organization does not own (leads are read through one); never 200, never a 403 that says it exists.
    for (const [label] of retrieves)
      expect([label, statuses.get(label)]).toEqual([label, label === 'leads.retrieve' ? 400 : 404]);

    const after = await Promise.all(retrieves.map(([, run]) => answered(run, owner)));
    expect(after).toEqual(before);
  });
});

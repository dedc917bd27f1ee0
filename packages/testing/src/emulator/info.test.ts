// A file's organization is asked for while the run's emulator may still be opening its store: it
// listens first and answers once the store is open, which on a loaded machine takes longer than the
// few seconds an emulator that is up gets to answer.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freshOrganization, REACH_TIMEOUT_MS } from './info.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** An emulator that holds its first answer `ms` (a store still opening), then answers. */
async function slowToAnswer(ms: number): Promise<string> {
  server = createServer((req, res) => {
    setTimeout(() => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ key: 'ek_test_1', org: 'org_1' }));
    }, ms);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("a file's organization on the run's emulator", () => {
  it('waits for an emulator still starting as long as its start may take', async () => {
    const origin = await slowToAnswer(REACH_TIMEOUT_MS + 400);
    const info = { baseUrl: `${origin}/v1`, adminUrl: `${origin}/__emulator`, startingMs: 60_000 };
    await expect(freshOrganization(info)).resolves.toMatchObject({ apiKey: 'ek_test_1', org: 'org_1' });
  }, 15_000);

  it('names the URL when an emulator that is up does not answer in time', async () => {
    const origin = await slowToAnswer(REACH_TIMEOUT_MS + 2_000);
    const info = { baseUrl: `${origin}/v1`, adminUrl: `${origin}/__emulator` };
    await expect(freshOrganization(info)).rejects.toThrow(
      `The extkit emulator at ${origin}/v1 did not answer (no answer in ${REACH_TIMEOUT_MS / 1000} s)`,
    );
  }, 15_000);
});

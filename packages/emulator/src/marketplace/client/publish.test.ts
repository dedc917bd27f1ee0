// A marketplace that does not know dry runs (an older one, or a hostile one) publishes what a
// dry run sends: the client must never report that as "would be taken".
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { publishArtifact } from './publish.js';

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () =>
    res.writeHead(201, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        listing: 'acme.x',
        version: '1.0.0',
        integrity: 'sha256-x',
        state: 'listed',
        created: true,
        reason: null,
      }),
    ),
  );
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it('reports a dry run a marketplace answered as a publish, never as "would be taken"', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'extkit-dry-'));
  writeFileSync(join(dir, 'artifact.json'), JSON.stringify({ artifact: 1, files: [] }));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const r = await publishArtifact(dir, { marketplace: origin, key: 'pk_x', dryRun: true });
  expect([r.ok, r.dryRun, r.errors.map((e) => e.code)]).toEqual([false, true, ['publish.dry_run_unsupported']]);
  expect(r.errors[0]!.message).toContain('acme.x@1.0.0 may now be published');
  const real = await publishArtifact(dir, { marketplace: origin, key: 'pk_x' });
  expect([real.ok, real.created]).toEqual([true, true]);
});

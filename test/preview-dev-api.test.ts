// The preview's development endpoints (docs/preview.md, "The API panel, the Logs and local settings"):
// only the preview page may save settings, map stacks or drive the emulator; the settings file is
// written whole and read back at the next start; a malformed one is reported, never trusted.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../packages/preview/dist/index.js';
import { repoRoot } from './helpers/cli.js';

let dir: string;
let server: Awaited<ReturnType<typeof startDevServer>>;
let origin: string;
const file = (): string => join(dir, '.extkit/settings.local.json');

const put = (body: string, headers: Record<string, string> = {}) =>
  fetch(`${origin}/__extkit/settings`, {
    method: 'PUT',
    headers: { origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', ...headers },
    body,
  });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'extkit-dev-api-'));
  cpSync(join(repoRoot, 'test/fixtures/preview-api'), dir, { recursive: true });
  server = await startDevServer({ dir, watch: false });
  origin = server.url.slice(0, -1);
});
afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('PUT /__extkit/settings', () => {
  it('keeps the values in .extkit/settings.local.json, and the state carries them', async () => {
    const r = await put(JSON.stringify({ values: { apiKey: 'sk_test_1', count: 3, on: true } }));
    expect(r.status).toBe(204);
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toMatchObject({
      values: { apiKey: 'sk_test_1', count: 3, on: true },
    });
    const state = (await (await fetch(`${origin}/__extkit/state`)).json()) as { settings: { local: unknown } };
    expect(state.settings.local).toEqual({ apiKey: 'sk_test_1', count: 3, on: true });
  });

  it('refuses another page, another site and plain text before reading anything', async () => {
    const before = readFileSync(file(), 'utf8');
    const body = JSON.stringify({ values: { apiKey: 'stolen' } });
    expect((await put(body, { origin: 'http://127.0.0.1:1' })).status).toBe(403);
    expect((await put(body, { origin: 'null' })).status).toBe(403);
    expect((await put(body, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await put(body, { 'content-type': 'text/plain' })).status).toBe(415);
    const noOrigin = await fetch(`${origin}/__extkit/settings`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(noOrigin.status).toBe(403);
    expect(readFileSync(file(), 'utf8')).toBe(before);
  });

  it('refuses values that are not a settings form, and too much', async () => {
    const before = readFileSync(file(), 'utf8');
    expect((await put('not json')).status).toBe(400);
    expect((await put(JSON.stringify({ values: [1, 2] }))).status).toBe(400);
    expect((await put(JSON.stringify({ values: { nested: { a: 1 } } }))).status).toBe(400);
    expect((await put(JSON.stringify({ values: { n: null } }))).status).toBe(400);
    expect((await put(JSON.stringify({ values: { big: 'x'.repeat(300 * 1024) } }))).status).toBe(413);
    expect((await put(JSON.stringify({ values: { big: 'x'.repeat(100 * 1024) } }))).status).toBe(400);
    expect(readFileSync(file(), 'utf8')).toBe(before);
  });

  it('is read back at the next start; a malformed file is a warning and the defaults apply', async () => {
    const again = await startDevServer({ dir, watch: false });
    try {
      expect(again.state().settings.local).toEqual({ apiKey: 'sk_test_1', count: 3, on: true });
    } finally {
      await again.close();
    }
    mkdirSync(join(dir, '.extkit'), { recursive: true });
    writeFileSync(file(), '{ "values": { "apiKey": ');
    const broken = await startDevServer({ dir, watch: false });
    try {
      expect(broken.state().settings.local).toEqual({});
      expect(broken.state().diagnostics.map((d) => d.code)).toContain('preview.settings_unreadable');
    } finally {
      await broken.close();
    }
  });
});

describe('the other development endpoints', () => {
  it('maps a stack to the sources through the bundle map', async () => {
    // Where the bundle (as the frame runs it) holds a line of src/index.js.
    const doc = await (await fetch(`${origin}/__extkit/frame/${encodeURIComponent('route:/probe')}`)).text();
    const bundle = doc.slice(0, doc.indexOf('//# sourceURL=')).split('<script>').at(-1)!;
    const lines = bundle.split('\n');
    const line = lines.findIndex((l) => l.includes('ctx.root.append(out, xhrOut)'));
    expect(line).toBeGreaterThan(-1);
    const column = lines[line]!.indexOf('ctx.root.append') + 1;
    const stack = `Error: boom\n    at load (${origin}/__extkit/bundle.js:${line + 1}:${column})`;
    const r = await fetch(`${origin}/__extkit/stack`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ stack }),
    });
    expect(r.status).toBe(200);
    const mapped = ((await r.json()) as { stack: string }).stack;
    const source = readFileSync(join(dir, 'src/index.js'), 'utf8').split('\n');
    const want = source.findIndex((l) => l.includes('ctx.root.append(out, xhrOut)')) + 1;
    expect(mapped).toContain(`at load (src/index.js:${want}:`);
  });

  it('has no emulator to drive without --emulator, and drives none but the listed controls', async () => {
    const post = (path: string) =>
      fetch(`${origin}/__extkit/emulator/${path}`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: '{}',
      });
    expect((await post('reset')).status).toBe(409);
    expect((await post('../marketplace/listings')).status).not.toBe(200);
  });
});

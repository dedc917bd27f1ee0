// The browser run's plugin (the Node side), over HTTP as the test page reaches it: the project
// validated with render()'s codes, the frame's document with the preview's policy, and what it
// refuses to another page on this machine.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extkitBrowser } from './plugin.js';
import { ADMIN_PATH, FRAME_PATH, PROJECT_PATH, type ProjectAnswer } from './routes.js';

const work = mkdtempSync(join(tmpdir(), 'extkit-browser-plugin-'));
let server: Server;
let origin: string;

const MANIFEST = {
  id: 'plugin-card',
  name: 'Plugin Card',
  version: '1.0.0',
  entry: 'dist/index.js',
  hostAbi: 1,
  capabilities: { events: ['liked'], network: ['https://api.example.com'] },
  contributes: { site: { components: ['acme.plugin-card.card'] } },
};

function project(name: string, manifest: object, source: string): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, private: true, extkit: { publisher: 'acme' } }));
  writeFileSync(join(dir, 'src/index.ts'), source);
  return join(dir, 'manifest.json');
}

const ask = (manifest: string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(origin + PROJECT_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ manifest, publisher: null }),
  });

beforeAll(async () => {
  const plugin = extkitBrowser();
  const handlers: Array<Parameters<Parameters<typeof plugin.configureServer>[0]['middlewares']['use']>[0]> = [];
  server = createServer((req, res) => {
    const [handler] = handlers;
    handler!(req, res, () => void res.writeHead(404).end('next'));
  });
  plugin.configureServer({ middlewares: { use: (h) => handlers.push(h) }, httpServer: server });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

describe('extkitBrowser()', () => {
  it('validates and builds the project, and serves its frame with the manifest policy and the scripts pinned', async () => {
    const manifest = project(
      'good',
      MANIFEST,
      "import { registerComponent } from '@extkit/runtime';\nregisterComponent('acme.plugin-card.card', (ctx) => { ctx.root.textContent = 'hi'; });\n",
    );
    const answer = (await (await ask(manifest)).json()) as ProjectAnswer;
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.project.manifest.id).toBe('plugin-card');
    const frame = await fetch(`${origin}${FRAME_PATH}${answer.project.token}`);
    expect(frame.status).toBe(200);
    const csp = frame.headers.get('content-security-policy')!;
    expect(csp).toContain('connect-src https://api.example.com;');
    expect(csp).toContain('sandbox allow-scripts');
    expect(csp).toContain(`frame-ancestors ${origin}`);
    expect(csp.match(/'sha256-/g)).toHaveLength(4); // the transport, the test channel, the bundle; the base style
    expect(await frame.text()).toContain('acme.plugin-card.card');

    // With the test's API routed to an emulator, that origin joins connect-src, as under extkit dev --emulator.
    const routing = encodeURIComponent(
      JSON.stringify({ api: 'https://api.example.com/v1', emulator: 'http://127.0.0.1:4010/v1' }),
    );
    const routed = await fetch(`${origin}${FRAME_PATH}${answer.project.token}?routing=${routing}`);
    expect(routed.headers.get('content-security-policy')).toContain(
      'connect-src https://api.example.com http://127.0.0.1:4010;',
    );
  });

  it("answers with render()'s codes: an invalid manifest, a project that does not build", async () => {
    const invalid = (await (
      await ask(project('invalid', { ...MANIFEST, id: 'Not Kebab' }, ''))
    ).json()) as ProjectAnswer;
    expect(invalid).toMatchObject({ ok: false, code: 'testing.manifest_invalid' });
    const broken = (await (await ask(project('broken', MANIFEST, 'const = ;\n'))).json()) as ProjectAnswer;
    expect(broken).toMatchObject({ ok: false, code: 'testing.build_failed' });
    expect(!broken.ok && broken.message).toMatch(/src\/index\.ts:1:\d+/);
    const missing = (await (await ask(join(work, 'nowhere', 'manifest.json'))).json()) as ProjectAnswer;
    expect(missing).toMatchObject({ ok: false, code: 'testing.manifest_not_found' });
  });

  it('refuses another page on this machine, what is not JSON, and a relay anywhere but a loopback emulator', async () => {
    const manifest = join(work, 'good', 'manifest.json');
    expect((await ask(manifest, { origin: 'http://evil.localhost:8080' })).status).toBe(403);
    const text = await fetch(origin + PROJECT_PATH, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(text.status).toBe(415);
    expect((await fetch(`${origin}${FRAME_PATH}no-such-token`)).status).toBe(404);
    const relay = (target: string): Promise<Response> =>
      fetch(`${origin}${ADMIN_PATH}${encodeURIComponent(target)}/keys`, { method: 'POST', body: '{}' });
    expect((await relay('http://example.com/__emulator')).status).toBe(400);
    expect((await relay('http://127.0.0.1:9/v1')).status).toBe(400);
    expect((await relay('file:///etc/__emulator')).status).toBe(400);
  });
});

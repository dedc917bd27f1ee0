// @extkit/testing/browser: the Node side of the browser run. A Vite plugin for vitest's browser
// mode that validates the project (as render() does in jsdom) and serves each test frame's
// document as the preview serves its frames: the preview's transport and lockdown, then the
// test channel (frame-mirror.ts), then the project's bundle as the preview builds it, each script
// pinned by hash in the manifest's Content-Security-Policy.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findSource, readProject } from '@extkit/bundler';
import {
  BASE_STYLE,
  clientAssets,
  createBuilder,
  frameCsp,
  frameDocument,
  inlineSafe,
  scriptHash,
  type Builder,
} from '@extkit/preview/frame';
import { devConnectSrc, parseApiBase } from '@extkit/runtime/routing';
import { TestingError } from '../errors.js';
import { loadProject } from '../project.js';
import { ADMIN_PATH, FRAME_PATH, PROJECT_PATH, type ProjectAnswer } from './routes.js';

type Next = (err?: unknown) => void;
type Handler = (req: IncomingMessage, res: ServerResponse, next: Next) => void;

/** The part of Vite's plugin interface this plugin uses. */
export interface ExtkitBrowserPlugin {
  name: string;
  configureServer(server: {
    middlewares: { use(handler: Handler): unknown };
    httpServer?: { once(event: 'close', listener: () => void): unknown } | null;
  }): void;
}

/**
 * The browser run's plugin: add it to the vitest config of the browser run.
 * @example defineConfig({ plugins: [extkitBrowser()], test: { browser: { enabled: true, provider: playwright({ launchOptions: systemChromium() }), instances: [{ browser: 'chromium' }] } } })
 */
export function extkitBrowser(): ExtkitBrowserPlugin {
  return {
    name: 'extkit:testing-browser',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (!req.url?.startsWith('/__extkit/testing/')) return next();
        handle(req, res).catch(next);
      });
      // The incremental builds hold esbuild's service: ended with the server, so vitest's process can exit.
      server.httpServer?.once('close', () => void dispose());
    },
  };
}

/** Where Chromium is on this machine: CHROMIUM_PATH, else the system's (Debian's /usr/bin/chromium), with the flags a container needs. */
export function systemChromium(): { executablePath?: string; args: string[] } {
  const candidates = [
    process.env['CHROMIUM_PATH'],
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const executablePath = candidates.find((p): p is string => !!p && existsSync(p));
  // Without one, Playwright's own Chromium (`npx playwright install chromium`) is used.
  return { ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu'] };
}

interface Built {
  code: string;
  network: readonly string[];
}
const builders = new Map<string, { entry: string; builder: Builder }>();
const frames = new Map<string, Built>();

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  // The frame's policy reports here (the frame's own securitypolicyviolation events are what the view lists).
  if (req.method === 'POST' && url.pathname === '/__extkit/testing/csp-report') return void res.writeHead(204).end();
  // Only the test page itself: another page on this machine gets no build, no manifest and no relay.
  const origin = req.headers.origin;
  if (origin !== undefined && origin !== `http://${req.headers.host}`)
    return void res.writeHead(403, { 'content-type': 'text/plain' }).end('Refused: this answers the test page only.\n');
  if (req.method === 'POST' && url.pathname === PROJECT_PATH) {
    if (req.headers['content-type'] !== 'application/json')
      return void res.writeHead(415, { 'content-type': 'text/plain' }).end('Refused: send application/json.\n');
    const body = JSON.parse(await text(req)) as { manifest?: string | object | null; publisher?: string | null };
    return json(res, await project(body.manifest ?? undefined, body.publisher ?? undefined));
  }
  if (url.pathname.startsWith(ADMIN_PATH)) return admin(req, res, url);
  if (req.method === 'GET' && url.pathname.startsWith(FRAME_PATH)) {
    const built = frames.get(url.pathname.slice(FRAME_PATH.length));
    if (!built) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('No such test frame.\n');
    const origin = `http://${req.headers.host ?? 'localhost'}`;
    const routing = readRouting(url.searchParams.get('routing'));
    const network = routing ? devConnectSrc(built.network, new URL(routing.emulator).origin) : built.network;
    const assets = await clientAssets();
    const scripts = [
      inlineSafe(assets.bridge),
      inlineSafe(await mirrorScript()),
      inlineSafe(`${built.code}\n//# sourceURL=${origin}/__extkit/testing/bundle.js\n`),
    ];
    const csp = frameCsp({
      origin,
      network,
      reportUri: `${origin}/__extkit/testing/csp-report`,
      scriptHashes: scripts.map(scriptHash),
      styleHashes: [scriptHash(BASE_STYLE)],
    });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp });
    return void res.end(frameDocument(scripts, BASE_STYLE, undefined, routing));
  }
  res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.\n');
}

/** The project validated as render() validates it in jsdom, and built as the preview builds it. */
async function project(manifest: string | object | undefined, publisher: string | undefined): Promise<ProjectAnswer> {
  try {
    const found = loadProject(manifest, publisher);
    if (!found.dir)
      throw new TestingError(
        'testing.build_failed',
        "render(): the browser run builds the project from its folder, and a manifest object has none. Pass the manifest's path instead.",
      );
    const code = await build(found.dir);
    const network = found.manifest.capabilities?.network ?? [];
    // One frame document per build and policy, however many views a file renders.
    const same = [...frames].find(([, f]) => f.code === code && f.network.join(' ') === network.join(' '));
    const key = same?.[0] ?? randomBytes(12).toString('base64url');
    if (!same) frames.set(key, { code, network });
    return { ok: true, project: { ...found, token: key } };
  } catch (err) {
    if (err instanceof TestingError) return { ok: false, code: err.code, message: err.message };
    throw err;
  }
}

async function build(dir: string): Promise<string> {
  const source = findSource(dir, (await readProject(dir)).settings);
  if ('error' in source) throw new TestingError('testing.build_failed', `render(): ${source.error.message}`);
  const entry = resolve(dir, source.source);
  let known = builders.get(dir);
  if (known?.entry !== entry) {
    await known?.builder.dispose();
    known = { entry, builder: await createBuilder(dir, entry) };
    builders.set(dir, known);
  }
  const outcome = await known.builder.rebuild();
  if (!outcome.ok) {
    const lines = outcome.errors.map((e) =>
      e.location ? `  ${e.location.file}:${e.location.line}:${e.location.column}: ${e.message}` : `  ${e.message}`,
    );
    throw new TestingError(
      'testing.build_failed',
      `render(): the project does not build, so no frame can run it (\`extkit build\` shows the same):\n${lines.join('\n')}`,
    );
  }
  return outcome.code;
}

async function dispose(): Promise<void> {
  const all = [...builders.values()];
  builders.clear();
  frames.clear();
  await Promise.all(all.map((b) => b.builder.dispose()));
}

let mirror: Promise<string> | undefined;
/** The test channel's frame script, bundled once per process. */
function mirrorScript(): Promise<string> {
  mirror ??= (async () => {
    const { build: esbuild } = await import('esbuild');
    const result = await esbuild({
      entryPoints: [fileURLToPath(new URL('./frame-mirror.js', import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      minify: true,
      target: 'chrome120',
    });
    return result.outputFiles[0]?.text ?? '';
  })();
  return mirror;
}

/** Loopback hosts only: the proxy reaches the emulator on this machine, nothing else. */
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * The test's own call to the emulator's admin surface (emulator(), its admin actions), made from Node: the admin
 * surface answers no other origin. Only for the test page itself (handle() checks its Origin), and only to a loopback emulator.
 */
async function admin(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const refuse = (status: number, why: string): void =>
    void res.writeHead(status, { 'content-type': 'text/plain' }).end(`${why}\n`);
  const rest = url.pathname.slice(ADMIN_PATH.length);
  const cut = rest.indexOf('/');
  let target: URL;
  try {
    target = new URL(decodeURIComponent(cut < 0 ? rest : rest.slice(0, cut)));
  } catch {
    return refuse(400, 'Refused: not an emulator admin URL.');
  }
  if (target.protocol !== 'http:' || !LOOPBACK.test(target.hostname) || target.pathname !== '/__emulator')
    return refuse(400, 'Refused: not a loopback emulator admin URL (http://127.0.0.1:<port>/__emulator).');
  const method = req.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await text(req);
  const type = req.headers['content-type'];
  const answer = await fetch(`${target.href}${cut < 0 ? '' : rest.slice(cut)}${url.search}`, {
    method,
    ...(body === undefined ? {} : { body }),
    headers: typeof type === 'string' ? { 'content-type': type } : {},
  });
  res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' });
  res.end(Buffer.from(await answer.arrayBuffer()));
}

function readRouting(given: string | null): { api: string; emulator: string } | undefined {
  if (given === null) return undefined;
  try {
    const { api, emulator } = JSON.parse(given) as { api?: unknown; emulator?: unknown };
    const a = parseApiBase(api);
    const e = parseApiBase(emulator);
    return a.ok && e.ok ? { api: a.base.href, emulator: e.base.href } : undefined;
  } catch {
    return undefined;
  }
}

function text(req: IncomingMessage): Promise<string> {
  return new Promise((done, failed) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 1_000_000) req.destroy(new Error('request too large'));
    });
    req.on('end', () => done(body));
    req.on('error', failed);
  });
}

function json(res: ServerResponse, value: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

// A real npm registry for tests: verdaccio on 127.0.0.1, storage in a temporary
// folder. The kit's own packages are served from that storage alone (never proxied,
// so a name on the public registry can never stand in for ours); everything else
// is proxied to the registry npm is configured with (`npm config get registry`).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './cli.js';
import { freePort } from './net.js';

export interface Registry {
  /** e.g. http://127.0.0.1:40123/ */
  url: string;
  /** A token that may publish (written to an npmrc by `publisherConfig`). */
  token: string;
  /** The registry everything that is not the kit's is proxied to. */
  upstream: string;
  output(): string;
  stop(): Promise<void>;
}

/** The registry npm is configured with on this machine, read at run time (never written into the repository). */
export function upstreamRegistry(): string {
  const r = spawnSync('npm', ['config', 'get', 'registry'], { cwd: repoRoot, encoding: 'utf8' });
  const url = r.stdout.trim();
  if (r.status !== 0 || !/^https?:\/\//.test(url))
    throw new Error(`npm config get registry gave ${JSON.stringify(url)} (${r.stderr})`);
  return url.endsWith('/') ? url : `${url}/`;
}

/** verdaccio's config: each name of `own` (a scope as `@scope/*`) served from storage only; the rest proxied. */
function config(dir: string, own: readonly string[], upstream: string): string {
  const patterns = [...new Set(own.map((name) => (name.startsWith('@') ? `${name.split('/')[0]}/*` : name)))];
  const local = patterns.map((p) => `  '${p}':\n    access: $all\n    publish: $authenticated\n`).join('');
  return `storage: ${join(dir, 'storage')}
auth:
  htpasswd:
    file: ${join(dir, 'htpasswd')}
    max_users: 10
uplinks:
  upstream:
    url: ${upstream}
    timeout: 60s
    max_fails: 5
packages:
${local}  '**':
    access: $all
    publish: $authenticated
    proxy: upstream
log: { type: stdout, format: pretty, level: warn }
`;
}

/** Starts verdaccio with storage under `dir`; `own` are the kit's package names. */
export async function startRegistry(dir: string, own: readonly string[]): Promise<Registry> {
  const upstream = upstreamRegistry();
  const configFile = join(dir, 'config.yaml');
  writeFileSync(configFile, config(dir, own, upstream));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const bin = join(repoRoot, 'node_modules', 'verdaccio', 'bin', 'verdaccio');
  const child: ChildProcess = spawn(process.execPath, [bin, '--config', configFile, '--listen', `127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1' },
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const stop = (): Promise<void> =>
    new Promise((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  try {
    await waitForPing(url, child, () => out);
    const token = await addUser(url);
    return { url, token, upstream, output: () => out, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function waitForPing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited ${child.exitCode}:\n${output()}`);
    const ok = await fetch(`${url}-/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`verdaccio did not answer on ${url} within 30 s:\n${output()}`);
}

/** Registers a user the way `npm adduser` does and returns its token. */
async function addUser(url: string): Promise<string> {
  const name = 'extkit-release';
  const res = await fetch(`${url}-/user/org.couchdb.user:${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      password: 'release-test-only',
      email: 'release@example.com',
      type: 'user',
      roles: [],
    }),
  });
  const body = (await res.json()) as { token?: string };
  if (!res.ok || !body.token) throw new Error(`verdaccio refused the test user: ${res.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** An npmrc that publishes to `registry` with its token. */
export function publisherConfig(registry: Registry, file: string): string {
  const host = registry.url.replace(/^https?:/, '');
  writeFileSync(file, `registry=${registry.url}\n${host}:_authToken=${registry.token}\n`);
  return file;
}

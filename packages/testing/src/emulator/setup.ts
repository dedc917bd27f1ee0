// vitest's global setup for tests against the emulator: `globalSetup: ['@extkit/testing/emulator']`.
// It runs in Node, outside the test files' jsdom environment (where PGlite cannot run), starts one
// in-memory emulator for the run (or, with EXTKIT_EMULATOR_URL, checks that one answers there), and
// provides its URLs to every file (`inject('extkitEmulator')`, typed). Each test file gets a fresh
// organization and its key (emulator() in @extkit/testing), so no state leaks between files.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { connect, createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freshOrganization, type EmulatorInfo } from './info.js';
import type { HostData, HostMessage } from './host.js';

/** How long a file waits for the emulator this setup starts. */
const START_TIMEOUT_MS = 60_000;

/** Starts (or finds) the run's emulator and provides it; the returned teardown stops what it started. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env['EXTKIT_EMULATOR_URL'];
  if (given) {
    const baseUrl = given.replace(/\/+$/, '');
    const adminUrl = `${new URL(baseUrl).origin}/__emulator`;
    // A first organization proves it answers, before the first test, with the URL in the error if not.
    await freshOrganization({ baseUrl, adminUrl });
    project.provide('extkitEmulator', { baseUrl, adminUrl } satisfies EmulatorInfo);
    return () => Promise.resolve();
  }
  let entry: string;
  try {
    // The project's own @extkit/emulator (a dev dependency of the project, not of this package: a peer on a
    // package of the kit would make every release of the kit a major one), resolved from the project's root.
    entry = pathToFileURL(createRequire(join(project.config.root, 'package.json')).resolve('@extkit/emulator')).href;
  } catch (err) {
    throw missing(err);
  }
  // The emulator starts in a process of its own (host.ts) while vitest starts its workers and their jsdom:
  // its port is taken first, so its URL can be provided at once. It listens before its store is open and
  // answers each file's first request once ready, so the setup returns as soon as it listens.
  const port = await freePort();
  const host = fork(fileURLToPath(new URL('./host.js', import.meta.url)), [], {
    execArgv: ['--liftoff-only'],
    env: { ...process.env, EXTKIT_EMULATOR_HOST: JSON.stringify({ entry, port } satisfies HostData) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const closed = new Promise<void>((resolve) => {
    host.on('message', (m: HostMessage) => m.type === 'closed' && resolve());
    host.once('exit', () => resolve());
  });
  const failed = new Promise<never>((_, reject) => {
    host.on('message', (m: HostMessage) => {
      if (m.type !== 'failed') return;
      if (m.stage === 'import') reject(missing(new Error(m.message)));
      else
        reject(
          Object.assign(new Error(`the emulator did not start on 127.0.0.1:${port}: ${m.message}`), { code: m.code }),
        );
    });
    host.once('error', reject);
    host.once('exit', (code, signal) =>
      reject(new Error(`the emulator's process ended (${signal ?? code}) before it listened on 127.0.0.1:${port}`)),
    );
  });
  // Reported by the emulator's process itself once this setup has returned.
  failed.catch(() => undefined);
  // What fails at once (no emulator or engine installed, a bad option, the port taken) fails before it
  // listens, so it fails the run here, before any test.
  let settled = false;
  await Promise.race([failed, accepting(port, () => settled)])
    .catch((err: unknown) => {
      host.kill();
      throw err;
    })
    .finally(() => (settled = true));
  const origin = `http://127.0.0.1:${port}`;
  project.provide('extkitEmulator', {
    baseUrl: `${origin}/v1`,
    adminUrl: `${origin}/__emulator`,
    startingMs: START_TIMEOUT_MS,
  } satisfies EmulatorInfo);
  return async () => {
    if (host.connected) host.send('close');
    await closed;
    host.kill();
  };
}

/** The error for a project without @extkit/emulator. */
const missing = (cause: unknown): Error =>
  new Error(
    "globalSetup '@extkit/testing/emulator' needs @extkit/emulator: install it as a dev dependency (npm install -D @extkit/emulator), or set EXTKIT_EMULATOR_URL to an emulator you run yourself.",
    { cause },
  );

/** Resolves once something accepts a connection on the port (tried every 10 ms, until `done()`): the emulator listens. */
function accepting(port: number, done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const attempt = (): void => {
      if (done()) return;
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => void setTimeout(attempt, 10));
    };
    attempt();
  });
}

/** A port on 127.0.0.1 no one listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

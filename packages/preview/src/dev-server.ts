// startDevServer: the preview's one entry point. Builds and validates the
// extension, then serves the host page and the sandboxed frames on 127.0.0.1.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { HOST_ABI } from './host-abi.js';
import { LoadLedger } from './server/load-proof.js';
import { newReportSecret } from './server/report-gate.js';
import { broadcast, handle, prepareFrames, type RouteContext } from './server/routes.js';
import { send } from './server/send.js';
import { clientAssets } from './session/client-assets.js';
import { Session } from './session/session.js';
import type { DevServer, DevServerOptions, PreviewState } from './types.js';

/**
 * Starts the live preview of the extension in `options.dir` and resolves once it answers.
 * @example const server = await startDevServer({ dir: 'my-extension' }); console.log(server.url);
 */
export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const session = new Session({
    dir: resolve(options.installed?.dir ?? options.dir ?? '.'),
    installed: options.installed,
    hostAbi: options.hostAbi ?? HOST_ABI,
    publisher: options.publisher,
    watch: options.watch ?? true,
    emulator: options.emulator,
    settingsFile:
      options.settingsFile === undefined || options.settingsFile === false
        ? options.settingsFile
        : resolve(options.settingsFile),
  });
  const [assets] = await Promise.all([clientAssets(), session.start()]);
  const streams = new Set<ServerResponse>();
  const waiting: Array<(state: PreviewState) => void> = [];
  // One context for every request: it keeps the frame parts made for the current bundle (routes.ts, frameParts).
  const ctx: RouteContext = {
    port: 0,
    reportSecret: newReportSecret(),
    frameKey: newReportSecret(),
    loads: new LoadLedger(),
    session,
    assets,
    streams,
  };
  session.onChange((state) => {
    broadcast(streams, 'state', state);
    for (const resolveUpdate of waiting.splice(0)) resolveUpdate(state);
    // While the host page takes the new state in and starts the frames' loads.
    prepareFrames(ctx);
  });

  const server = createServer((req, res) => {
    try {
      handle(req, res, ctx);
    } catch (err) {
      // A bug of ours must not take the preview down with it. The stack goes to
      // the terminal, never into a response (it names paths on this machine).
      process.stderr.write(
        `extkit dev: internal error on ${req.method} ${JSON.stringify(req.url)} (a bug in extkit, please report it)\n${err instanceof Error ? err.stack : String(err)}\n`,
      );
      if (res.headersSent) res.end();
      else
        send(
          res,
          500,
          'text/plain',
          'extkit dev: internal error (a bug in extkit; the terminal running extkit dev has the details).\n',
        );
    }
  });
  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
    });
  } catch (err) {
    await session.close();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  ctx.port = port;
  prepareFrames(ctx);

  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    state: () => session.state,
    nextUpdate: () => new Promise((r) => waiting.push(r)),
    async close() {
      for (const res of streams) res.end();
      streams.clear();
      const closed = new Promise<void>((r) => server.close(() => r()));
      server.closeAllConnections();
      await closed;
      await session.close();
    },
  };
}

// The emulator listens before its store is open: a client that connects while it starts waits
// for its first answer instead of being refused, and an address in use fails the start before
// the engine loads.
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface EarlyServer {
  server: http.Server;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Answers the requests held so far, in the order they came, and every later one, with `listener`. */
  serve(listener: RequestListener): void;
  /** The start failed: drops what was held and stops listening. */
  abort(): Promise<void>;
}

/** Listens on 127.0.0.1 (`port` 0: any free one), holding requests until `serve()`. */
export async function listenEarly(port: number): Promise<EarlyServer> {
  let listener: RequestListener | null = null;
  const held: [IncomingMessage, ServerResponse][] = [];
  const server = http.createServer((req, res) => {
    if (listener) listener(req, res);
    else held.push([req, res]);
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    server,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    serve(given) {
      listener = given;
      for (const [req, res] of held.splice(0)) given(req, res);
    },
    async abort() {
      held.length = 0;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

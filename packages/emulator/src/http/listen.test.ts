// The emulator listens before its store is open: a client that connects during the start is
// answered once the store is ready (the answer it would get after), never refused.
import { createServer, connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../index.js';

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Resolves once something accepts a TCP connection on the port (tried every 5 ms). */
const accepting = (port: number): Promise<void> =>
  new Promise((resolve) => {
    const attempt = (): void => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => setTimeout(attempt, 5));
    };
    attempt();
  });

describe('the start', () => {
  it('accepts a request while the store opens and answers it once ready, as after the start', async () => {
    const port = await freePort();
    let ready = false;
    const starting = startEmulator({ seed: 'demo', port });
    void starting.then(() => (ready = true));
    await accepting(port);
    const readyWhenConnected = ready;
    const during = await fetch(`http://127.0.0.1:${port}/v1/me`, { headers: { authorization: 'Bearer sk_nobody' } });
    const emu = await starting;
    try {
      expect(readyWhenConnected).toBe(false);
      expect(during.status).toBe(401);
      expect(((await during.json()) as { error: { type: string } }).error.type).toBe('unauthorized');
      const me = await fetch(`${emu.baseUrl}/me`, { headers: { authorization: `Bearer ${emu.apiKey}` } });
      expect(me.status).toBe(200);
    } finally {
      await emu.close();
    }
  }, 60_000);

  it('fails at once on an address in use, and leaves nothing listening', async () => {
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const { port } = taken.address() as AddressInfo;
    try {
      await expect(startEmulator({ port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    } finally {
      await new Promise<void>((r) => taken.close(() => r()));
    }
    // The port is free again: nothing of the failed start holds it.
    const again = await startEmulator({ port });
    expect(again.baseUrl).toBe(`http://127.0.0.1:${port}/v1`);
    await again.close();
  }, 60_000);
});

import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientFor, startServer, type TestServer } from '../__fixtures__/server.js';
import type { ServiceClient } from '../client.js';
import { toBase64 } from './base64.js';

let server: TestServer;
let client: ServiceClient;
beforeAll(async () => {
  server = await startServer((req) => ({
    status: 201,
    body: { id: 'm1', object: 'media', contentType: (req.json as { contentType?: string } | undefined)?.contentType },
  }));
  client = clientFor(server);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const MB = 1024 * 1024;
const sentBody = () => server.requests[0]!.json as { data: string; contentType: string };

describe('media.upload', () => {
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 128, 7]);

  it.each([
    ['Uint8Array', bytes],
    ['Buffer', Buffer.from(bytes)],
    ['ArrayBuffer', bytes.slice().buffer],
    ['Blob', new Blob([bytes])],
  ])('encodes a %s as base64', async (_kind, file) => {
    await client.media.upload({ file, contentType: 'image/png' });
    expect(Buffer.from(sentBody().data, 'base64')).toEqual(Buffer.from(bytes));
  });

  it('takes the content type from a typed Blob', async () => {
    await client.media.upload({ file: new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), fileName: 'x.csv' });
    expect(sentBody()).toMatchObject({
      contentType: 'text/csv',
      fileName: 'x.csv',
      data: Buffer.from('a,b\n1,2\n').toString('base64'),
    });
  });

  it.each([
    ['image/jpeg', 15 * MB],
    ['application/pdf', 10 * MB],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 10 * MB],
    ['video/mp4', 25 * MB],
  ])('refuses %s past its ceiling before sending', async (contentType, ceiling) => {
    await expect(client.media.upload({ file: new Uint8Array(ceiling + 1), contentType })).rejects.toMatchObject({
      code: 'payload_too_large',
    });
    expect(server.requests).toHaveLength(0);
  });

  it('refuses an upload with no content type at all', async () => {
    await expect(client.media.upload({ file: new Uint8Array(1) })).rejects.toMatchObject({
      name: 'LocalCheckError',
      code: 'missing_key',
    });
  });

  it.each(['application/x-msdownload', 'audio/mpeg', 'video/x-msvideo', 'text/html'])(
    'refuses %s, outside the documented families, before sending',
    async (contentType) => {
      await expect(client.media.upload({ file: new Uint8Array(4), contentType })).rejects.toMatchObject({
        name: 'LocalCheckError',
        code: 'unsupported_media_type',
      });
      expect(server.requests).toHaveLength(0);
    },
  );

  it.each([
    ['image/svg+xml', 15 * MB],
    ['text/plain; charset=utf-8', 10 * MB],
  ])('lets %s through at its ceiling and refuses one byte more', async (contentType, ceiling) => {
    await expect(client.media.upload({ file: new Uint8Array(ceiling + 1), contentType })).rejects.toMatchObject({
      code: 'payload_too_large',
    });
    expect(server.requests).toHaveLength(0);
    await client.media.upload({ file: new Uint8Array(ceiling), contentType });
    expect(server.requests).toHaveLength(1);
    expect(sentBody().data.length).toBe(Math.ceil(ceiling / 3) * 4);
  });

  it('sends anything when local checks are off', async () => {
    await clientFor(server, { localChecks: false }).media.upload({
      file: new Uint8Array(2),
      contentType: 'audio/mpeg',
    });
    expect(sentBody().contentType).toBe('audio/mpeg');
  });
});

describe('toBase64', () => {
  it('matches Buffer for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (b) => toBase64(b) === Buffer.from(b).toString('base64')),
      { numRuns: 300 },
    );
  });

  it('matches Buffer across its internal chunk boundary', () => {
    const big = new Uint8Array(200_003).map((_, i) => (i * 31) & 255);
    expect(toBase64(big)).toBe(Buffer.from(big).toString('base64'));
  });
});

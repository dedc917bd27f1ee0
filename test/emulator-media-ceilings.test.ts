// Media at their ceilings (000 §4 Media, §8): images up to 15 MB and documents up to 10 MB of
// decoded bytes are stored, one byte more is 413 payload_too_large; on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator, type EmulatorOptions } from '../packages/emulator/src/index.js';
import { onBothEngines } from './helpers/engines.js';

const MB = 1024 * 1024;

/** `size` bytes that start as `contentType`'s files do. */
function file(contentType: string, size: number): Buffer {
  const bytes = Buffer.alloc(size, 0x41);
  const head: Record<string, Buffer> = {
    'image/png': Buffer.from('89504e470d0a1a0a0000000d4948445200000010000000080806000000', 'hex'),
    'application/pdf': Buffer.from('%PDF-1.7\n'),
    'text/csv': Buffer.from('a,b\n'),
  };
  head[contentType]!.copy(bytes);
  return bytes;
}

function suite(engine: string, options: () => Promise<EmulatorOptions>, skip: string | null): void {
  describe.skipIf(skip)(`media ceilings on ${engine}`, () => {
    let emu: Emulator;
    beforeAll(async () => {
      emu = await startEmulator({ seed: 'none', ...(await options()) });
    }, 120_000);
    afterAll(() => emu?.close());

    const upload = async (contentType: string, size: number) => {
      const r = await fetch(`${emu.baseUrl}/media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${emu.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: file(contentType, size).toString('base64'), contentType }),
      });
      return { status: r.status, body: (await r.json()) as { sizeBytes?: number; error?: { type: string } } };
    };

    it.each([
      ['image/png', 15 * MB],
      ['application/pdf', 10 * MB],
      ['text/csv', 10 * MB],
    ])(
      'stores %s at its ceiling of decoded bytes and refuses one byte more (413)',
      async (type, ceiling) => {
        const at = await upload(type, ceiling);
        expect([at.status, at.body.sizeBytes]).toEqual([201, ceiling]);
        const over = await upload(type, ceiling + 1);
        expect([over.status, over.body.error?.type]).toEqual([413, 'payload_too_large']);
      },
      120_000,
    );

    it('stores a 4 MB image (it answered 500: the base64 check overflowed the stack)', async () => {
      const r = await upload('image/png', 4 * MB + 3);
      expect([r.status, r.body.sizeBytes]).toEqual([201, 4 * MB + 3]);
    }, 60_000);

    it('sanitizes a hostile 15 MB SVG in linear time', async () => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<script>'.repeat((15 * MB - 60) / 8)}`;
      const started = performance.now();
      const r = await fetch(`${emu.baseUrl}/media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${emu.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ data: Buffer.from(svg).toString('base64'), contentType: 'image/svg+xml' }),
      });
      const body = (await r.json()) as { cdnUrl: string };
      expect(r.status).toBe(201);
      expect(performance.now() - started).toBeLessThan(20_000);
      expect(await (await fetch(body.cdnUrl)).text()).toBe('<svg xmlns="http://www.w3.org/2000/svg">');
    }, 60_000);
  });
}

onBothEngines('media_ceilings', suite);

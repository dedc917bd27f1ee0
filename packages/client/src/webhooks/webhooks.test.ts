import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { fail, startServer, type TestServer } from '../__fixtures__/server.js';
import { constructWebhookEvent, parseWebhookEvent, WebhookError } from './parse.js';
import { sendInboundWebhook } from './send.js';
import { equalConstantTime, signWebhookBody, verifyWebhookSignature } from './verify.js';
import type { ContactCreatedEventPayload, LeadEventPayload } from '../types/webhooks.js';

const secret = 'whsec_test_secret';
const body = JSON.stringify({
  event: 'dealWon',
  payload: {
    dealId: 'd1',
    title: 'Big',
    amountCents: 5000,
    currency: 'usd',
    stageId: 'won',
    previousStageId: 'negotiation',
    ownerUid: '',
    contactId: 'c1',
    companyId: '',
  },
  sentAt: '2025-01-31T10:00:00.000Z',
});
const signature = createHmac('sha256', secret).update(body).digest('hex');

describe('verifyWebhookSignature', () => {
  it('accepts the right signature, over a string or the raw bytes', async () => {
    expect(await verifyWebhookSignature(body, signature, secret)).toBe(true);
    expect(await verifyWebhookSignature(Buffer.from(body), signature, secret)).toBe(true);
    expect(await signWebhookBody(body, secret)).toBe(signature);
  });

  it('compares signatures in constant time: every byte is read, wherever the first difference is', () => {
    /** The bytes behind a proxy that counts how many of them are read. */
    const counted = (bytes: Uint8Array): { view: Uint8Array; reads: () => number } => {
      let reads = 0;
      const view = new Proxy(bytes, {
        get(target, property) {
          if (typeof property === 'string' && /^\d+$/.test(property)) reads++;
          return Reflect.get(target, property) as unknown;
        },
      });
      return { view, reads: () => reads };
    };
    const expected = new Uint8Array(32).fill(7);
    const reads: number[] = [];
    for (const at of [0, 1, 16, 31, -1]) {
      const given = new Uint8Array(expected);
      if (at >= 0) given[at] = 8;
      const a = counted(expected);
      const b = counted(given);
      expect(equalConstantTime(a.view, b.view)).toBe(at < 0);
      reads.push(a.reads() + b.reads());
    }
    expect(reads).toEqual([64, 64, 64, 64, 64]);
  });

  it('refuses a tampered body, a wrong secret and a flipped signature digit', async () => {
    expect(await verifyWebhookSignature(body.replace('5000', '9000'), signature, secret)).toBe(false);
    expect(await verifyWebhookSignature(body, signature, 'other')).toBe(false);
    const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    expect(await verifyWebhookSignature(body, flipped, secret)).toBe(false);
  });

  it.each([
    ['too short', signature.slice(0, 63)],
    ['too long', signature + '0'],
    ['empty', ''],
    ['not hex', 'z'.repeat(64)],
    ['prefixed', `sha256=${signature}`],
    ['missing', undefined],
    ['null', null],
    ['repeated header', [signature, signature]],
  ])('is false, never a throw, for a header that is %s', async (_label, header) => {
    await expect(verifyWebhookSignature(body, header as string | undefined, secret)).resolves.toBe(false);
  });
});

// A secret that is not a non-empty string (an unset environment variable, a config typo)
// must never verify: `null` used to become the HMAC key "null", so a forger's signature passed.
const badSecrets: [string, unknown][] = [
  ['null', null],
  ['undefined', undefined],
  ['an empty string', ''],
  ['a number', 0],
  ['NaN', Number.NaN],
  ['an object', { secret }],
  ['an array', [secret]],
  ['a boolean', true],
  ['a Uint8Array', new TextEncoder().encode(secret)],
];

describe('a secret that is not a non-empty string', () => {
  it.each(badSecrets)(
    '%s verifies nothing, even a signature made with its string form, and never throws',
    async (_label, bad) => {
      const forged = createHmac('sha256', String(bad)).update(body).digest('hex');
      await expect(verifyWebhookSignature(body, forged, bad as string)).resolves.toBe(false);
      await expect(verifyWebhookSignature(body, signature, bad as string)).resolves.toBe(false);
    },
  );

  it.each(badSecrets)(
    '%s makes constructWebhookEvent throw WebhookError missing_secret, not a DOMException',
    async (_label, bad) => {
      const forged = createHmac('sha256', String(bad)).update(body).digest('hex');
      const error = await constructWebhookEvent(body, forged, bad as string).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WebhookError);
      expect(error).toMatchObject({ name: 'WebhookError', type: 'webhook', code: 'missing_secret', status: null });
      expect((error as Error).message).toMatch(
        /^No signing secret: expected the webhook's signing secret as a non-empty string/,
      );
    },
  );

  it('is named in the message by kind, never by value', async () => {
    const error = (await constructWebhookEvent(body, signature, { value: 'do-not-print-me' } as never).catch(
      (e: unknown) => e,
    )) as Error;
    expect(error.message).toContain('received object');
    expect(error.message).not.toContain('do-not-print-me');
  });

  it('makes signWebhookBody throw a TypeError, not a DOMException', async () => {
    await expect(signWebhookBody(body, '')).rejects.toThrow(TypeError);
    await expect(signWebhookBody(body, null as never)).rejects.toThrow(/non-empty string; received null/);
  });

  it('the type lets an unset environment variable through, to be refused at run time', async () => {
    const fromEnv: string | undefined = process.env.EXTKIT_TEST_SURELY_UNSET_SECRET;
    await expect(verifyWebhookSignature(body, signature, fromEnv)).resolves.toBe(false);
  });
});

describe('parseWebhookEvent', () => {
  it('types the payload keys the documents say may be missing as optional', () => {
    expectTypeOf<Record<never, never> extends Pick<LeadEventPayload, 'name'> ? true : false>().toEqualTypeOf<true>(); // present when the capture carried one
    expectTypeOf<
      Record<never, never> extends Pick<ContactCreatedEventPayload, 'campaignIds'> ? true : false
    >().toEqualTypeOf<true>(); // only when via a campaign
  });

  it('types a documented event', () => {
    const event = parseWebhookEvent(body);
    expect(event).toMatchObject({ known: true, event: 'dealWon', sentAt: '2025-01-31T10:00:00.000Z' });
    if (event.known && event.event === 'dealWon') expect(event.payload.amountCents).toBe(5000);
    else expect.unreachable('dealWon should narrow');
  });

  it('passes an unknown event through with its name', () => {
    const event = parseWebhookEvent('{"event":"invoicePaid","payload":{"id":"i1"},"sentAt":"2025-01-01T00:00:00Z"}');
    expect(event).toEqual({
      known: false,
      event: 'invoicePaid',
      payload: { id: 'i1' },
      sentAt: '2025-01-01T00:00:00Z',
    });
  });

  it.each([
    'not json',
    '[]',
    '{"event":"lead"}',
    '{"event":1,"payload":{},"sentAt":"x"}',
    '{"event":"lead","payload":[],"sentAt":"x"}',
  ])('throws WebhookError invalid_payload for %s', (raw) => {
    expect(() => parseWebhookEvent(raw)).toThrow(WebhookError);
    expect(() => parseWebhookEvent(raw)).toThrow(expect.objectContaining({ code: 'invalid_payload' }));
  });

  it('constructWebhookEvent verifies, then parses', async () => {
    await expect(constructWebhookEvent(body, signature, secret)).resolves.toMatchObject({ event: 'dealWon' });
    await expect(constructWebhookEvent(body, 'f'.repeat(64), secret)).rejects.toMatchObject({
      name: 'WebhookError',
      code: 'invalid_signature',
    });
  });
});

describe('sendInboundWebhook', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('posts top-level strings, numbers and booleans with x-service-secret, and reports what it left out', async () => {
    server = await startServer(() => ({ body: { ok: true } }));
    const result = await sendInboundWebhook({
      url: `${server.origin}/api/hooks/h1/k1`,
      secret: 'hook-secret',
      body: { name: 'Ada', count: 3, vip: false, nested: { a: 1 }, list: [1], nothing: null, inf: Infinity },
    });
    expect(result).toEqual({ status: 200, body: { ok: true }, dropped: ['nested', 'list', 'nothing', 'inf'] });
    const req = server.requests[0]!;
    expect(req).toMatchObject({
      method: 'POST',
      path: '/api/hooks/h1/k1',
      json: { name: 'Ada', count: 3, vip: false },
    });
    expect(req.headers['x-service-secret']).toBe('hook-secret');
    expect(req.headers.authorization).toBeUndefined();
  });

  it('throws UnauthorizedError on a secret mismatch, without the secret in it and without retrying', async () => {
    server = await startServer(() => fail(401, 'unauthorized', 'Secret mismatch'));
    const error = await sendInboundWebhook({
      url: `${server.origin}/api/hooks/h1/k1`,
      secret: 'hook-secret-value',
      body: {},
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'UnauthorizedError', status: 401 });
    expect(JSON.stringify(error) + (error as Error).message + (error as Error).stack).not.toContain(
      'hook-secret-value',
    );
    expect(server.requests).toHaveLength(1);
  });
});

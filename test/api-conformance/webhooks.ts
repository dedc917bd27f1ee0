// Outbound webhooks (000 §6): the events REST writes cause, posted signed to the registered URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { constructWebhookEvent } from '../../packages/client/dist/index.js';
import { expect } from 'vitest';
import { firstSite } from './conventions.js';
import { caller, unique } from './http.js';
import type { Scenario } from './target.js';

/** A receiver on 127.0.0.1 that waits for a delivery matching `want`. */
async function receiver(): Promise<{
  url: string;
  next(want: (body: string) => boolean): Promise<{ body: string; signature: string | undefined }>;
  close(): void;
}> {
  const got: { body: string; signature: string | undefined }[] = [];
  const waiting: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      got.push({ body, signature: req.headers['x-service-signature'] as string | undefined });
      res.end('ok');
      waiting.splice(0).forEach((w) => w());
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    async next(want) {
      for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
        const hit = got.find((g) => want(g.body));
        if (hit) return hit;
        await new Promise<void>((r) => (waiting.push(r), setTimeout(r, 500)));
      }
      throw new Error('no matching webhook delivery within 20 s');
    },
    close: () => server.close(),
  };
}

export const webhooks: Scenario[] = [
  {
    doc: '000 §6 Webhooks',
    title: "a contact's stage moved by PATCH and a task done fire signed contactStageChanged and taskCompleted",
    async run(t) {
      const hook = await receiver();
      try {
        const secret = `whsec_${unique('s')}`;
        await t.registerWebhook(hook.url, secret);
        const call = caller(t, await t.key('full'));
        const site = await firstSite(call);
        const c = await call('/contacts', { body: { email: `${unique('stage')}@example.com` } });
        expect(
          (
            await call(`/contacts/${c.body.id}`, {
              method: 'PATCH',
              body: { consentSiteId: site, lifecycleStage: 'lead' },
            })
          ).status,
        ).toBe(200);
        const stage = await hook.next((b) => b.includes(c.body.id) && b.includes('contactStageChanged'));
        const event = await constructWebhookEvent(stage.body, stage.signature, secret);
        expect(event.event).toBe('contactStageChanged');
        expect(event.payload).toMatchObject({ contactId: c.body.id, lifecycleStage: 'lead' });
        const task = await call('/tasks', { body: { title: unique('hooked'), consentSiteId: site } });
        await call(`/tasks/${task.body.id}`, { method: 'PATCH', body: { status: 'done' } });
        const done = await hook.next((b) => b.includes(task.body.id));
        expect((await constructWebhookEvent(done.body, done.signature, secret)).event).toBe('taskCompleted');
        await expect(constructWebhookEvent(done.body, done.signature, 'whsec_wrong')).rejects.toThrow();
      } finally {
        hook.close();
      }
    },
  },
];

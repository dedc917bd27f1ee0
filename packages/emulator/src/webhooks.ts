// Outbound webhooks (000 §6): `{event, payload, sentAt}` POSTed to the registered URL,
// signed with X-Service-Signature when a secret is set, up to 3 attempts of 5 s each.
import type { EventValue } from './context.js';
import type { Engine } from './engine/engine.js';

export interface DeliveryAttempt {
  status: number | null;
  error: string | null;
}

export interface Delivery {
  event: string;
  url: string;
  body: string;
  signature: string | null;
  attempts: DeliveryAttempt[];
  delivered: boolean;
}

export const deliveryPolicy = { attempts: 3, timeoutMs: 5_000, backoffMs: [250, 1_000] };

/** Sends one event, retrying a failure or a non-2xx answer; resolves with the record of it. */
export async function deliver(
  url: string,
  secret: string | null,
  event: string,
  payload: Record<string, EventValue>,
  sentAt: string,
): Promise<Delivery> {
  const body = JSON.stringify({ event, payload, sentAt });
  // The client's signing, loaded with the first delivery: a start that sends none never loads the client.
  const signature = secret ? await (await import('@extkit/client')).signWebhookBody(body, secret) : null;
  const delivery: Delivery = { event, url, body, signature, attempts: [], delivered: false };
  for (let i = 0; i < deliveryPolicy.attempts; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, deliveryPolicy.backoffMs[i - 1]));
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'x-service-signature': signature } : {}) },
        body,
        signal: AbortSignal.timeout(deliveryPolicy.timeoutMs),
        redirect: 'manual',
      });
      await res.arrayBuffer().catch(() => undefined);
      delivery.attempts.push({ status: res.status, error: null });
      if (res.ok) {
        delivery.delivered = true;
        break;
      }
    } catch (error) {
      delivery.attempts.push({
        status: null,
        error: (error as Error).name === 'TimeoutError' ? 'timeout' : String((error as Error).message),
      });
    }
  }
  return delivery;
}

/** https anywhere, or http on loopback only (the kit's allowance for local receivers). */
export function deliverableUrl(url: string): boolean {
  try {
    const u = new URL(url);
    if (u.protocol === 'https:') return true;
    return u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname);
  } catch {
    return false;
  }
}

export type Events = { event: string; payload: Record<string, EventValue> }[];

/** An organization's events sent to its registered URL in the background, each delivery recorded in `deliveries`. */
export function outbox(engine: Engine, now: () => number, deliveries: Delivery[]) {
  const pending = new Set<Promise<unknown>>();
  return {
    onEvents: (org: string, events: Events): void => {
      const job = (async () => {
        const [target] = await engine.query<{ url: string; secret: string | null }>(
          'select url, secret from webhooks where org = $1',
          [org],
        );
        if (!target) return;
        for (const e of events)
          deliveries.push(await deliver(target.url, target.secret, e.event, e.payload, new Date(now()).toISOString()));
      })().catch((error) => console.error('[extkit emulator] webhook delivery failed:', error));
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
    /** Resolves once every delivery under way has finished. */
    settled: async (): Promise<void> => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    /** Sets the organization's webhook URL (one per organization), signed with `secret` when given. */
    register: async (url: string, secret: string | null, org: string): Promise<void> => {
      if (!deliverableUrl(url))
        throw new TypeError(
          `registerWebhook: ${JSON.stringify(url)} is not an https URL (http is accepted on loopback only)`,
        );
      await engine.query(
        'insert into webhooks (org, url, secret) values ($1, $2, $3) on conflict (org) do update set url = excluded.url, secret = excluded.secret',
        [org, url, secret],
      );
    },
  };
}

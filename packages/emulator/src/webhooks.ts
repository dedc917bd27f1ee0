// Outbound webhooks (000 §6): `{event, payload, sentAt}` POSTed to the registered URL,
// signed with X-Service-Signature when a secret is set, up to 3 attempts of 5 s each.
import type { EventValue } from './context.js';

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

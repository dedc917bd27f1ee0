import { attempt } from '../core/attempt.js';
import { errorFromResponse } from '../core/error-from-response.js';
import type { WebhookValue } from '../types/webhooks.js';

export interface InboundWebhookOptions {
  /** `https://{site_address}/api/hooks/{hostId}/{hookId}`. */
  url: string;
  /** The hook's secret, sent as `x-service-secret`; never written into an error. */
  secret: string;
  /** Top-level strings, finite numbers and booleans become workflow variables; other values are not sent. */
  body: Record<string, unknown>;
  fetch?: typeof fetch;
  /** Default 30000. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface InboundWebhookResult {
  status: number;
  /** The parsed answer, or its text when it is not JSON, or null when empty. */
  body: unknown;
  /** Keys left out because their value was not a string, finite number or boolean. */
  dropped: string[];
}

const sendable = (v: unknown): v is WebhookValue =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/**
 * Runs a site workflow through its inbound webhook endpoint. Not retried: the
 * endpoint takes no idempotency key, so a repeat could run the workflow twice.
 * Throws a ServiceError (UnauthorizedError on a secret mismatch) for a non-2xx answer.
 */
export async function sendInboundWebhook(options: InboundWebhookOptions): Promise<InboundWebhookResult> {
  const body: Record<string, WebhookValue> = {};
  const dropped: string[] = [];
  for (const [key, value] of Object.entries(options.body)) {
    if (sendable(value)) body[key] = value;
    else dropped.push(key);
  }
  const what = `POST ${new URL(options.url).pathname}`;
  const answer = await attempt(
    options.fetch ?? globalThis.fetch,
    options.url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-service-secret': options.secret },
      body: JSON.stringify(body),
    },
    options.timeoutMs ?? 30_000,
    what,
    options.signal,
  );
  let parsed: unknown = null;
  if (answer.text !== '') {
    try {
      parsed = JSON.parse(answer.text);
    } catch {
      parsed = answer.text;
    }
  }
  if (answer.status < 200 || answer.status >= 300)
    throw errorFromResponse(answer.status, answer.headers, parsed, what, options.secret);
  return { status: answer.status, body: parsed, dropped };
}

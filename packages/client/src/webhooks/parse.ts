import { ServiceError } from '../core/errors.js';
import type { WebhookErrorCode } from '../types/error-codes.js';
import { documentedEventNames, type WebhookEvent } from '../types/webhooks.js';
import { describeSecret, usableSecret, verifyWebhookSignature } from './verify.js';

/** A delivery body that is not `{event: string, payload: object, sentAt: string}`, or a bad signature. */
export class WebhookError extends ServiceError {
  override name = 'WebhookError';
  declare readonly code: WebhookErrorCode;
}

const decoder = new TextDecoder();

/**
 * Parses a delivery body into a typed event. Documented events get `known: true` and
 * their payload types; any other event name still comes through, as `UnknownWebhookEvent`
 * with `known: false`.
 * Throws WebhookError (`code: invalid_payload`) for a body of another shape.
 */
export function parseWebhookEvent(rawBody: string | Uint8Array): WebhookEvent {
  const text = typeof rawBody === 'string' ? rawBody : decoder.decode(rawBody);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new WebhookError({ type: 'webhook', code: 'invalid_payload', message: 'The webhook body is not JSON' });
  }
  const v = value as { event?: unknown; payload?: unknown; sentAt?: unknown } | null;
  const payloadOk = typeof v?.payload === 'object' && v.payload !== null && !Array.isArray(v.payload);
  if (typeof v?.event !== 'string' || !payloadOk || typeof v.sentAt !== 'string') {
    throw new WebhookError({
      type: 'webhook',
      code: 'invalid_payload',
      message: 'The webhook body is not a delivery: expected {event: string, payload: object, sentAt: string}',
    });
  }
  const known = (documentedEventNames as readonly string[]).includes(v.event);
  return { known, event: v.event, payload: v.payload, sentAt: v.sentAt } as WebhookEvent;
}

/**
 * Verifies the signature, then parses: the one call a webhook handler needs.
 * Throws WebhookError: `missing_secret` when `secret` is not a non-empty string (say an
 * unset environment variable), `invalid_signature` when the signature does not match,
 * `invalid_payload` for a body that is not a delivery.
 */
export async function constructWebhookEvent(
  rawBody: string | Uint8Array,
  signature: string | null | undefined | string[],
  secret: string | null | undefined,
): Promise<WebhookEvent> {
  if (!usableSecret(secret)) {
    throw new WebhookError({
      type: 'webhook',
      code: 'missing_secret',
      message: `No signing secret: expected the webhook's signing secret as a non-empty string, received ${describeSecret(secret)} (is its environment variable set?)`,
    });
  }
  if (!(await verifyWebhookSignature(rawBody, signature, secret))) {
    throw new WebhookError({
      type: 'webhook',
      code: 'invalid_signature',
      message: 'X-Service-Signature does not match the body: check the signing secret and pass the raw body',
    });
  }
  return parseWebhookEvent(rawBody);
}

// Every field the documents' tables say may be absent ("absent on", "omitted when", "present
// only", "set only when", "only when") is optional in its type, so code that reads it must
// handle `undefined`; fields the tables type "or null" without such a word stay required.
import { describe, expectTypeOf, it } from 'vitest';
import type { EmbeddedMetadataField } from './media.js';
import type { Fulfillment, Order, OrderLineItem } from './commerce.js';
import type { FormSubmissionRouting } from './sites.js';
import type { Lead } from './leads.js';
import type { ErrorEnvelope } from './shared.js';

type Optional<T, K extends keyof T> = Record<never, never> extends Pick<T, K> ? true : false;

describe('fields the documents say may be absent', () => {
  it('are optional', () => {
    expectTypeOf<Optional<Order, 'customerName'>>().toEqualTypeOf<true>(); // absent on POS and draft orders
    expectTypeOf<Order['customerName']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Optional<OrderLineItem, 'variantId'>>().toEqualTypeOf<true>(); // omitted when only the default variant
    expectTypeOf<Optional<Fulfillment, 'trackingUrl'>>().toEqualTypeOf<true>(); // set only when the shipper recorded one
    expectTypeOf<Optional<Lead, 'unqualifiedReason'>>().toEqualTypeOf<true>(); // present only while unqualified
    expectTypeOf<Optional<EmbeddedMetadataField, 'value'>>().toEqualTypeOf<true>(); // exactly one of value and values is set
    expectTypeOf<Optional<EmbeddedMetadataField, 'values'>>().toEqualTypeOf<true>();
    expectTypeOf<Optional<FormSubmissionRouting, 'dataset'>>().toEqualTypeOf<true>();
    expectTypeOf<Optional<FormSubmissionRouting, 'datasetRefused'>>().toEqualTypeOf<true>(); // when the model refused a value
    expectTypeOf<Optional<ErrorEnvelope['error'], 'code'>>().toEqualTypeOf<true>();
    expectTypeOf<Optional<ErrorEnvelope['error'], 'fields'>>().toEqualTypeOf<true>(); // only on validation failures
  });

  it('leave the always-present fields required', () => {
    expectTypeOf<Optional<Order, 'customerEmail'>>().toEqualTypeOf<false>();
    expectTypeOf<Optional<Order, 'shippingAddress'>>().toEqualTypeOf<false>(); // typed "object or null"
    expectTypeOf<Optional<Order, 'fulfillments'>>().toEqualTypeOf<false>(); // always present
  });
});

// The codes are typed per error class from the documents' tables (@extkit/api holds the
// lists), and stay open to codes the platform adds later.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { fail, clientFor, startServer } from '../__fixtures__/server.js';
import type {
  ConflictError,
  InsufficientScopeError,
  LocalCheckError,
  PlanRequiredError,
  ServiceError,
  ServiceTimeoutError,
} from '../core/errors.js';
import type { WebhookError } from '../webhooks/parse.js';
import type { ConflictCode, PlanRequiredCode } from './error-codes.js';

describe('error codes, as types', () => {
  it('narrow per class to the documented codes, and keep future codes assignable', () => {
    expectTypeOf<PlanRequiredError['code']>().toEqualTypeOf<PlanRequiredCode | null>();
    expectTypeOf<ConflictError['code']>().toEqualTypeOf<ConflictCode | null>();
    expectTypeOf<'commerce'>().toExtend<PlanRequiredCode>();
    expectTypeOf<'order_transition'>().toExtend<ConflictCode>();
    expectTypeOf<'orders:write'>().toExtend<NonNullable<InsufficientScopeError['code']>>();
    expectTypeOf<'a_code_added_next_year'>().toExtend<ConflictCode>();
    expectTypeOf<'a_code_added_next_year'>().toExtend<NonNullable<ServiceError['code']>>();
  });

  it('are closed where the client makes them itself', () => {
    expectTypeOf<ServiceTimeoutError['code']>().toEqualTypeOf<'timeout'>();
    expectTypeOf<WebhookError['code']>().toEqualTypeOf<'missing_secret' | 'invalid_signature' | 'invalid_payload'>();
    expectTypeOf<'made_up'>().not.toExtend<LocalCheckError['code']>();
  });

  it('let a code no document names yet through at run time, on the right class', async () => {
    const server = await startServer(() => fail(409, 'conflict', 'New rule', { code: 'a_code_added_next_year' }));
    try {
      const error = (await clientFor(server)
        .deals.delete('d1')
        .catch((e: unknown) => e)) as ConflictError;
      expect(error).toMatchObject({ name: 'ConflictError', code: 'a_code_added_next_year' });
    } finally {
      await server.close();
    }
  });
});

// Shared by the emulator's tests (the package's and test/emulator-*.test.ts): a call's refusal as a value.
import type { ServiceError } from '@extkit/client';

/** The ServiceError a call rejected with; a call that resolves fails the test. */
export const refusal = (p: PromiseLike<unknown>): Promise<ServiceError> =>
  Promise.resolve(p).then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e as ServiceError,
  );

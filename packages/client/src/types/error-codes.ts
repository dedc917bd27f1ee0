export * from '@extkit/api/types/error-codes';

export * from '@extkit/api/types/leads';

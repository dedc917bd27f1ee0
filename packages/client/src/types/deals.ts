export * from '@extkit/api/types/deals';

export * from '@extkit/api/types/data';

export * from '@extkit/api/types/work';

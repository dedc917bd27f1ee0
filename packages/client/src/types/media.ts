export * from '@extkit/api/types/media';

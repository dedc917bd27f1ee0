export * from '@extkit/api/types/service';

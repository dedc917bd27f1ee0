export * from '@extkit/api/types/sites';

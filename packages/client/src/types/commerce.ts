export * from '@extkit/api/types/commerce';

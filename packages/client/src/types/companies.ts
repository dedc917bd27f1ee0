export * from '@extkit/api/types/companies';

export * from '@extkit/api/types/contacts';

import { describe, expect, it } from 'vitest';
import { allowedMethods, matchOperation, matchPath, operation, operations } from './operations.js';
import { shapes } from './specs.js';

describe('the operation table', () => {
  it('holds 69 operations, each id and each method-and-path once', () => {
    expect(operations).toHaveLength(69);
    expect(new Set(operations.map((o) => o.id)).size).toBe(69);
    expect(new Set(operations.map((o) => `${o.method} ${o.path}`)).size).toBe(69);
  });

  it('states the Allow headers the documents list', () => {
    expect(allowedMethods['/v1/pipelines']).toEqual(['GET']);
    expect(allowedMethods['/v1/activities/{activityId}']).toEqual(['GET', 'DELETE']);
    expect(allowedMethods['/v1/activities']).toEqual(['GET', 'POST']);
    expect(allowedMethods['/v1/leads']).toEqual(['GET']);
    expect(allowedMethods['/v1/leads/{leadId}']).toEqual(['GET', 'PATCH']);
    expect(allowedMethods['/v1/leads/{leadId}/convert']).toEqual(['POST']);
    expect(allowedMethods['/v1/sites/{siteId}/publish']).toEqual(['POST']);
    expect(allowedMethods['/v1/sites/{siteId}/orders/{orderId}']).toEqual(['GET', 'PATCH']);
    expect(allowedMethods['/v1/sites/{siteId}/products/{productId}']).toEqual(['GET']);
  });

  it('binds keys to the scopes of the idempotency table (000 §4)', () => {
    const keyed = Object.fromEntries(operations.filter((o) => o.keyed).map((o) => [o.id, o.keyed]));
    expect(keyed).toMatchObject({
      'sites.create': 'organization',
      'datasets.create': 'organization',
      'datasets.delete': 'dataset',
      'records.create': 'dataset',
      'records.delete': 'dataset',
      'formSubmissions.delete': 'site',
      'contacts.create': 'organization',
      'contacts.delete': 'organization',
      'media.upload': 'organization',
      'media.uploadSite': 'site',
      'leads.convert': 'site',
    });
    for (const r of ['companies', 'deals', 'tasks', 'activities', 'emailTemplates']) {
      expect([keyed[`${r}.create`], keyed[`${r}.delete`]]).toEqual(['organization', 'organization']);
    }
    expect(Object.keys(keyed)).toHaveLength(21);
    expect(operations.filter((o) => o.method === 'PATCH').every((o) => o.keyed === null)).toBe(true);
  });

  it('gates CRM (not contacts) and commerce by plan', () => {
    expect(operations.filter((o) => o.plan === 'crm').map((o) => o.id.split('.')[0])).not.toContain('contacts');
    expect(operations.filter((o) => o.plan === 'commerce').map((o) => o.id)).toEqual([
      'orders.list',
      'orders.retrieve',
      'orders.update',
      'products.list',
      'products.retrieve',
    ]);
  });

  it('names only operations that exist in the shape table', () => {
    for (const id of Object.keys(shapes)) expect(() => operation(id)).not.toThrow();
  });
});

describe('matchOperation', () => {
  it('finds the operation and decodes its parameters', () => {
    const m = matchOperation('GET', '/v1/datasets/d%2F1/records/r1');
    expect(m.operation?.id).toBe('records.retrieve');
    expect(m.operation && m.params).toEqual({ datasetId: 'd/1', recordId: 'r1' });
  });

  it('answers the Allow list for a known path and a wrong method, and null for an unknown path', () => {
    expect(matchOperation('PATCH', '/v1/activities/a1')).toEqual({ operation: null, allow: ['GET', 'DELETE'] });
    expect(matchOperation('GET', '/v1/nothing')).toEqual({ operation: null, allow: null });
  });

  it('never lets a parameter span segments or be empty, and refuses bad percent-encoding', () => {
    expect(matchPath('/v1/contacts/{contactId}', '/v1/contacts/a/b')).toBeNull();
    expect(matchPath('/v1/contacts/{contactId}', '/v1/contacts/')).toBeNull();
    expect(matchPath('/v1/contacts/{contactId}', '/v1/contacts/%E0%A4%A')).toBeNull();
  });
});

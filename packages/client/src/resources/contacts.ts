import type { ListPromise } from '../core/list.js';
import type { ApiPromise } from '../core/api-promise.js';
import { seg } from '../core/query.js';
import {
  type Contact,
  type ContactCreateParams,
  type ContactListParams,
  type ContactRetrieveParams,
  type ContactUpdateParams,
} from '../types/contacts.js';
import type { DeletionReceipt, KeyedRequestOptions, RequestOptions } from '../types/shared.js';
import { enforce } from '../checks/shape.js';
import { shapes } from '@extkit/api';
import { Resource } from './resource.js';

/** `/v1/contacts` (scopes contacts:read, contacts:write), unified on email. */
export class Contacts extends Resource {
  /** `GET /v1/contacts`, ordered by id; `email` is an exact lookup returning 0 or 1 contact. */
  list(params: ContactListParams = {}, options?: RequestOptions): ListPromise<Contact> {
    return this.core.list('/contacts', params, options, () =>
      enforce(this.core.localChecks, params, shapes['contacts.list']),
    );
  }

  /** `GET /v1/contacts/{contactId}`; `consentSiteId` reads that site's profile alone. */
  retrieve(contactId: string, params: ContactRetrieveParams = {}, options?: RequestOptions): ApiPromise<Contact> {
    return this.core.request({ method: 'GET', path: `/contacts/${seg(contactId)}`, query: params }, options);
  }

  /** `POST /v1/contacts`: an address already held is 409 `contact_exists` (no upsert). */
  create(params: ContactCreateParams, options?: KeyedRequestOptions): ApiPromise<Contact> {
    return this.core.request({ method: 'POST', path: '/contacts', body: params, keyed: true }, options, () =>
      enforce(this.core.localChecks, params, shapes['contacts.create']),
    );
  }

  /** `PATCH /v1/contacts/{contactId}`: profile fields need `consentSiteId`. */
  update(contactId: string, params: ContactUpdateParams, options?: RequestOptions): ApiPromise<Contact> {
    return this.core.request({ method: 'PATCH', path: `/contacts/${seg(contactId)}`, body: params }, options, () =>
      enforce(this.core.localChecks, params, shapes['contacts.update']),
    );
  }

  /** `DELETE /v1/contacts/{contactId}`; with a key, a retry replays the receipt. */
  delete(contactId: string, options?: KeyedRequestOptions): ApiPromise<DeletionReceipt<'contact'>> {
    return this.core.request({ method: 'DELETE', path: `/contacts/${seg(contactId)}`, keyed: true }, options);
  }
}

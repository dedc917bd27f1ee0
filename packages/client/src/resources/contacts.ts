import type { ListPromise } from '../core/list.js';
import { seg } from '../core/query.js';
import {
  lifecycleStages,
  type Contact,
  type ContactCreateParams,
  type ContactListParams,
  type ContactRetrieveParams,
  type ContactUpdateParams,
} from '../types/contacts.js';
import type { DeletionReceipt, KeyedRequestOptions, RequestOptions } from '../types/shared.js';
import { enforce, keysOf, type ShapeSpec } from '../checks/shape.js';
import { Resource } from './resource.js';

const updateKeys = keysOf<ContactUpdateParams>({
  name: true,
  tags: true,
  notes: true,
  marketingConsent: true,
  consentSiteId: true,
  consentGroupId: true,
  phone: true,
  jobTitle: true,
  companyId: true,
  address: true,
  ownerUid: true,
  lifecycleStage: true,
  leadSource: true,
  salutation: true,
  firstName: true,
  lastName: true,
  department: true,
  mobilePhone: true,
  homePhone: true,
  otherPhone: true,
  fax: true,
  birthdate: true,
  assistantName: true,
  assistantPhone: true,
  reportsToContactId: true,
  otherAddress: true,
  doNotCall: true,
  mediaIds: true,
});

const bodySpec = (keys: readonly string[]): ShapeSpec => ({
  keys,
  enums: { lifecycleStage: lifecycleStages },
});
// `email`, `sources`, `alternateEmails` are refused on write: only create names `email`.
const createSpec = bodySpec([...updateKeys, 'email']);
const updateSpec = bodySpec(updateKeys);
const listSpec: ShapeSpec = { enums: { lifecycleStage: lifecycleStages } };

/** `/v1/contacts` (scopes contacts:read, contacts:write), unified on email. */
export class Contacts extends Resource {
  /** `GET /v1/contacts`, ordered by id; `email` is an exact lookup returning 0 or 1 contact. */
  list(params: ContactListParams = {}, options?: RequestOptions): ListPromise<Contact> {
    return this.core.list('/contacts', params, options, () => enforce(this.core.localChecks, params, listSpec));
  }

  /** `GET /v1/contacts/{contactId}`; `consentSiteId` reads that site's profile alone. */
  retrieve(contactId: string, params: ContactRetrieveParams = {}, options?: RequestOptions): Promise<Contact> {
    return this.core.request({ method: 'GET', path: `/contacts/${seg(contactId)}`, query: params }, options);
  }

  /** `POST /v1/contacts`: an address already held is 409 `contact_exists` (no upsert). */
  async create(params: ContactCreateParams, options?: KeyedRequestOptions): Promise<Contact> {
    enforce(this.core.localChecks, params, createSpec);
    return this.core.request({ method: 'POST', path: '/contacts', body: params, keyed: true }, options);
  }

  /** `PATCH /v1/contacts/{contactId}`: profile fields need `consentSiteId`. */
  async update(contactId: string, params: ContactUpdateParams, options?: RequestOptions): Promise<Contact> {
    enforce(this.core.localChecks, params, updateSpec);
    return this.core.request({ method: 'PATCH', path: `/contacts/${seg(contactId)}`, body: params }, options);
  }

  /** `DELETE /v1/contacts/{contactId}`; with a key, a retry replays the receipt. */
  delete(contactId: string, options?: KeyedRequestOptions): Promise<DeletionReceipt<'contact'>> {
    return this.core.request({ method: 'DELETE', path: `/contacts/${seg(contactId)}`, keyed: true }, options);
  }
}
